import { api, QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../../api/jsonapi';
import i18n from '../../i18n/i18n';
import { announceSaves, silent } from '../../notifications/saved';
import type { AnswerValue, SignalKind } from './outbox';
import type {
  AttemptResult,
  Refusal,
  StudentExam,
  StudentQuestion,
  Take,
  TakeExam,
  TakeMeta,
} from './takeTypes';

const withTags = api.enhanceEndpoints({ addTagTypes: ['ExamTake', 'ExamAttempts'] });

/** A save that has not answered in this time is treated as lost and tried again. */
export const SAVE_TIMEOUT_MS = 15_000;

/**
 * The lobby's meta as the screens read it: the latest attempt (sent as a document of its own)
 * flattened, each reason as `{code, detail}`.
 */
export function lobbyMeta(meta: Document['meta']): TakeMeta {
  const raw = (meta ?? {}) as Record<string, unknown>;
  const attempt = raw.attempt as Document | StudentExam | null | undefined;
  const reasons = Array.isArray(raw.reasons) ? (raw.reasons as unknown[]) : [];
  return {
    ...(raw as unknown as TakeMeta),
    attempt:
      attempt && 'data' in attempt
        ? attempt.data
          ? deserializeOne<StudentExam>(attempt)
          : null
        : (attempt ?? null),
    reasons: reasons.map((reason): Refusal =>
      typeof reason === 'string' ? { code: reason } : (reason as Refusal),
    ),
  };
}

const byIndex = (questions: StudentQuestion[]) => [...questions].sort((a, b) => a.index - b.index);

/**
 * The student's calls of exam taking (issue 13): the lobby, starting or resuming, the attempt's
 * questions, saves (sent by the outbox, one at a time), moving on, signals, finishing and the
 * result. Each page shows its failures itself, so every call is quiet.
 */
export const takeApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** The lobby: the exam, whether (and why not) the student may start, the server's clock. */
    take: build.query<Take, string>({
      extraOptions: QUIET,
      query: (id) => ({ url: `exam/exams/${encodeURIComponent(id)}/take`, cache: 'no-store' }),
      transformResponse: (document: Document) => ({
        exam: deserializeOne<TakeExam>(document),
        meta: lobbyMeta(document.meta),
        receivedAt: Date.now(),
      }),
      providesTags: (_r, _e, id) => [{ type: 'ExamTake', id }],
    }),
    /** Starts the next attempt or resumes the running one (idempotent on the server). */
    generate: build.mutation<StudentExam, { examId: string }>({
      extraOptions: QUIET,
      query: ({ examId }) => ({
        url: `exam/exams/${encodeURIComponent(examId)}/generate?include=studentquestions`,
        method: 'GET',
      }),
      transformResponse: (document: Document) => {
        const attempt = deserializeOne<StudentExam>(document);
        return { ...attempt, studentquestions: byIndex(attempt.studentquestions ?? []) };
      },
    }),
    validateToken: build.mutation<{ valid_until: string | null }, { examId: string; token: string }>({
      extraOptions: QUIET,
      query: ({ examId, token }) => ({
        url: 'exam/exams/token/validate',
        method: 'POST',
        body: attributesBody({ exam_id: Number(examId), token }),
      }),
      transformResponse: (document: Document) =>
        deserializeOne<{ id: string; valid_until: string | null }>(document),
      invalidatesTags: (_r, _e, { examId }) => [{ type: 'ExamTake', id: examId }],
    }),
    /** The attempt's questions in the student's order, with the answers saved so far. */
    attemptQuestions: build.query<StudentQuestion[], string>({
      extraOptions: QUIET,
      query: (attemptId) => ({
        url: `exam/studentquestions?${toSearchParams({ filter: { student_exam_id: { is: attemptId } } })}`,
        cache: 'no-store',
      }),
      transformResponse: (document: Document) => byIndex(deserializeList<StudentQuestion>(document)),
      keepUnusedDataFor: 0,
    }),
    /** One save of the outbox: the answer and flag of a question with its sequence number. */
    saveAnswer: build.mutation<
      { seq: number; saved_at?: string | null },
      { id: string; answer: AnswerValue; seq: number; flagged: boolean }
    >({
      extraOptions: QUIET,
      query: ({ id, answer, seq, flagged }) => ({
        url: `exam/studentquestions/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ answer, seq, flagged }),
        timeout: SAVE_TIMEOUT_MS,
      }),
      transformResponse: (document: Document) =>
        deserializeOne<{ id: string; seq: number; saved_at?: string | null }>(document),
    }),
    /** Where the student is (kept by the server; refused going back when the exam forbids it). */
    saveIndex: build.mutation<void, { attemptId: string; index: number }>({
      extraOptions: QUIET,
      query: ({ attemptId, index }) => ({
        url: `exam/studentexams/${encodeURIComponent(attemptId)}/indexes`,
        method: 'PATCH',
        body: attributesBody({ current_index: index }),
      }),
    }),
    sendSignal: build.mutation<void, { attemptId: string; kind: SignalKind; at: string }>({
      extraOptions: QUIET,
      query: ({ attemptId, kind, at }) => ({
        url: `exam/studentexams/${encodeURIComponent(attemptId)}/signals`,
        method: 'POST',
        body: attributesBody({ kind, at }),
        timeout: SAVE_TIMEOUT_MS,
      }),
    }),
    /** Hands the attempt in. */
    finishAttempt: build.mutation<void, { attemptId: string; examId: string }>({
      extraOptions: QUIET,
      query: ({ attemptId }) => ({ url: `v2/exam/finish/${encodeURIComponent(attemptId)}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { examId }) => [
        { type: 'ExamTake', id: examId },
        { type: 'ExamAttempts', id: examId },
      ],
    }),
    /** The student's own attempts of an exam, latest first. */
    myAttempts: build.query<StudentExam[], string>({
      extraOptions: QUIET,
      query: (examId) => `exam/studentexams?${toSearchParams({ filter: { exam_id: { is: examId } } })}`,
      transformResponse: (document: Document) =>
        deserializeList<StudentExam>(document).sort((a, b) => b.attempt - a.attempt),
      providesTags: (_r, _e, examId) => [{ type: 'ExamAttempts', id: examId }],
    }),
    /** What the rules let the student see of a finished attempt. */
    attemptResult: build.query<AttemptResult, string>({
      extraOptions: QUIET,
      query: (attemptId) => `exam/studentexams/${encodeURIComponent(attemptId)}/result`,
      transformResponse: (document: Document) => {
        const result = deserializeOne<AttemptResult>(document);
        return {
          ...result,
          questions: [...(result.questions ?? [])].sort((a, b) => a.index - b.index),
        };
      },
    }),
  }),
});

announceSaves(takeApi, {
  generate: silent('starting shows the first question'),
  validateToken: silent('the lobby says the token was accepted beside the form'),
  saveAnswer: silent('each question shows its own save status (saving, saved, offline)'),
  saveIndex: silent('moving to another question is not a save the student makes'),
  sendSignal: silent('proctoring signals are sent in the background'),
  finishAttempt: () => i18n.t('exam.take.saved.finished'),
});

export const {
  useTakeQuery,
  useGenerateMutation,
  useValidateTokenMutation,
  useAttemptQuestionsQuery,
  useSaveIndexMutation,
  useFinishAttemptMutation,
  useMyAttemptsQuery,
  useAttemptResultQuery,
} = takeApi;
