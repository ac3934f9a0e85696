import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type Page,
} from '../api/jsonapi';
import type { ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import { announceSaves } from '../notifications/saved';

/** A bookmark of a content, exam, task or thread, with its title, course and link. */
export type Bookmark = ResourceOf<'/api/course/bookmarks'>;
export type BookmarkKind = Bookmark['kind'];
/** A private note on a content. */
export type Note = ResourceOf<'/api/course/notes/{id}'>;
/** A conference content (zoom, google-meet, ms-teams, cloudx, webex) of the user's courses. */
export type Conference = ResourceOf<'/api/course/conferences'>;

/** Rows a page of the bookmarks, notes and conferences lists shows. */
export const SPACE_PAGE_SIZE = 20;

interface Paged {
  page: number;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Bookmark', 'Note'] });
const pageOf = (page: number) => ({ limit: SPACE_PAGE_SIZE, offset: (page - 1) * SPACE_PAGE_SIZE });

/**
 * The user's own space (issue 21): bookmarks, notes on contents and the video conferences, from the
 * course service. Queries are quiet: each screen shows its own failure.
 */
export const spaceApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    myBookmarks: build.query<Page<Bookmark>, Paged>({
      extraOptions: QUIET,
      query: ({ page }) => `course/bookmarks?${toSearchParams(pageOf(page))}`,
      transformResponse: (document: Document) => deserializePage<Bookmark>(document),
      providesTags: [{ type: 'Bookmark', id: 'LIST' }],
    }),
    /** The caller's bookmark of one item, or null. */
    itemBookmark: build.query<Bookmark | null, { kind: BookmarkKind; itemId: string }>({
      extraOptions: QUIET,
      query: ({ kind, itemId }) =>
        `course/bookmarks?${toSearchParams({ filter: { kind: { is: kind }, item_id: { is: itemId } }, limit: 1 })}`,
      transformResponse: (document: Document) => deserializePage<Bookmark>(document).items[0] ?? null,
      providesTags: [{ type: 'Bookmark', id: 'LIST' }],
    }),
    addBookmark: build.mutation<Bookmark, { kind: BookmarkKind; itemId: string; title: string }>({
      query: ({ kind, itemId }) => ({
        url: 'course/bookmarks',
        method: 'POST',
        body: attributesBody({ kind, item_id: Number(itemId) }),
      }),
      transformResponse: (document: Document) => deserializeOne<Bookmark>(document),
      invalidatesTags: [{ type: 'Bookmark', id: 'LIST' }],
    }),
    removeBookmark: build.mutation<void, { id: string; title: string }>({
      query: ({ id }) => ({ url: `course/bookmarks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Bookmark', id: 'LIST' }],
    }),
    myNotes: build.query<Page<Note>, Paged & { search: string }>({
      extraOptions: QUIET,
      query: ({ page, search }) =>
        `course/notes?${toSearchParams({ ...pageOf(page), ...(search ? { filter: { search: { is: search } } } : {}) })}`,
      transformResponse: (document: Document) => deserializePage<Note>(document),
      providesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    /** The caller's note on a content, or null. */
    contentNote: build.query<Note | null, string>({
      extraOptions: QUIET,
      query: (contentId) =>
        `course/notes?${toSearchParams({ filter: { content_id: { is: contentId } }, limit: 1 })}`,
      transformResponse: (document: Document) => deserializePage<Note>(document).items[0] ?? null,
      providesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    createNote: build.mutation<Note, { contentId: string; body: string }>({
      query: ({ contentId, body }) => ({
        url: 'course/notes',
        method: 'POST',
        body: attributesBody({ content_id: Number(contentId), body }),
      }),
      transformResponse: (document: Document) => deserializeOne<Note>(document),
      invalidatesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    updateNote: build.mutation<Note, { id: string; body: string }>({
      query: ({ id, body }) => ({
        url: `course/notes/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ body }),
      }),
      transformResponse: (document: Document) => deserializeOne<Note>(document),
      invalidatesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    deleteNote: build.mutation<void, { id: string }>({
      query: ({ id }) => ({ url: `course/notes/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    videoConferences: build.query<Page<Conference>, Paged>({
      extraOptions: QUIET,
      query: ({ page }) => `course/conferences?${toSearchParams(pageOf(page))}`,
      transformResponse: (document: Document) => deserializePage<Conference>(document),
    }),
  }),
});

announceSaves(spaceApi, {
  addBookmark: ({ arg }) => i18n.t('space.saved.bookmarked', { title: arg.title }),
  removeBookmark: ({ arg }) => i18n.t('space.saved.unbookmarked', { title: arg.title }),
  createNote: () => i18n.t('space.saved.noteSaved'),
  updateNote: () => i18n.t('space.saved.noteSaved'),
  deleteNote: () => i18n.t('space.saved.noteDeleted'),
});

export const {
  useMyBookmarksQuery,
  useItemBookmarkQuery,
  useAddBookmarkMutation,
  useRemoveBookmarkMutation,
  useMyNotesQuery,
  useContentNoteQuery,
  useCreateNoteMutation,
  useUpdateNoteMutation,
  useDeleteNoteMutation,
  useVideoConferencesQuery,
} = spaceApi;
