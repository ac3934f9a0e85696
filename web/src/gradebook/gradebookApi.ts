import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../api/jsonapi';
import { courseTag } from '../courses/coursesApi';
import i18n from '../i18n/i18n';
import { announceSaves, silent } from '../notifications/saved';
import type {
  ActivityScore,
  Band,
  CourseActivity,
  Gradebook,
  GradebookExport,
  GradebookMeta,
  GradebookRow,
  IndexBand,
} from './gradebookTypes';
import type { WeightCall } from './rules';

/** Which rows of a course's gradebook: one class, names containing a text. */
export interface GradebookQuery {
  courseId: string;
  classId?: string;
  studentName?: string;
}

/** A course's gradebook switches (the screens send one at a time). */
export interface GradebookSettings {
  gradebook_publish?: boolean;
  gradebook_presence?: boolean;
}

/** A failed weight call, with the gradeable it was for (`exams:12`), to show beside its row. */
export type WeightsFailure = FetchBaseQueryError & { key?: string };

const withTags = api.enhanceEndpoints({
  addTagTypes: ['Gradebook', 'GradebookActivities', 'GradebookBands'],
});

const gradebookOf = (courseId: string | number) => ({ type: 'Gradebook' as const, id: String(courseId) });
const activitiesOf = (courseId: string | number) => ({
  type: 'GradebookActivities' as const,
  id: String(courseId),
});
const bandsOf = (courseId: string | number) => ({ type: 'GradebookBands' as const, id: String(courseId) });
const ofCourse = (courseId: string | number) => ({ filter: { course_id: { is: courseId } }, limit: 0 });

/**
 * The gradebook calls of the course service (the gradebook contract of issue 15): the grid, the
 * weights (`/course/grades`, saved by the sync rule), the index bands (saved as a whole), the
 * custom activities and their scores, publishing and the workbook export. The screens show each
 * failure beside what failed, so the calls are quiet.
 */
