import { api, QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../../api/jsonapi';
import { courseNameIn } from '../../courses/coursesApi';
import i18n from '../../i18n/i18n';
import { announceSaves, silent } from '../../notifications/saved';

export const URGENCIES = ['low', 'normal', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const KINDS = ['section', 'popup'] as const;
export type AnnouncementKind = (typeof KINDS)[number];

/**
 * An announcement of a course (spec 02 §3 "Announcement": urgency, window, text, section or
 * popup, course, creator); `is_active` while now is in its window, `seen` once the caller closed
 * its popup.
 */
export interface Announcement {
  id: string;
  course_id: number;
  urgency: Urgency;
  start_at: string;
  end_at: string;
  announcement: string;
  announcements_type: AnnouncementKind;
  creator_name: string;
  is_active: boolean;
  seen: boolean;
  can_edit: boolean;
}

/** What the staff write. */
export type AnnouncementWrite = Pick<
  Announcement,
  'urgency' | 'start_at' | 'end_at' | 'announcement' | 'announcements_type'
> & { course_id: number };

const withTags = api.enhanceEndpoints({ addTagTypes: ['Announcement'] });
const ANNOUNCEMENTS = { type: 'Announcement' as const, id: 'LIST' };

/** Announcements (spec 02 §7): lists are whole (limit -1), students get the active ones only. */
export const announcementsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    announcements: build.query<Announcement[], { courseId?: string }>({
      extraOptions: QUIET,
      query: ({ courseId }) =>
        `course/announcements?${toSearchParams({
          ...(courseId ? { filter: { course_id: { is: courseId } } } : {}),
          sort: '-start_at',
          limit: -1,
        })}`,
      transformResponse: (document: Document) => deserializeList<Announcement>(document),
      providesTags: [ANNOUNCEMENTS],
    }),
    announcement: build.query<Announcement, string>({
      extraOptions: QUIET,
      query: (id) => `course/announcements/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<Announcement>(document),
      providesTags: (_r, _e, id) => [{ type: 'Announcement', id }],
    }),
    /** The active popups of the caller's courses not closed yet (shown once each). */
    popups: build.query<Announcement[], void>({
      extraOptions: QUIET,
      query: () => 'course/announcements/popups',
      transformResponse: (document: Document) => deserializeList<Announcement>(document),
      providesTags: [ANNOUNCEMENTS],
    }),
    createAnnouncement: build.mutation<Announcement, AnnouncementWrite>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'course/announcements',
        method: 'POST',
        body: attributesBody({ ...attributes }),
      }),
      transformResponse: (document: Document) => deserializeOne<Announcement>(document),
      invalidatesTags: [ANNOUNCEMENTS],
    }),
    updateAnnouncement: build.mutation<
      Announcement,
      { id: string; changes: Partial<Omit<AnnouncementWrite, 'course_id'>> }
    >({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({
        url: `course/announcements/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ ...changes }),
      }),
      transformResponse: (document: Document) => deserializeOne<Announcement>(document),
      invalidatesTags: (_r, _e, { id }) => [ANNOUNCEMENTS, { type: 'Announcement', id }],
    }),
    /** The caller closed a popup: it is not shown to them again, on any browser. */
    seeAnnouncement: build.mutation<void, string>({
      extraOptions: QUIET,
      query: (id) => ({ url: `course/announcements/${encodeURIComponent(id)}/seen`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          announcementsApi.util.updateQueryData('popups', undefined, (popups) =>
            popups.filter((popup) => popup.id !== id),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

announceSaves(announcementsApi, {
  createAnnouncement: ({ result, before }) =>
    i18n.t('messaging.saved.announcementCreated', { course: courseNameIn(before, result.course_id) }),
  updateAnnouncement: ({ result, before }) =>
    i18n.t('messaging.saved.announcementUpdated', { course: courseNameIn(before, result.course_id) }),
  seeAnnouncement: silent('closing a popup is not a save the user asked for'),
});

export const {
  useAnnouncementsQuery,
  useAnnouncementQuery,
  usePopupsQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useSeeAnnouncementMutation,
} = announcementsApi;
