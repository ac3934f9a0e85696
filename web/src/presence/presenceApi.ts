import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type Page,
} from '../api/jsonapi';
import i18n from '../i18n/i18n';
import { formatDateTime } from '../lib/dates';
import { announceSaves, cachedResults, silent, type ApiState } from '../notifications/saved';
import {
  statusFor,
  type Presence,
  type PresenceClass,
  type PresenceDetail,
  type PresenceExport,
  type PresenceType,
  type PresenceChanges,
  type PresenceWrite,
} from './presenceTypes';

/** Sessions of a class a page (spec 03 §9). */
export const PRESENCE_PAGE_SIZE = 10;

/** Which sessions of a class: a page of ten, or all of them (`limit` 0) for the recap chart. */
export interface SessionsArgs {
  courseId: string;
  /** None: every class of the course. */
  classId?: string;
  limit: number;
  offset: number;
}

/** A mark given to one student of a session (`PUT /course/presences/{id}/manual`). */
export interface MarkArgs {
  presenceId: string;
  student: PresenceDetail;
  type: PresenceType;
}

/** A student's mark as `PUT /course/presences/{id}/manual` takes it (`status` follows the type). */
const manualMark = ({ presenceId, student, type }: MarkArgs) => ({
  url: `course/presences/${encodeURIComponent(presenceId)}/manual`,
  method: 'PUT',
  body: attributesBody({
    action: 'update',
    user_id: student.user_id,
    code: student.code,
    name: student.name,
    role: 'STUDENT',
    status: statusFor(type),
    type,
  }),
});

/**
 * A click's mark shown in the cached session at once (no wait): the change of one student's row,
 * put back (`undoIfRefused`) when the service refuses it.
 */
const changeDetail = (student: PresenceDetail, changes: Partial<PresenceDetail>) => (draft: Presence) => {
  const detail = draft.details.find((item) => String(item.user_id) === String(student.user_id));
  if (detail) Object.assign(detail, changes);
};

