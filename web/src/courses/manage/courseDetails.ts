import type { Course } from '../coursesApi';
import { fromLocalInput } from '../structure';

/** The course's editable details as the settings form holds them (dates as date-time inputs). */
export interface CourseDetails {
  name: string;
  code: string;
  description: string;
  period_id: string;
  start_at: string;
  end_at: string;
  is_active: boolean;
  is_open: boolean;
  is_public: boolean;
  is_free: boolean;
  gradebook_publish: boolean;
}

/** `2026-08-25 07:00:00` (a wire date) → `2026-08-25T07:00` (a date-time input); '' when absent. */
export function inputOfWireDate(value: string | null | undefined): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value ?? '');
  return match ? `${match[1]}T${match[2]}` : '';
}

export function detailsOf(course: Course): CourseDetails {
  return {
    name: course.name ?? '',
    code: course.code ?? '',
    description: course.description ?? '',
    period_id: course.period_id ? String(course.period_id) : '',
    start_at: inputOfWireDate(course.start_at),
    end_at: inputOfWireDate(course.end_at),
    is_active: Boolean(course.is_active),
    is_open: Boolean(course.is_open),
    is_public: Boolean(course.is_public),
    is_free: Boolean(course.is_free),
    gradebook_publish: Boolean(course.gradebook_publish),
  };
}

/** What the form cannot send: a course needs a name, and it cannot end before it starts. */
export type DetailsProblem = 'nameRequired' | 'endBeforeStart';

export function detailsProblems(draft: CourseDetails): DetailsProblem[] {
  const problems: DetailsProblem[] = [];
  if (!draft.name.trim()) problems.push('nameRequired');
  if (draft.start_at && draft.end_at && draft.end_at < draft.start_at) problems.push('endBeforeStart');
  return problems;
}

/**
 * Only the attributes that differ from what the course has (spec 01 §4: an update sends data
 * only if modified), in the API's types: trimmed text, empty → null, ids as numbers, dates as
 * `YYYY-MM-DD HH:mm:ss`.
 */
export function changedDetails(original: CourseDetails, draft: CourseDetails): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const text = (value: string) => value.trim() || null;
  if (draft.name.trim() !== original.name.trim()) changes.name = draft.name.trim();
  if (draft.code.trim() !== original.code.trim()) changes.code = text(draft.code);
  if (draft.description.trim() !== original.description.trim()) changes.description = text(draft.description);
  if (draft.period_id !== original.period_id)
    changes.period_id = draft.period_id ? Number(draft.period_id) : null;
  for (const key of ['start_at', 'end_at'] as const) {
    if (draft[key] !== original[key]) changes[key] = draft[key] ? fromLocalInput(draft[key]) : null;
  }
  for (const key of ['is_active', 'is_open', 'is_public', 'is_free', 'gradebook_publish'] as const) {
    if (draft[key] !== original[key]) changes[key] = draft[key];
  }
  return changes;
}
