import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { QUESTION_TYPES } from '../domain/question-rules';
import type { ScoreChange } from './grading.service';
import type { AttemptResult } from './results.service';
import type { ExamStatistic, QuestionStatistic, QuestionStudent } from './statistics.service';
import type { StudentAnswerRow, StudentQuestionReview } from './student-answers.service';

const questionType = z.enum(QUESTION_TYPES).nullable();
const difficultyLevel = z.enum(['hard', 'medium', 'easy']).nullable();
const discriminationLevel = z.enum(['very_good', 'good', 'fair', 'poor']).nullable();

const scoreChange = {
  student_exam_id: z.number(),
  student_id: z.number(),
  attempt: z.number(),
  before: z.number().nullable(),
  after: z.number(),
  is_passed: z.boolean().nullable(),
  pending: z.number(),
};

/** An essay as graded (`PATCH /v2/exam/gradeEssay`), with its attempt's new score. */
export const gradedEssayResource = defineResource({
  name: 'GradedEssay',
  type: 'studentquestions',
  id: (graded: {
    id: number;
    studentExamId: number;
    score: number;
    gradedAt: Date;
    gradedBy: number;
    attempt: ScoreChange;
  }) => graded.id,
  schema: {
    student_exam_id: z.number(),
    score: z.number(),
    graded_at: z.date(),
    graded_by: z.number(),
    attempt_score: z.number(),
    is_passed: z.boolean().nullable(),
    grading_pending: z.number(),
  },
  attributes: (graded) => ({
    student_exam_id: graded.studentExamId,
    score: graded.score,
    graded_at: graded.gradedAt,
    graded_by: graded.gradedBy,
    attempt_score: graded.attempt.after,
    is_passed: graded.attempt.is_passed,
    grading_pending: graded.attempt.pending,
  }),
});

/** What a recalculation changed (`PATCH /v2/exam/recalculate/{examId}`). */
export const recalculationResource = defineResource({
  name: 'ExamRecalculation',
  type: 'exam-recalculations',
  id: (run: { examId: number; attempts: number; changed: Array<ScoreChange & { difference: number }> }) =>
    run.examId,
  schema: {
    exam_id: z.number(),
    /** Finished attempts scored again. */
    attempts: z.number(),
    /** Those whose score changed: before, after and the difference. */
    changed: z.array(z.object({ ...scoreChange, difference: z.number() })),
  },
  attributes: (run) => ({ exam_id: run.examId, attempts: run.attempts, changed: run.changed }),
});

const resultOption = z.object({
  id: z.number(),
  index: z.number(),
  answer: z.string().nullable(),
  value: z.number().nullable(),
  is_correct: z.boolean().nullable(),
  exact_answer: z.string().nullable(),
});

/** An attempt's result as the caller may see it (`GET /exam/studentexams/{id}/result`). */
export const resultResource = defineResource({
  name: 'StudentExamResult',
  type: 'studentexam-results',
  id: (result: AttemptResult) => result.id,
  schema: {
    exam_id: z.number(),
    student_id: z.number(),
    attempt: z.number(),
    is_finished: z.boolean(),
    is_stopped: z.boolean(),
    start_at: z.date().nullable(),
    finished_at: z.date().nullable(),
    /** null while the exam hides scores (`is_show_score` off). */
    score: z.number().nullable(),
    is_passed: z.boolean().nullable(),
    grading_pending: z.number().nullable(),
    final_score: z.number().nullable(),
    final_is_passed: z.boolean().nullable(),
    show_score: z.boolean(),
    show_solution: z.boolean(),
    /** When solutions will be shown to the student (null: never, or they are). */
    solution_at: z.date().nullable(),
    questions: z.array(
      z.object({
        student_question_id: z.number(),
        index: z.number(),
        question_id: z.number(),
        questions_type: questionType,
        weight: z.number(),
        question: z.string(),
        answer: z.unknown(),
        answered: z.boolean(),
        score: z.number().nullable(),
        graded_at: z.date().nullable(),
        solution: z.string().nullable(),
        answers: z.array(resultOption),
      }),
    ),
  },
  attributes: (result) => ({
    exam_id: result.examId,
    student_id: result.studentId,
    attempt: result.attempt,
    is_finished: result.isFinished,
    is_stopped: result.isStopped,
    start_at: result.startAt,
    finished_at: result.finishedAt,
    score: result.score,
    is_passed: result.isPassed,
    grading_pending: result.gradingPending,
    final_score: result.finalScore,
    final_is_passed: result.finalIsPassed,
    show_score: result.showScore,
    show_solution: result.showSolution,
    solution_at: result.solutionAt,
    questions: result.questions,
  }),
});

