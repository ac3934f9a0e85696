import type { DatasetValues } from '../domain/dataset';
import { computeAnswer, fillPlaceholders, formatNumber } from '../domain/dataset';
import { FormulaError } from '../domain/formula';
import type { QuestionType } from '../domain/question-rules';
import type { ContentQuestion, ExamContent } from './exam-content.cache';

/** An attempt as the API shows it (its row, its student's name, its progress). */
export interface AttemptView {
  id: number;
  tenantId: number;
  examId: number;
  studentId: number;
  studentName: string | null;
  attempt: number;
  package: number;
  isFinished: boolean;
  isStopped: boolean;
  startAt: Date | null;
  endAt: Date | null;
  finishedAt: Date | null;
  overrideStartAt: Date | null;
  overrideEndAt: Date | null;
  currentIndex: number;
  score: number | null;
  isPassed: boolean | null;
  scoredAt: Date | null;
  createdAt: Date;
  total: number;
  answered: number;
  /** Whether the reader may see the score (staff; a student once finished when the exam shows scores). */
  scoreVisible: boolean;
  questions?: StudentQuestionView[];
}

/** A question of an attempt as its student reads it: no points, exact answers, formulas or solutions. */
export interface StudentQuestionView {
  id: number;
  studentExamId: number;
  index: number;
  flagged: boolean;
  answer: unknown;
  seq: number | null;
  savedAt: Date | null;
  question: {
    id: number;
    question: string;
    type: QuestionType;
    weight: number;
    answers: Array<{ id: number; index: number; answer: string | null }>;
  };
}

/** The columns of an attempt read with `ATTEMPT_SELECT`. */
export const ATTEMPT_SELECT = `SELECT se.id, se.tenant_id, se.exam_id, se.student_id, se.attempt, se.package,
    se.is_finished, se.is_stopped, se.start_at, se.end_at, se.finished_at, se.override_start_at,
    se.override_end_at, se.current_index, se.score, se.is_passed, se.scored_at, se.created_at,
    COALESCE(ap.total, 0) AS total, COALESCE(ap.answered, 0) AS answered, u.name AS student_name
  FROM student_exams se
  LEFT JOIN attempt_progress ap ON ap.student_exam_id = se.id
  LEFT JOIN users u ON u.id = se.student_id`;

type Row = Record<string, unknown>;
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function attemptFromRow(row: Row): AttemptView {
  return {
    id: Number(row.id),
    tenantId: Number(row.tenant_id),
    examId: Number(row.exam_id),
    studentId: Number(row.student_id),
    studentName: (row.student_name as string | null) ?? null,
    attempt: Number(row.attempt),
    package: Number(row.package),
    isFinished: Boolean(row.is_finished),
    isStopped: Boolean(row.is_stopped),
    startAt: date(row.start_at),
    endAt: date(row.end_at),
    finishedAt: date(row.finished_at),
    overrideStartAt: date(row.override_start_at),
    overrideEndAt: date(row.override_end_at),
    currentIndex: Number(row.current_index),
    score: num(row.score),
    isPassed: (row.is_passed as boolean | null) ?? null,
    scoredAt: date(row.scored_at),
    createdAt: date(row.created_at) as Date,
    total: Number(row.total ?? 0),
    answered: Number(row.answered ?? 0),
    scoreVisible: true,
  };
}

/** The columns of an attempt's questions with their answers, in the student's order. */
export const STUDENT_QUESTIONS_SELECT = `SELECT sq.id, sq.student_exam_id, sq.question_id, sq.index, sq.flagged,
    sq.data_set_item_id, sa.answer, sa.seq, sa.saved_at
  FROM student_questions sq
  LEFT JOIN student_answers sa ON sa.student_question_id = sq.id`;

/**
 * The attempt's question as its student reads it: the text with the bound dataset item's values,
 * the options' texts (a formula option shows its computed number) — nothing that gives the
 * answer away. Null when the question no longer exists.
 */
export function renderStudentQuestion(row: Row, content: ExamContent): StudentQuestionView | null {
  const question = content.questions.get(Number(row.question_id));
  if (!question) return null;
  const values =
    row.data_set_item_id === null ? {} : (content.itemValues.get(Number(row.data_set_item_id)) ?? {});
  return {
    id: Number(row.id),
    studentExamId: Number(row.student_exam_id),
    index: Number(row.index),
    flagged: Boolean(row.flagged),
    answer: row.answer ?? null,
    seq: num(row.seq),
    savedAt: date(row.saved_at),
    question: render(question, values),
  };
}

function render(question: ContentQuestion, values: DatasetValues) {
  return {
    id: question.id,
    question: fillPlaceholders(question.question, values),
    type: question.type,
    weight: question.weight,
    answers: question.options.map((option) => ({
      id: option.id,
      index: option.index,
      answer: optionText(option, values),
    })),
  };
}

function optionText(
  option: { answer: string | null; formula: string | null; decimalPlace: number },
  values: DatasetValues,
) {
  if (option.formula?.trim() && Object.keys(values).length > 0) {
    try {
      return formatNumber(computeAnswer(option.formula, values, option.decimalPlace));
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
    }
  }
  return option.answer === null ? null : fillPlaceholders(option.answer, values);
}
