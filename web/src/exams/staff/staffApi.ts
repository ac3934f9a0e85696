import { api, QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
} from '../../api/jsonapi';
import type { ResourceOf } from '../../api/types';
import i18n from '../../i18n/i18n';
import { announceSaves, silent } from '../../notifications/saved';
import type { Question } from '../examTypes';
import { inOrder } from '../questions';
import {
  type EssayAnswer,
  type ExamStatistic,
  type MonitorView,
  type QuestionStatistic,
  type QuestionStudent,
  type Recalculation,
  type Signal,
  toEssayAnswer,
  toMonitorView,
  withProgress,
} from './staffTypes';
import { watchMonitor } from './monitorSocket';

interface AuthState {
  auth: { stored: { accessToken?: string } | null };
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['ExamMonitor', 'ExamGrading', 'ExamStatistic'] });
const monitorTag = (examId: string) => ({ type: 'ExamMonitor' as const, id: examId });

/**
 * What the staff of an exam do on exam day and after it (spec 02 §4–§7, issue 13): watch the
 * attempts, stop, reset or give a student other times, grade essays, read the statistics,
 * recalculate and export. The pages show each failure beside what failed, so the calls are quiet.
 */
export const staffApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** The exam's attempts as the monitor projection has them (never computed from the answers). */
    monitor: build.query<MonitorView, string>({
      extraOptions: QUIET,
      query: (examId) => `exam/exams/${encodeURIComponent(examId)}/monitor`,
      transformResponse: (document: Document) => toMonitorView(document),
      providesTags: (_r, _e, examId) => [monitorTag(examId)],
      /** While the screen is open, the service's pushes patch it (the screen polls only without them). */
      async onCacheEntryAdded(examId, { cacheDataLoaded, cacheEntryRemoved, updateCachedData, getState }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // the entry went before its first answer
        }
        const close = watchMonitor(
          examId,
          () => (getState() as unknown as AuthState).auth.stored?.accessToken,
          {
            progress: (document) => updateCachedData((view) => withProgress(view, document)),
            live: (live) =>
              updateCachedData((view) => {
                view.live = live;
              }),
          },
        );
        await cacheEntryRemoved;
        close();
      },
    }),
    /** The proctoring signals of one attempt, oldest first. */
    signals: build.query<Signal[], string>({
      extraOptions: QUIET,
      query: (studentExamId) => `exam/studentexams/${encodeURIComponent(studentExamId)}/signals`,
      transformResponse: (document: Document) =>
        deserializeList<Signal>(document).sort((a, b) => a.received_at.localeCompare(b.received_at)),
    }),
    /** Ends the attempts now, as if each student had finished them. */
    stopAttempts: build.mutation<void, { examId: string; ids: string[]; names: string[] }>({
      extraOptions: QUIET,
      query: ({ ids }) => ({
        url: 'exam/studentexams/stop',
        method: 'PUT',
        body: attributesBody({ student_exam_ids: ids.map(Number) }),
      }),
      invalidatesTags: (_r, _e, { examId }) => [monitorTag(examId), 'ExamStatistic'],
    }),
    /** Removes an attempt and its answers: the student starts again (spec 02 §4). */
    resetAttempt: build.mutation<void, { examId: string; id: string; name: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({
        url: `exam/studentexams/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ action: 'reset' }),
      }),
      invalidatesTags: (_r, _e, { examId }) => [monitorTag(examId), 'ExamStatistic', 'ExamGrading'],
    }),
    /** Other times for one student's attempt (a later end for a student who lost time). */
    overrideAttempt: build.mutation<
      void,
      { examId: string; id: string; name: string; override_start_at: string; override_end_at: string }
    >({
      extraOptions: QUIET,
      query: ({ id, override_start_at, override_end_at }) => ({
        url: `exam/studentexams/${encodeURIComponent(id)}/override`,
        method: 'PATCH',
        body: attributesBody({ override_start_at, override_end_at }),
      }),
      invalidatesTags: (_r, _e, { examId }) => [monitorTag(examId)],
    }),
    /** The essay questions of every package of the exam, package by package. */
    essayQuestions: build.query<Question[], string>({
      extraOptions: QUIET,
      query: (examId) =>
        `exam/questions?${toSearchParams({
          filter: { exam_id: { is: examId }, questions_type: { is: 'essay' } },
          sort: 'package,index',
          limit: 0,
        })}`,
      transformResponse: (document: Document) =>
        inOrder(deserializeList<Question>(document)).sort((a, b) => a.package - b.package),
    }),
    /**
     * The students' answers to one question of finished attempts, graded or not yet (a page of at
     * most 500: the queue asks again as it empties), and how many there are in all.
     */
    questionAnswers: build.query<
      { answers: EssayAnswer[]; total: number },
      { examId: string; questionId: string; graded: boolean }
    >({
      extraOptions: QUIET,
      query: ({ examId, questionId, graded }) =>
        `v2/exam/exams/${encodeURIComponent(examId)}/question/${encodeURIComponent(questionId)}/students?${toSearchParams(
          { filter: { graded: { is: String(graded) } }, limit: 500 },
        )}`,
      transformResponse: (document: Document) => {
        const page = deserializePage<QuestionStudent>(document);
        return { answers: page.items.map(toEssayAnswer), total: page.total };
      },
      providesTags: (_r, _e, { questionId }) => [{ type: 'ExamGrading', id: questionId }],
    }),
    /** Gives an essay answer its score (0 allowed); the attempt's score follows. */
    gradeEssay: build.mutation<
      void,
      { examId: string; questionId: string; student_question_id: number; score: number; name: string }
    >({
      extraOptions: QUIET,
      query: ({ student_question_id, score }) => ({
        url: 'v2/exam/gradeEssay',
        method: 'PATCH',
        body: attributesBody({ student_question_id, score }),
      }),
      async onQueryStarted({ examId, questionId, student_question_id, score }, { dispatch, queryFulfilled }) {
        // the queue moves on at once; a refused score comes back ungraded
        const patches = [false, true].map((graded) =>
          dispatch(
            staffApi.util.updateQueryData('questionAnswers', { examId, questionId, graded }, (draft) => {
              const answer = draft.answers.find((item) => item.student_question_id === student_question_id);
              if (answer) answer.score = score;
            }),
          ),
        );
        await queryFulfilled.catch(() => patches.forEach((patch) => patch.undo()));
      },
      invalidatesTags: (_r, _e, { examId, questionId }) => [
        monitorTag(examId),
        'ExamStatistic',
        { type: 'ExamGrading', id: questionId },
      ],
    }),
    examStatistic: build.query<ExamStatistic, string>({
      extraOptions: QUIET,
      query: (examId) => `v2/exam/exams/${encodeURIComponent(examId)}/statistic`,
      transformResponse: (document: Document) => deserializeOne<ExamStatistic>(document),
      providesTags: ['ExamStatistic'],
    }),
    questionStatistic: build.query<QuestionStatistic, { examId: string; questionId: string }>({
      extraOptions: QUIET,
      query: ({ examId, questionId }) =>
        `v2/exam/exams/${encodeURIComponent(examId)}/question/${encodeURIComponent(questionId)}/statistic`,
      transformResponse: (document: Document) => deserializeOne<QuestionStatistic>(document),
      providesTags: ['ExamStatistic'],
    }),
    /** Scores every finished attempt again (after a question was fixed); who changed and by how much. */
    recalculate: build.mutation<Recalculation, { examId: string }>({
      extraOptions: QUIET,
      query: ({ examId }) => ({ url: `v2/exam/recalculate/${encodeURIComponent(examId)}`, method: 'PATCH' }),
      transformResponse: (document: Document) => deserializeOne<Recalculation>(document),
      invalidatesTags: (_r, _e, { examId }) => [monitorTag(examId), 'ExamStatistic', 'ExamGrading'],
    }),
    /**
     * Produces an export and stores it: the results workbook (.xlsx), or the answers (.pdf) of the
     * exam or of one attempt. The service answers the file itself once it is made; the page then
     * hands out the stored one by a short-lived link.
     */
    produceExport: build.mutation<void, ExportRequest>({
      extraOptions: QUIET,
      query: ({ examId, kind, studentExamId }) => ({
        url: kind === 'results' ? 'v2/exam/exams/results' : 'v2/exam/exams/results/questions',
        method: 'POST',
        body: attributesBody({
          exam_id: Number(examId),
          ...(studentExamId ? { student_exam_id: Number(studentExamId) } : {}),
        }),
        // read to its end: the file is stored once it has been sent
        responseHandler: async (response) => {
          if (!response.ok) return (await response.json().catch(() => null)) as unknown;
          await response.arrayBuffer();
          return null;
        },
      }),
    }),
    /** A short-lived link (five minutes) to the newest stored export of the kind asked for. */
    exportLink: build.mutation<ExamExport, ExportRequest>({
      extraOptions: QUIET,
      query: ({ examId, kind, studentExamId }) =>
        `blob-storage/exam/${encodeURIComponent(examId)}/export?${new URLSearchParams({
          kind,
          ...(studentExamId ? { student_exam_id: studentExamId } : {}),
        }).toString()}`,
      transformResponse: (document: Document) => deserializeOne<ExamExport>(document),
    }),
  }),
});

/** A stored export and the short-lived link to it. */
export type ExamExport = ResourceOf<'/api/blob-storage/exam/{id}/export'>;

export interface ExportRequest {
  examId: string;
  kind: 'results' | 'answers';
  /** The answers of one attempt only. */
  studentExamId?: string;
}

announceSaves(staffApi, {
  stopAttempts: ({ arg }) =>
    i18n.t('exam.staff.saved.stopped', { count: arg.ids.length, names: arg.names.join(', ') }),
  resetAttempt: ({ arg }) => i18n.t('exam.staff.saved.reset', { name: arg.name }),
  overrideAttempt: ({ arg }) => i18n.t('exam.staff.saved.overridden', { name: arg.name }),
  gradeEssay: ({ arg }) => i18n.t('exam.staff.saved.graded', { name: arg.name, score: arg.score }),
  recalculate: ({ result }) => i18n.t('exam.staff.saved.recalculated', { count: result.changed.length }),
  produceExport: silent('the download page shows the link once the export is stored'),
  exportLink: silent('asks for a link, saves nothing'),
});

export const {
  useMonitorQuery,
  useSignalsQuery,
  useStopAttemptsMutation,
  useResetAttemptMutation,
  useOverrideAttemptMutation,
  useEssayQuestionsQuery,
  useQuestionAnswersQuery,
  useGradeEssayMutation,
  useExamStatisticQuery,
  useQuestionStatisticQuery,
  useRecalculateMutation,
  useProduceExportMutation,
  useExportLinkMutation,
} = staffApi;