const analysis = {
  question_id: z.number(),
  index: z.number().nullable(),
  package: z.number().nullable(),
  questions_type: questionType,
  attempts: z.number(),
  answered: z.number(),
  mean_score: z.number().nullable(),
  difficulty: z.number().nullable(),
  difficulty_level: difficultyLevel,
  discrimination: z.number().nullable(),
  discrimination_level: discriminationLevel,
};

const nullableNumber = z.number().nullable();

/** An exam's statistics (`GET /stats/exam/{id}`; with `questions` at `GET /v2/exam/exams/{id}/statistic`). */
export const examStatisticResource = defineResource({
  name: 'ExamStatistic',
  type: 'exam-statistics',
  id: (statistic: ExamStatistic) => statistic.examId,
  schema: {
    exam_id: z.number(),
    passing_grade: z.number(),
    final_score_type: z.string(),
    students: z.number(),
    attempts: z.object({
      started: z.number(),
      running: z.number(),
      finished: z.number(),
      stopped: z.number(),
      grading_pending: z.number(),
    }),
    scores: z.object({
      count: z.number(),
      mean: nullableNumber,
      median: nullableNumber,
      stdev: nullableNumber,
      min: nullableNumber,
      max: nullableNumber,
      passed: z.number(),
      pass_rate: nullableNumber,
    }),
    distribution: z.array(
      z.object({ from: z.number(), to: z.number(), label: z.string(), count: z.number() }),
    ),
    time_spent: z.object({
      mean: nullableNumber,
      median: nullableNumber,
      min: nullableNumber,
      max: nullableNumber,
    }),
    questions: z.array(z.object(analysis)).optional(),
  },
  attributes: (statistic) => ({
    exam_id: statistic.examId,
    passing_grade: statistic.passingGrade,
    final_score_type: statistic.finalScoreType,
    students: statistic.students,
    attempts: statistic.attempts,
    scores: statistic.scores,
    distribution: statistic.distribution,
    time_spent: statistic.time_spent,
    ...(statistic.questions ? { questions: statistic.questions } : {}),
  }),
});

/** One question's statistics (`GET /v2/exam/exams/{id}/question/{qid}/statistic`). */
export const questionStatisticResource = defineResource({
  name: 'QuestionStatistic',
  type: 'question-statistics',
  id: (statistic: QuestionStatistic) => statistic.question_id,
  schema: {
    ...analysis,
    exam_id: z.number(),
    options: z.array(
      z.object({
        id: z.number(),
        index: z.number(),
        answer: z.string().nullable(),
        is_correct: z.boolean(),
        chosen: z.number(),
        chosen_upper: z.number(),
        chosen_lower: z.number(),
      }),
    ),
    values: z.array(z.object({ value: z.string(), count: z.number(), mean_score: nullableNumber })),
  },
  attributes: (statistic) => {
    const { examId, ...rest } = statistic;
    return { ...rest, exam_id: examId };
  },
});

/** A student's answer to a question (`GET /v2/exam/exams/{id}/question/{qid}/students`, `…/{id}/essays`). */
export const questionStudentResource = defineResource({
  name: 'QuestionStudent',
  type: 'question-students',
  id: (row: QuestionStudent) => row.id,
  schema: {
    question_id: z.number(),
    question_index: nullableNumber,
    student_exam_id: z.number(),
    student_id: z.number(),
    name: z.string().nullable(),
    nim: z.string().nullable(),
    attempt: z.number(),
    finished_at: z.date().nullable(),
    answer: z.unknown(),
    score: nullableNumber,
    graded_at: z.date().nullable(),
    graded_by: nullableNumber,
  },
  attributes: (row) => ({
    question_id: row.questionId,
    question_index: row.questionIndex,
    student_exam_id: row.studentExamId,
    student_id: row.studentId,
    name: row.name,
    nim: row.nim,
    attempt: row.attempt,
    finished_at: row.finishedAt,
    answer: row.answer,
    score: row.score,
    graded_at: row.gradedAt,
    graded_by: row.gradedBy,
  }),
});