export const gradebookApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    gradebook: build.query<Gradebook, GradebookQuery>({
      extraOptions: QUIET,
      query: ({ courseId, classId, studentName }) =>
        `gradebook?${new URLSearchParams({
          course_id: courseId,
          ...(classId ? { class_id: classId } : {}),
          ...(studentName ? { student_name: studentName } : {}),
        })}`,
      transformResponse: (document: Document) => ({
        rows: deserializeList<GradebookRow>(document),
        meta: document.meta as unknown as GradebookMeta,
      }),
      providesTags: (_r, _e, { courseId }) => [gradebookOf(courseId)],
    }),
    /**
     * Saves edited weights with the calls of the sync rule (`weightCalls`), one after the other;
     * stops at the first refusal, which names the gradeable it was for.
     */
    syncWeights: build.mutation<{ calls: number }, { courseId: string; calls: WeightCall[] }>({
      extraOptions: QUIET,
      async queryFn({ courseId, calls }, _api, _extra, baseQuery) {
        for (const call of calls) {
          const result = await baseQuery(
            call.kind === 'delete'
              ? { url: `course/grades/${encodeURIComponent(call.id)}`, method: 'DELETE' }
              : call.kind === 'update'
                ? {
                    url: `course/grades/${encodeURIComponent(call.id)}`,
                    method: 'PATCH',
                    body: attributesBody({ percentage: call.percentage }),
                  }
                : {
                    url: 'course/grades',
                    method: 'POST',
                    body: attributesBody({
                      course_id: Number(courseId),
                      gradeable_type: call.gradeable_type,
                      gradeable_id: Number(call.gradeable_id),
                      percentage: call.percentage,
                    }),
                  },
          );
          if (result.error) return { error: { ...result.error, key: call.key } as WeightsFailure };
        }
        return { data: { calls: calls.length } };
      },
      invalidatesTags: (_r, _e, { courseId }) => [gradebookOf(courseId)],
    }),
    indexBands: build.query<IndexBand[], string>({
      extraOptions: QUIET,
      query: (courseId) => `course/index?${toSearchParams(ofCourse(courseId))}`,
      transformResponse: (document: Document) => deserializeList<IndexBand>(document),
      providesTags: (_r, _e, courseId) => [bandsOf(courseId)],
    }),
    /** Replaces every band of the course at once: the service checks them as a whole. */
    replaceBands: build.mutation<IndexBand[], { courseId: string; bands: Band[] }>({
      extraOptions: QUIET,
      query: ({ courseId, bands }) => ({
        url: 'course/index',
        method: 'PUT',
        body: { data: bands, course_id: Number(courseId) },
      }),
      transformResponse: (document: Document) => deserializeList<IndexBand>(document),
      invalidatesTags: (_r, _e, { courseId }) => [bandsOf(courseId), gradebookOf(courseId)],
    }),
    courseActivities: build.query<CourseActivity[], string>({
      extraOptions: QUIET,
      query: (courseId) => `course/courseactivities?${toSearchParams(ofCourse(courseId))}`,
      transformResponse: (document: Document) => deserializeList<CourseActivity>(document),
      providesTags: (_r, _e, courseId) => [activitiesOf(courseId)],
    }),
    createCourseActivity: build.mutation<CourseActivity, { courseId: string; title: string }>({
      extraOptions: QUIET,
      query: ({ courseId, title }) => ({
        url: 'course/courseactivities',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId), title }),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseActivity>(document),
      invalidatesTags: (_r, _e, { courseId }) => [activitiesOf(courseId), gradebookOf(courseId)],
    }),
    renameCourseActivity: build.mutation<CourseActivity, { courseId: string; id: string; title: string }>({
      extraOptions: QUIET,
      query: ({ id, title }) => ({
        url: `course/courseactivities/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ title }),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseActivity>(document),
      invalidatesTags: (_r, _e, { courseId }) => [activitiesOf(courseId), gradebookOf(courseId)],
    }),
    deleteCourseActivity: build.mutation<void, { courseId: string; id: string; title: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `course/courseactivities/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { courseId }) => [activitiesOf(courseId), gradebookOf(courseId)],
    }),
    /**
     * Saves typed scores of one custom activity (null clears one). The grid's rows take the saved
     * score at once; the final scores and bands are read again from the service.
     */
    saveActivityScores: build.mutation<
      ActivityScore[],
      {
        courseId: string;
        activityId: string;
        scores: Array<{ student_id: number | string; score: number | null }>;
      }
    >({
      extraOptions: QUIET,
      query: ({ activityId, scores }) => ({
        url: `course/courseactivities/${encodeURIComponent(activityId)}/scores`,
        method: 'PUT',
        body: { data: scores.map(({ student_id, score }) => ({ student_id: Number(student_id), score })) },
      }),
      transformResponse: (document: Document) => deserializeList<ActivityScore>(document),
      async onQueryStarted({ courseId, activityId, scores }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        const key = `courseactivities:${activityId}`;
        for (const { endpointName, originalArgs } of gradebookApi.util.selectInvalidatedBy(getState(), [
          gradebookOf(courseId),
        ])) {
          if (endpointName !== 'gradebook') continue;
          dispatch(
            gradebookApi.util.updateQueryData('gradebook', originalArgs as GradebookQuery, (draft) => {
              for (const { student_id, score } of scores) {
                const row = draft.rows.find((item) => String(item.student_id) === String(student_id));
                if (row) row.scores[key] = score;
              }
            }),
          );
        }
      },
      invalidatesTags: (_r, error, { courseId }) => (error ? [] : [gradebookOf(courseId)]),
    }),
    /**
     * The course's gradebook settings (`PATCH /course/courses/{id}`): whether the students see
     * their row (`gradebook_publish`; refused while the weights are not 100) and whether it counts
     * attendance (`gradebook_presence`: the grid gains or loses its column).
     */
    gradebookSettings: build.mutation<void, { courseId: string; settings: GradebookSettings }>({
      extraOptions: QUIET,
      query: ({ courseId, settings }) => ({
        url: `course/courses/${encodeURIComponent(courseId)}`,
        method: 'PATCH',
        body: attributesBody({ ...settings }),
      }),
      invalidatesTags: (_r, _e, { courseId }) => [...courseTag(courseId), gradebookOf(courseId)],
    }),
    /** Writes the course's workbook (.xlsx) to storage and answers a short-lived link to it. */
    exportGradebook: build.mutation<GradebookExport, string>({
      extraOptions: QUIET,
      query: (courseId) => `gradebook/export?${new URLSearchParams({ course_id: courseId })}`,
      transformResponse: (document: Document) => deserializeOne<GradebookExport>(document),
    }),
  }),
});

announceSaves(gradebookApi, {
  syncWeights: () => i18n.t('gradebook.saved.weights'),
  replaceBands: () => i18n.t('gradebook.saved.bands'),
  createCourseActivity: ({ result }) => i18n.t('gradebook.saved.activityCreated', { name: result.title }),
  renameCourseActivity: ({ result }) => i18n.t('gradebook.saved.activityRenamed', { name: result.title }),
  deleteCourseActivity: ({ arg }) => i18n.t('gradebook.saved.activityDeleted', { name: arg.title }),
  saveActivityScores: silent('each cell of the grid shows its own saving, saved or failed state'),
  gradebookSettings: ({ arg: { settings } }) =>
    settings.gradebook_publish !== undefined
      ? i18n.t(settings.gradebook_publish ? 'gradebook.saved.published' : 'gradebook.saved.hidden')
      : i18n.t(
          settings.gradebook_presence ? 'gradebook.saved.attendanceOn' : 'gradebook.saved.attendanceOff',
        ),
  exportGradebook: silent('the export button shows its progress and offers the download itself'),
});

export const {
  useGradebookQuery,
  useSyncWeightsMutation,
  useIndexBandsQuery,
  useReplaceBandsMutation,
  useCourseActivitiesQuery,
  useCreateCourseActivityMutation,
  useRenameCourseActivityMutation,
  useDeleteCourseActivityMutation,
  useSaveActivityScoresMutation,
  useGradebookSettingsMutation,
  useExportGradebookMutation,
} = gradebookApi;
