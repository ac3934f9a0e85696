import type { AttemptStatus } from './attempt.entity';

/** A row of the live monitor: one attempt as its projection (`attempt_progress`) has it. */
export interface MonitorRow {
  studentExamId: number;
  examId: number;
  studentId: number;
  studentName: string | null;
  attempt: number;
  answered: number;
  total: number;
  currentIndex: number;
  lastSavedAt: Date | null;
  status: AttemptStatus;
  score: number | null;
  signals: number;
  startAt: Date | null;
  endAt: Date | null;
  finishedAt: Date | null;
}

/**
 * The monitor's rows, read from the projection only (never from `student_answers`), followed by
 * a `WHERE` on `ap` (`ap.exam_id = $1` for the monitor, `ap.student_exam_id = ANY($1)` for a push).
 */
export const MONITOR_ROWS_SQL = `SELECT ap.student_exam_id, ap.exam_id, ap.student_id, ap.answered, ap.total,
    ap.current_index, ap.last_saved_at, ap.status, ap.score, ap.signals, u.name AS student_name, se.attempt,
    se.start_at, se.end_at, se.finished_at
  FROM attempt_progress ap
  JOIN student_exams se ON se.id = ap.student_exam_id
  LEFT JOIN users u ON u.id = ap.student_id`;

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

export function monitorRowOf(row: Record<string, unknown>): MonitorRow {
  return {
    studentExamId: Number(row.student_exam_id),
    examId: Number(row.exam_id),
    studentId: Number(row.student_id),
    studentName: (row.student_name as string | null) ?? null,
    attempt: Number(row.attempt),
    answered: Number(row.answered),
    total: Number(row.total),
    currentIndex: Number(row.current_index),
    lastSavedAt: date(row.last_saved_at),
    status: row.status as AttemptStatus,
    score: row.score === null || row.score === undefined ? null : Number(row.score),
    signals: Number(row.signals),
    startAt: date(row.start_at),
    endAt: date(row.end_at),
    finishedAt: date(row.finished_at),
  };
}