/** `filter[graded]=true|false`, pages of at most 500. */
export const questionStudentsQuery: QuerySpec = {
  filters: { graded: { column: 'graded', type: 'boolean', ops: ['is'] } },
  sorts: {},
  defaultLimit: 50,
  maxLimit: 500,
};

/**
 * A student's answer to a question of an attempt (`GET /exam/studentanswers`): its id is the
 * student question's, as in the reply to a save. `score` only where its reader may see it.
 */
export const studentAnswerRecordResource = defineResource({
  name: 'StudentAnswerRecord',
  type: 'studentanswers',
  id: (row: StudentAnswerRow) => row.studentQuestionId,
  schema: {
    student_question_id: z.number(),
    student_exam_id: z.number(),
    student_id: z.number(),
    student_name: z.string().nullable(),
    attempt: z.number(),
    question_id: z.number(),
    /** The question's position in the student's order. */
    index: z.number(),
    flagged: z.boolean(),
    /** `{answer_index: [..]}`, `{value: ".."}` or `{text: ".."}`; null: not answered. */
    answer: z.unknown().nullable(),
    answered: z.boolean(),
    seq: z.number().nullable(),
    saved_at: z.date().nullable(),
    is_finished: z.boolean(),
    /** 0–100; null while hidden from the reader, or not graded yet. */
    score: z.number().nullable(),
    graded_at: z.date().nullable(),
  },
  attributes: (row) => ({
    student_question_id: row.studentQuestionId,
    student_exam_id: row.studentExamId,
    student_id: row.studentId,
    student_name: row.studentName,
    attempt: row.attempt,
    question_id: row.questionId,
    index: row.index,
    flagged: row.flagged,
    answer: row.answer,
    answered: row.answered,
    seq: row.seq,
    saved_at: row.savedAt,
    is_finished: row.isFinished,
    score: row.score,
    graded_at: row.gradedAt,
  }),
});

/**
 * One question of an attempt with its answer, reviewed (`GET /exam/studentquestions/view`): as the
 * attempt's result shows it, so a student sees points and solutions only when the exam allows.
 */
export const studentQuestionReviewResource = defineResource({
  name: 'StudentQuestionReview',
  type: 'studentquestions',
  id: (review: StudentQuestionReview) => review.student_question_id,
  schema: {
    student_exam_id: z.number(),
    index: z.number(),
    question_id: z.number(),
    questions_type: questionType,
    weight: z.number(),
    question: z.string(),
    answer: z.unknown(),
    answered: z.boolean(),
    score: z.number().nullable(),
    graded_at: z.date().nullable(),
    solution: z.string().nullable(),
    answers: z.array(resultOption),
    show_score: z.boolean(),
    show_solution: z.boolean(),
    /** When the solution will be shown to the student (null: never, or it is). */
    solution_at: z.date().nullable(),
  },
  attributes: (review) => ({
    student_exam_id: review.studentExamId,
    index: review.index,
    question_id: review.question_id,
    questions_type: review.questions_type,
    weight: review.weight,
    question: review.question,
    answer: review.answer,
    answered: review.answered,
    score: review.score,
    graded_at: review.graded_at,
    solution: review.solution,
    answers: review.answers,
    show_score: review.showScore,
    show_solution: review.showSolution,
    solution_at: review.solutionAt,
  }),
});

/** `filter[student_exam_id]` and/or `filter[question_id]` (`GET /exam/studentanswers`). */
export const studentAnswersQuery: QuerySpec = {
  filters: {
    student_exam_id: { column: 'sq.student_exam_id', type: 'integer', ops: ['is'] },
    question_id: { column: 'sq.question_id', type: 'integer', ops: ['is'] },
  },
  sorts: {},
  defaultLimit: 1000,
  maxLimit: 1000,
};

/** `filter[student_question_id]` (`GET /exam/studentquestions/view`). */
export const studentQuestionViewQuery: QuerySpec = {
  filters: { student_question_id: { column: 'sq.id', type: 'integer', ops: ['is'] } },
  sorts: {},
  defaultLimit: 1,
  maxLimit: 1,
};
