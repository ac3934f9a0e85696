import { api, QUIET } from '../api/baseApi';
import { attributesBody, deserializeList, deserializeOne, type Document } from '../api/jsonapi';
import type { MetaOf, ResourceOf } from '../api/types';
import { courseTag } from '../courses/coursesApi';
import i18n from '../i18n/i18n';
import { announceSaves, silent } from '../notifications/saved';

/** One content's completion as the caller reads it (its id is the content's). */
export type Completion = ResourceOf<'/api/course/completions/content/{id}'>;
/** The caller's progress in a course: `completed` of `required`, the percentage, tracking on or off. */
export type CourseProgress = MetaOf<'/api/course/completions/course/{id}'>;
/** A student's line of the completion report. */
export type ReportRow = ResourceOf<'/api/completion/report'>;
export type ReportMeta = MetaOf<'/api/completion/report'>;

/** Students per page of the report (the service's default, spec 01 §7). */
export const REPORT_PAGE_SIZE = 10;

export interface ReportQuery {
  courseId: string;
  classId?: string;
  studentName?: string;
  page: number;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['MyCompletions', 'CompletionReport'] });
const mineOf = (courseId: string | number) => ({ type: 'MyCompletions' as const, id: String(courseId) });
const reportOf = (courseId: string | number) => ({ type: 'CompletionReport' as const, id: String(courseId) });

/**
 * Completion tracking (issue 15): a student's marks and progress in a course, marking a content
 * done or undoing it (shown at once, taken back if refused), the staff's report, which contents
 * count, and the course's switch.
 */
export const completionApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    myCompletions: build.query<{ done: string[]; progress: CourseProgress }, string>({
      extraOptions: QUIET,
      query: (courseId) => `course/completions/course/${encodeURIComponent(courseId)}`,
      transformResponse: (document: Document) => ({
        done: deserializeList<Completion>(document).map((item) => String(item.completionable_id)),
        progress: document.meta as unknown as CourseProgress,
      }),
      providesTags: (_r, _e, courseId) => [mineOf(courseId)],
    }),
    markCompletion: build.mutation<Completion, { courseId: string; contentId: string; done: boolean }>({
      query: ({ courseId, contentId, done }) => ({
        url: 'course/completions',
        method: 'POST',
        body: attributesBody({
          course_id: Number(courseId),
          completionable_type: 'contents',
          completionable_id: Number(contentId),
          is_delete: done ? 0 : 1,
        }),
      }),
      transformResponse: (document: Document) => deserializeOne<Completion>(document),
      // The checkmark and the count change at once; a refusal puts them back.
      async onQueryStarted({ courseId, contentId, done }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          completionApi.util.updateQueryData('myCompletions', courseId, (draft) => {
            if (draft.done.includes(contentId) === done) return;
            draft.done = done ? [...draft.done, contentId] : draft.done.filter((id) => id !== contentId);
            const completed = draft.progress.completed + (done ? 1 : -1);
            draft.progress.completed = completed;
            draft.progress.percentage =
              draft.progress.required === 0
                ? 0
                : Math.round((completed * 10000) / draft.progress.required) / 100;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, { courseId }) => [mineOf(courseId), reportOf(courseId)],
    }),
    completionReport: build.query<{ rows: ReportRow[]; meta: ReportMeta }, ReportQuery>({
      extraOptions: QUIET,
      query: ({ courseId, classId, studentName, page }) =>
        `completion/report?${new URLSearchParams({
          course_id: courseId,
          ...(classId ? { class_id: classId } : {}),
          ...(studentName ? { student_name: studentName } : {}),
          limit: String(REPORT_PAGE_SIZE),
          offset: String((page - 1) * REPORT_PAGE_SIZE),
        })}`,
      transformResponse: (document: Document) => ({
        rows: deserializeList<ReportRow>(document),
        meta: document.meta as unknown as ReportMeta,
      }),
      providesTags: (_r, _e, { courseId }) => [reportOf(courseId)],
    }),
    /** Whether a content counts towards completion (those who teach the course). */
    setCompletionRequired: build.mutation<
      unknown,
      { courseId: string; contentId: string; required: boolean }
    >({
      query: ({ contentId, required }) => ({
        url: `course/contents/${encodeURIComponent(contentId)}`,
        method: 'PATCH',
        body: attributesBody({ completion_required: required }),
      }),
      invalidatesTags: (_r, _e, { courseId }) => ['Contents', reportOf(courseId), mineOf(courseId)],
    }),
    /** The course's completion tracking switch (its lecturer). */
    setCompletionTracking: build.mutation<unknown, { courseId: string; tracking: boolean }>({
      query: ({ courseId, tracking }) => ({
        url: `course/courses/${encodeURIComponent(courseId)}`,
        method: 'PATCH',
        body: attributesBody({ completion_tracking: tracking }),
      }),
      invalidatesTags: (_r, _e, { courseId }) => [
        ...courseTag(courseId),
        reportOf(courseId),
        mineOf(courseId),
      ],
    }),
  }),
});

announceSaves(completionApi, {
  markCompletion: silent('the checkmark itself shows the change'),
  setCompletionRequired: ({ arg }) =>
    i18n.t(arg.required ? 'completion.saved.counts' : 'completion.saved.excluded'),
  setCompletionTracking: ({ arg }) => i18n.t(arg.tracking ? 'completion.saved.on' : 'completion.saved.off'),
});

export const {
  useMyCompletionsQuery,
  useMarkCompletionMutation,
  useCompletionReportQuery,
  useSetCompletionRequiredMutation,
  useSetCompletionTrackingMutation,
} = completionApi;
