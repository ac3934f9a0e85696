import { parseDate } from '../lib/dates';
import type { Exam } from './examTypes';

/**
 * Where an exam stands for the list (spec 02 §4): a draft until published; then before its
 * window, open during it, closed after it (or once finished).
 */
export type ExamStatus = 'draft' | 'scheduled' | 'open' | 'closed';

export function examStatus(
  exam: Pick<Exam, 'is_published' | 'is_finished' | 'start_at' | 'end_at'>,
  now: Date,
): ExamStatus {
  if (!exam.is_published) return 'draft';
  if (exam.is_finished) return 'closed';
  const start = parseDate(exam.start_at);
  const end = parseDate(exam.end_at);
  if (end && end <= now) return 'closed';
  if (start && start > now) return 'scheduled';
  return 'open';
}
