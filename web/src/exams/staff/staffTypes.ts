/**
 * What the staff screens read from the exam service on exam day and after (issue 13), named from
 * the generated API types, and how a document becomes what a screen shows.
 */
import { deserializeList, type Document } from '../../api/jsonapi';
import type { MetaOf, ResourceOf } from '../../api/types';

/** One attempt as the service's monitor gives it (a row of its `attempt_progress` projection). */
type ProgressRow = ResourceOf<'/api/exam/exams/{id}/monitor'>;

/** A row as the monitor shows it: the student's name (their number when the campus has none). */
export type MonitorRow = Omit<ProgressRow, 'student_exam_id'> & { student_exam_id: string; name: string };
export type AttemptStatus = MonitorRow['status'];

/** How many of the exam's students have not started, are answering, finished or were stopped. */
export type MonitorCounts = MetaOf<'/api/exam/exams/{id}/monitor'>;

export interface MonitorView {
  rows: MonitorRow[];
  counts: MonitorCounts;
  /** The service pushes changes over its socket: no need to poll while this holds. */
  live?: boolean;
}

/** A proctoring signal of an attempt: what the student's browser saw, by its clock and the server's. */
export type Signal = ResourceOf<'/api/exam/studentexams/{id}/signals'>;

/** One student's answer to a question, with its score (null: not graded yet; 0–100). */
export type QuestionStudent = ResourceOf<'/api/v2/exam/exams/{id}/question/{qid}/students'>;

/** One student's answer to an essay question, as the grading queue shows it. */
export interface EssayAnswer {
  student_question_id: number;
  student_exam_id: string;
  name: string;
  attempt: number;
  /** Sanitized HTML, as the student wrote it; null when they left it empty. */
  text: string | null;
  score: number | null;
}

/** An exam's statistics: attempts, scores, their distribution, time spent, each question's analysis. */
export type ExamStatistic = ResourceOf<'/api/v2/exam/exams/{id}/statistic'>;
export type Bin = ExamStatistic['distribution'][number];
export type QuestionSummary = NonNullable<ExamStatistic['questions']>[number];

/** One question's statistics, with how often each option was chosen. */
export type QuestionStatistic = ResourceOf<'/api/v2/exam/exams/{id}/question/{qid}/statistic'>;
export type OptionShare = QuestionStatistic['options'][number];

/** What a recalculation changed: each attempt whose score moved, before and after. */
export type Recalculation = ResourceOf<'/api/v2/exam/recalculate/{examId}', 'patch'>;
export type ScoreChange = Recalculation['changed'][number];

/** The monitor's rows and the counts of its `meta`. */
export function toMonitorView(document: Document): MonitorView {
  const rows = deserializeList<ProgressRow>(document).map((row) => ({
    ...row,
    student_exam_id: String(row.student_exam_id),
    name: row.student_name ?? `#${row.student_id}`,
  }));
  return { rows, counts: document.meta as MonitorCounts };
}

const rowOf = (row: ProgressRow): MonitorRow => ({
  ...row,
  student_exam_id: String(row.student_exam_id),
  name: row.student_name ?? `#${row.student_id}`,
});

/**
 * The monitor after a push of changed rows (`progress` on `/socket/exam`): each replaces the row
 * of its attempt or joins the list (in the monitor's order: by name, then attempt), and the counts
 * follow — the exam's students stay those the last read counted.
 */
export function withProgress(view: MonitorView, document: Document): MonitorView {
  const changed = new Map(
    deserializeList<ProgressRow>(document).map((row) => [String(row.student_exam_id), rowOf(row)]),
  );
  const rows = view.rows.map((row) => changed.get(row.student_exam_id) ?? row);
  const known = new Set(rows.map((row) => row.student_exam_id));
  const added = [...changed.values()].filter((row) => !known.has(row.student_exam_id));
  if (added.length > 0) {
    rows.push(...added);
    rows.sort((a, b) => a.name.localeCompare(b.name) || a.student_id - b.student_id || a.attempt - b.attempt);
  }
  const count = (status: AttemptStatus) => rows.filter((row) => row.status === status).length;
  const started = new Set(rows.map((row) => row.student_id)).size;
  return {
    ...view,
    rows,
    counts: {
      ...view.counts,
      not_started: Math.max(0, view.counts.students - started),
      started: count('started'),
      finished: count('finished'),
      stopped: count('stopped'),
    },
  };
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** A question's answer as the grading queue shows it: the essay's text out of `{text}`. */
export function toEssayAnswer(row: QuestionStudent): EssayAnswer {
  const answer = record(row.answer);
  return {
    student_question_id: Number(row.id),
    student_exam_id: String(row.student_exam_id),
    name: row.name ?? row.nim ?? `#${row.student_id}`,
    attempt: row.attempt,
    text: typeof answer.text === 'string' && answer.text !== '' ? answer.text : null,
    score: row.score,
  };
}
