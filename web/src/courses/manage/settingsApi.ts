import { api } from '../../api/baseApi';
import { attributesBody, deserializeOne, type Document } from '../../api/jsonapi';
import type { MetaOf } from '../../api/types';
import i18n from '../../i18n/i18n';
import { announceSaves } from '../../notifications/saved';
import { courseNameIn, courseTag, type Course } from '../coursesApi';

/** What a sync from the academic system changed (`meta` of `POST /sync/sync/syncByCourse`). */
export type SyncOutcome = MetaOf<'/api/sync/sync/syncByCourse', 'post'>;

/** The course settings: its details, a structure copied from another course, the academic sync. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The course's details; `changes` holds only the modified attributes (spec 01 §4). */
    updateCourse: build.mutation<Course, { courseId: string; changes: Record<string, unknown> }>({
      query: ({ courseId, changes }) => ({
        url: `course/courses/${encodeURIComponent(courseId)}?include=lecturer,period`,
        method: 'PATCH',
        body: attributesBody(changes),
      }),
      transformResponse: (document: Document) => deserializeOne<Course>(document),
      invalidatesTags: (_r, _e, { courseId }) => [...courseTag(courseId), 'Course'],
    }),
    /** Copies the modules, activities and contents of course `from` into `to` (never students). */
    replicateCourse: build.mutation<{ copied: number }, { from: number; to: string }>({
      query: ({ from, to }) => ({
        url: 'course/courses/replicate',
        method: 'PUT',
        body: attributesBody({ from, to: Number(to) }),
      }),
      transformResponse: (document: Document) => ({
        copied: (document.meta as MetaOf<'/api/course/courses/replicate', 'put'>).copied_modules,
      }),
      invalidatesTags: (_r, _e, { to }) => courseTag(to),
    }),
    /** Classes and rosters of the course pulled from the university's academic system. */
    syncCourse: build.mutation<
      SyncOutcome,
      { courseId: string; year: number; type: string; code: string; periodId: number }
    >({
      query: ({ year, type, code, periodId }) => ({
        url: 'sync/sync/syncByCourse',
        method: 'POST',
        body: attributesBody({ year, type, code, period_id: periodId }),
      }),
      transformResponse: (document: Document) => document.meta as SyncOutcome,
      invalidatesTags: (_r, _e, { courseId }) => [...courseTag(courseId), 'Students', 'Enrolment'],
    }),
  }),
});

announceSaves(settingsApi, {
  updateCourse: ({ result }) => i18n.t('saved.courseDetails', { name: result.name }),
  replicateCourse: ({ arg, result, before }) =>
    i18n.t('saved.replicated', { count: result.copied, from: courseNameIn(before, arg.from) }),
  syncCourse: ({ arg, before }) => i18n.t('saved.synced', { name: courseNameIn(before, arg.courseId) }),
});

export const { useUpdateCourseMutation, useReplicateCourseMutation, useSyncCourseMutation } = settingsApi;