async function undoIfRefused(patch: { undo: () => void }, answer: Promise<unknown>) {
  try {
    await answer;
  } catch {
    patch.undo();
  }
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Presence'] });
const PRESENCE_LIST = { type: 'Presence' as const, id: 'LIST' };
const presenceTag = (id: string) => ({ type: 'Presence' as const, id });

/**
 * The presence service's attendance calls (spec 03 §7 "Presence"). The screens show each failure
 * beside what failed, so the calls are quiet.
 */
export const presenceApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    presenceClasses: build.query<Page<PresenceClass>, { limit: number; offset: number }>({
      extraOptions: QUIET,
      query: ({ limit, offset }) => `course/presences/list?${toSearchParams({ limit, offset })}`,
      transformResponse: (document: Document) => deserializePage<PresenceClass>(document),
      providesTags: [PRESENCE_LIST],
    }),
    presences: build.query<Page<Presence>, SessionsArgs>({
      extraOptions: QUIET,
      query: ({ courseId, classId, limit, offset }) =>
        `course/presences?${toSearchParams({
          filter: { course_id: { is: courseId }, ...(classId ? { class_id: { is: classId } } : {}) },
          sort: 'start_at',
          limit,
          offset,
        })}`,
      transformResponse: (document: Document) => deserializePage<Presence>(document),
      providesTags: (result) => [PRESENCE_LIST, ...(result?.items ?? []).map((item) => presenceTag(item.id))],
    }),
    presence: build.query<Presence, string>({
      extraOptions: QUIET,
      query: (id) => `course/presences/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<Presence>(document),
      providesTags: (_r, _e, id) => [presenceTag(id)],
    }),
    createPresence: build.mutation<Presence, PresenceWrite>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'course/presences',
        method: 'POST',
        body: attributesBody({ ...attributes }),
      }),
      transformResponse: (document: Document) => deserializeOne<Presence>(document),
      invalidatesTags: [PRESENCE_LIST],
    }),
    updatePresence: build.mutation<Presence, { id: string; changes: PresenceChanges }>({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({
        url: `course/presences/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ ...changes }),
      }),
      transformResponse: (document: Document) => deserializeOne<Presence>(document),
      invalidatesTags: (_r, _e, { id }) => [presenceTag(id), PRESENCE_LIST],
    }),
    /**
     * Opens a session now (start now, check-in for 15 minutes) in every class the caller teaches
     * in the course, unless one is open already; answers the sessions opened or kept.
     */
    openPresences: build.mutation<
      Presence[],
      { periodId: number | string; courseId: number | string; courseName: string }
    >({
      extraOptions: QUIET,
      query: ({ periodId, courseId }) => ({
        url: 'presence',
        method: 'POST',
        body: attributesBody({ period_id: Number(periodId), course_id: Number(courseId) }),
      }),
      transformResponse: (document: Document) => deserializeList<Presence>(document),
      invalidatesTags: [PRESENCE_LIST],
    }),
    /** A new check-in code for a session (the old one stops working), when the code went round. */
    renewCheckInCode: build.mutation<Presence, { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({
        url: `course/presences/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ regenerate_code: true }),
      }),
      transformResponse: (document: Document) => deserializeOne<Presence>(document),
      invalidatesTags: (_r, _e, { id }) => [presenceTag(id), PRESENCE_LIST],
    }),
    /** One click on a type: the cached session shows it at once and goes back if refused. */
    markPresence: build.mutation<void, MarkArgs>({
      extraOptions: QUIET,
      query: manualMark,
      async onQueryStarted({ presenceId, student, type }, { dispatch, queryFulfilled }) {
        const change = changeDetail(student, { type, status: statusFor(type) });
        await undoIfRefused(
          dispatch(presenceApi.util.updateQueryData('presence', presenceId, change)),
          queryFulfilled,
        );
      },
      invalidatesTags: [PRESENCE_LIST],
    }),
    /** Clears a student's mark (`action: delete`) before the session is sent: shown at once, back if refused. */
    clearMark: build.mutation<void, { presenceId: string; student: PresenceDetail }>({
      extraOptions: QUIET,
      query: ({ presenceId, student }) => ({
        url: `course/presences/${encodeURIComponent(presenceId)}/manual`,
        method: 'PUT',
        body: attributesBody({ action: 'delete', user_id: student.user_id }),
      }),
      async onQueryStarted({ presenceId, student }, { dispatch, queryFulfilled }) {
        const change = changeDetail(student, { type: null, status: null, source: null, marked_at: null });
        await undoIfRefused(
          dispatch(presenceApi.util.updateQueryData('presence', presenceId, change)),
          queryFulfilled,
        );
      },
      invalidatesTags: [PRESENCE_LIST],
    }),
    /**
     * Marks present every student not marked yet, one call after the other (the first refusal
     * stops the rest and is answered); the session is read again after.
     */
    markUnmarkedPresent: build.mutation<void, { presenceId: string; students: PresenceDetail[] }>({
      extraOptions: QUIET,
      async queryFn({ presenceId, students }, _api, _extra, baseQuery) {
        for (const student of students) {
          const result = await baseQuery(manualMark({ presenceId, student, type: 'attend' }));
          if (result.error) return { error: result.error };
        }
        return { data: undefined };
      },
      invalidatesTags: (_r, _e, { presenceId }) => [presenceTag(presenceId), PRESENCE_LIST],
    }),
    /** Closes a session for good (`is_sent` 1): its marks can no longer change. */
    sendPresence: build.mutation<void, { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({
        url: `presence/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ is_sent: 1 }),
      }),
      invalidatesTags: (_r, _e, { id }) => [presenceTag(id), PRESENCE_LIST],
    }),
    /** A student marks themselves present with the session's code, inside its window. */
    checkInPresence: build.mutation<void, { id: string; code: string }>({
      extraOptions: QUIET,
      query: ({ id, code }) => ({
        url: `presence/${encodeURIComponent(id)}/check-in`,
        method: 'POST',
        body: attributesBody({ code }),
      }),
      invalidatesTags: (_r, _e, { id }) => [presenceTag(id), PRESENCE_LIST],
    }),
    /** The recap of a class (.xlsx: a row per student, a column per session) as a short-lived link. */
    exportRecap: build.mutation<PresenceExport, { courseId: string; classId: string }>({
      extraOptions: QUIET,
      query: ({ courseId, classId }) =>
        `presence-export/recap/export/${encodeURIComponent(courseId)}/${encodeURIComponent(classId)}`,
      transformResponse: (document: Document) => deserializeOne<PresenceExport>(document),
    }),
    /** One session's marks (.xlsx) as a short-lived link. */
    exportPresence: build.mutation<PresenceExport, string>({
      extraOptions: QUIET,
      query: (id) => `presence-export/export/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<PresenceExport>(document),
    }),
  }),
});

/** When a session started, as the cache held it before a save: how the toast names it. */
function sessionStart(before: ApiState, id: string): string | undefined {
  return [
    ...cachedResults(before, presenceApi.endpoints.presence),
    ...cachedResults(before, presenceApi.endpoints.presences).flatMap((page) => page.items),
  ].find((item) => item.id === id)?.start_at;
}

/** A session's start in the interface language, for a toast. */
const when = (at: string | undefined) => formatDateTime(at, i18n.language) ?? '';

announceSaves(presenceApi, {
  createPresence: ({ result }) => i18n.t('presence.saved.created', { when: when(result.start_at) }),
  updatePresence: ({ result }) => i18n.t('presence.saved.updated', { when: when(result.start_at) }),
  renewCheckInCode: ({ result }) => i18n.t('presence.saved.newCode', { code: result.check_in_code }),
  markPresence: ({ arg }) =>
    i18n.t('presence.saved.marked', { name: arg.student.name, type: i18n.t(`presence.types.${arg.type}`) }),
  clearMark: ({ arg }) => i18n.t('presence.saved.cleared', { name: arg.student.name }),
  markUnmarkedPresent: ({ arg }) => i18n.t('presence.saved.allPresent', { count: arg.students.length }),
  sendPresence: ({ arg, before }) =>
    i18n.t('presence.saved.sent', { when: when(sessionStart(before, arg.id)) }),
  openPresences: ({ arg, result }) =>
    i18n.t('presence.saved.opened', { count: result.length, course: arg.courseName }),
  checkInPresence: () => i18n.t('presence.saved.checkedIn'),
  exportRecap: silent('the export button shows its progress and offers the download itself'),
  exportPresence: silent('the export button shows its progress and offers the download itself'),
});

export const {
  usePresenceClassesQuery,
  usePresencesQuery,
  usePresenceQuery,
  useCreatePresenceMutation,
  useOpenPresencesMutation,
  useUpdatePresenceMutation,
  useRenewCheckInCodeMutation,
  useMarkPresenceMutation,
  useClearMarkMutation,
  useMarkUnmarkedPresentMutation,
  useSendPresenceMutation,
  useCheckInPresenceMutation,
  useExportRecapMutation,
  useExportPresenceMutation,
} = presenceApi;
