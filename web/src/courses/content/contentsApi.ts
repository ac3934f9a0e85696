import { api, QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../../api/jsonapi';
import type { RequestAttributes, ResourceOf } from '../../api/types';
import i18n from '../../i18n/i18n';
import { announceSaves, cachedResults, silent, type ApiState } from '../../notifications/saved';
import { applyOrder } from '../structure';

/** A content as deserialized: the attribute `type` arrives as `contents_type`. */
export type Content = ResourceOf<'/api/course/contents/{id}'>;

/** Where a content hangs (spec 01 §3). */
export type ContentableType = Content['contentable_type'];

/**
 * Who reads contents: a signed-in member (`/course/contents`) or a visitor of a public course
 * (`/public/contents`, no token needed); the two take the same filters.
 */
export type ContentScope = 'course' | 'public';

export type ContentType = Content['contents_type'];
export const CONFERENCE_TYPES = [
  'zoom',
  'google-meet',
  'ms-teams',
  'cloudx',
  'webex',
] as const satisfies ContentType[];
/** The kinds of content in the order the editor offers them. */
export const CONTENT_TYPES = [
  'text',
  'link',
  'video',
  'file',
  ...CONFERENCE_TYPES,
] as const satisfies ContentType[];

/** The fields a content is created or changed with. */
export type ContentInput = RequestAttributes<'/api/course/contents', 'post'>;

/** Which contents a list shows: those of a module or activity, or the archived ones of a course. */
export interface ContentsArgs {
  type?: ContentableType;
  id?: string | number;
  courseId?: string | number;
  archived?: boolean;
  scope?: ContentScope;
}

/** Contents of a course: read (members and visitors), written, archived, restored and reordered. */
const contentsQueries = api.injectEndpoints({
  endpoints: (build) => ({
    /** Live contents of a module or activity (or, archived, of the whole course), by index. */
    contents: build.query<Content[], ContentsArgs>({
      extraOptions: QUIET,
      query: ({ type, id, courseId, archived, scope = 'course' }) => {
        const filter: Record<string, Record<string, string | number>> = {};
        if (type) filter.contentable_type = { is: type };
        if (id !== undefined) filter.contentable_id = { is: id };
        if (courseId !== undefined) filter.course_id = { is: courseId };
        const query = toSearchParams({ filter, sort: archived ? '-deleted_at' : 'index', limit: 0 });
        return `${scope}/contents?${query}${archived ? '&archived=1' : ''}`;
      },
      transformResponse: (document: Document) => deserializeList<Content>(document),
      providesTags: ['Contents'],
    }),
    saveContent: build.mutation<Content, { id?: string; courseId: string; input: Partial<ContentInput> }>({
      extraOptions: QUIET,
      query: ({ id, input }) =>
        id
          ? { url: `course/contents/${id}`, method: 'PATCH', body: attributesBody(input) }
          : { url: 'course/contents', method: 'POST', body: attributesBody(input) },
      transformResponse: (document: Document) => deserializeOne<Content>(document),
      invalidatesTags: ['Contents'],
    }),
    archiveContent: build.mutation<void, string>({
      extraOptions: QUIET,
      query: (id) => ({ url: `course/contents/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Contents'],
    }),
    /** A short-lived link to a file content's bytes (`redirect=0` answers it instead of a 302). */
    downloadLink: build.mutation<string, { id: string; scope?: ContentScope }>({
      extraOptions: QUIET,
      query: ({ id, scope = 'course' }) => `${scope}/contents/${encodeURIComponent(id)}/download?redirect=0`,
      transformResponse: (document: Document) => deserializeOne<{ id: string; url: string }>(document).url,
    }),
    /** Deletes an archived content for good. */
    purgeContent: build.mutation<void, string>({
      extraOptions: QUIET,
      query: (id) => ({ url: `course/contents/${id}/permanent`, method: 'DELETE' }),
      invalidatesTags: ['Contents'],
    }),
    restoreContents: build.mutation<void, string[]>({
      extraOptions: QUIET,
      query: (ids) => ({ url: 'course/contents/restore', method: 'PATCH', body: { data: ids.map(Number) } }),
      invalidatesTags: ['Contents'],
    }),
  }),
});

export const contentsApi = contentsQueries.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The contents of a module or activity in their new order (`PUT /course/courses/sort/{courseId}`),
     * shown at once and put back when the server refuses.
     */
    sortContents: build.mutation<
      void,
      { courseId: string; target: { type: ContentableType; id: string }; ids: string[] }
    >({
      extraOptions: QUIET,
      query: ({ courseId, ids }) => ({
        url: `course/courses/sort/${courseId}`,
        method: 'PUT',
        body: attributesBody({ type: 'contents', ids: ids.map(Number) }),
      }),
      async onQueryStarted({ target, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          contentsQueries.util.updateQueryData('contents', { type: target.type, id: target.id }, (draft) => {
            applyOrder(draft, ids);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['Contents'],
    }),
  }),
});

/** A content's name for a success toast, from any list that showed it (its number otherwise). */
function contentNameIn(before: ApiState, id: string): string {
  const content = cachedResults(before, contentsApi.endpoints.contents)
    .flat()
    .find((item) => item.id === id);
  return content?.name ?? `#${id}`;
}

announceSaves(contentsApi, {
  saveContent: ({ arg, result }) =>
    i18n.t(arg.id ? 'saved.contentSaved' : 'saved.contentAdded', { name: result.name }),
  archiveContent: ({ arg, before }) => i18n.t('saved.contentArchived', { name: contentNameIn(before, arg) }),
  restoreContents: ({ arg, before }) =>
    arg.length === 1
      ? i18n.t('archive.restored', { name: contentNameIn(before, arg[0]) })
      : i18n.t('saved.contentsRestored', { count: arg.length }),
  purgeContent: ({ arg, before }) => i18n.t('saved.purged', { name: contentNameIn(before, arg) }),
  sortContents: () => i18n.t('saved.contentsSorted'),
  downloadLink: silent('reads a short-lived download link: nothing is saved'),
});

export const {
  useContentsQuery,
  useSaveContentMutation,
  useArchiveContentMutation,
  useRestoreContentsMutation,
  usePurgeContentMutation,
  useDownloadLinkMutation,
  useSortContentsMutation,
} = contentsApi;
