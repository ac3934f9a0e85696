import { defineResource, type QuerySpec, toMany, z } from '@lms/jsonapi';
import { QUESTION_TYPES } from '../domain/question-rules';
import { ATTEMPT_STATUSES } from './attempt.entity';
import type { AttemptView, StudentQuestionView } from './attempt-views';
import type { SavedAnswer } from './answer-saver';
import type { MonitorRow } from './monitor-rows';

/**
 * A question of an attempt as its student reads it: text with the dataset values, options with
 * their `index` (what an answer names) — never points, exact answers, formulas or solutions.
 */
export const studentQuestionResource = defineResource({
  name: 'StudentQuestion',
  type: 'studentquestions',
  schema: {
    student_exam_id: z.int(),
    index: z.int(),
    flagged: z.boolean(),
    answered: z.boolean(),
    /** The stored (highest) sequence number, null before the first save. */
    seq: z.int().nullable(),
    /** `{answer_index: [..]}`, `{value: ".."}` or `{text: ".."}`; null: not answered. */
    answer: z.unknown().nullable(),
    saved_at: z.date().nullable(),
    question: z.object({
      id: z.int(),
      question: z.string(),
      questions_type: z.enum(QUESTION_TYPES),
      weight: z.number(),
      answers: z.array(z.object({ id: z.int(), index: z.int(), answer: z.string().nullable() })),
    }),
  },
  attributes: (view: StudentQuestionView) => ({
    student_exam_id: view.studentExamId,
    index: view.index,
    flagged: view.flagged,
    answered: view.answer !== null && view.answer !== undefined,
    seq: view.seq,
    answer: view.answer ?? null,
    saved_at: view.savedAt,
    question: {
      id: view.question.id,
      question: view.question.question,
      questions_type: view.question.type,
      weight: view.question.weight,
      answers: view.question.answers,
    },
  }),
});

/** An attempt (spec 02 §3 "Student exam"); the score only where its reader may see it. */
export const studentExamResource = defineResource({
  name: 'StudentExam',
  type: 'studentexams',
  schema: {
    exam_id: z.int(),
    student_id: z.int(),
    student_name: z.string().nullable(),
    attempt: z.int(),
    package: z.int(),
    is_finished: z.boolean(),
    is_stopped: z.boolean(),
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
    finished_at: z.date().nullable(),
    override_start_at: z.date().nullable(),
    override_end_at: z.date().nullable(),
    current_index: z.int(),
    total: z.int(),
    answered: z.int(),
    score: z.number().nullable(),
    is_passed: z.boolean().nullable(),
    scored_at: z.date().nullable(),
    created_at: z.date(),
  },
  attributes: (attempt: AttemptView) => ({
    exam_id: attempt.examId,
    student_id: attempt.studentId,
    student_name: attempt.studentName,
    attempt: attempt.attempt,
    package: attempt.package,
    is_finished: attempt.isFinished,
    is_stopped: attempt.isStopped,
    start_at: attempt.startAt,
    end_at: attempt.endAt,
    finished_at: attempt.finishedAt,
    override_start_at: attempt.overrideStartAt,
    override_end_at: attempt.overrideEndAt,
    current_index: attempt.currentIndex,
    total: attempt.total,
    answered: attempt.answered,
    score: attempt.scoreVisible ? attempt.score : null,
    is_passed: attempt.scoreVisible ? attempt.isPassed : null,
    scored_at: attempt.scoreVisible ? attempt.scoredAt : null,
    created_at: attempt.createdAt,
  }),
  relationships: {
    studentquestions: toMany(
      () => studentQuestionResource,
      (attempt: AttemptView) => attempt.questions,
    ),
  },
});

/** What a save answers: the stored (highest) sequence number and when it was saved. */
export const studentAnswerResource = defineResource({
  name: 'StudentAnswer',
  type: 'studentanswers',
  id: (saved: SavedAnswer) => saved.studentQuestionId,
  schema: {
    student_question_id: z.int(),
    seq: z.int().nullable(),
    saved_at: z.date().nullable(),
    flagged: z.boolean(),
    answered: z.boolean(),
  },
  attributes: (saved: SavedAnswer) => ({
    student_question_id: saved.studentQuestionId,
    seq: saved.seq,
    saved_at: saved.savedAt,
    flagged: saved.flagged,
    answered: saved.answered,
  }),
});

/** A row of the live monitor (attempt_progress). */
export const attemptProgressResource = defineResource({
  name: 'AttemptProgress',
  type: 'attempt-progress',
  id: (row: MonitorRow) => row.studentExamId,
  schema: {
    student_exam_id: z.int(),
    student_id: z.int(),
    student_name: z.string().nullable(),
    attempt: z.int(),
    answered: z.int(),
    total: z.int(),
    current_index: z.int(),
    last_saved_at: z.date().nullable(),
    status: z.enum(ATTEMPT_STATUSES),
    score: z.number().nullable(),
    signals: z.int(),
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
    finished_at: z.date().nullable(),
  },
  attributes: (row: MonitorRow) => ({
    student_exam_id: row.studentExamId,
    student_id: row.studentId,
    student_name: row.studentName,
    attempt: row.attempt,
    answered: row.answered,
    total: row.total,
    current_index: row.currentIndex,
    last_saved_at: row.lastSavedAt,
    status: row.status,
    score: row.score,
    signals: row.signals,
    start_at: row.startAt,
    end_at: row.endAt,
    finished_at: row.finishedAt,
  }),
});

/** The monitor's counts (`meta`). */
export const MONITOR_META = z.object({
  students: z.int(),
  not_started: z.int(),
  started: z.int(),
  finished: z.int(),
  stopped: z.int(),
});

/** A student's own window of an exam. */
export const examOverrideResource = defineResource({
  name: 'ExamOverride',
  type: 'exam-overrides',
  id: (row: { examId: number; studentId: number }) => `${row.examId}-${row.studentId}`,
  schema: {
    exam_id: z.int(),
    student_id: z.int(),
    override_start_at: z.date().nullable(),
    override_end_at: z.date().nullable(),
  },
  attributes: (row: {
    examId: number;
    studentId: number;
    overrideStartAt: Date | null;
    overrideEndAt: Date | null;
  }) => ({
    exam_id: row.examId,
    student_id: row.studentId,
    override_start_at: row.overrideStartAt,
    override_end_at: row.overrideEndAt,
  }),
});

/** The lobby's `meta` (`GET /exam/exams/{id}/take`). */
export const TAKE_META = z.object({
  /** The student's latest attempt (a `studentexams` resource's data), or null. */
  attempt: z.unknown().nullable(),
  retries_left: z.int(),
  can_start: z.boolean(),
  reasons: z.array(z.object({ code: z.string(), detail: z.string() })),
  needs_token: z.boolean(),
  token_validated: z.boolean(),
  is_safe: z.boolean(),
  /** The server's clock (ISO 8601), for the client's timer. */
  server_time: z.string(),
});

/** `filter[student_exam_id]` and `filter[exam_id]`, read by the handlers. */
export const studentQuestionQuery: QuerySpec = {
  filters: { student_exam_id: { column: 'sq.student_exam_id', type: 'integer', ops: ['is'] } },
  sorts: {},
  defaultLimit: 1000,
  maxLimit: 1000,
};

export const studentExamQuery: QuerySpec = {
  filters: { exam_id: { column: 'se.exam_id', type: 'integer', ops: ['is'] } },
  sorts: {},
  defaultLimit: 1000,
  maxLimit: 1000,
};
