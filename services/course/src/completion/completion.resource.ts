import { defineResource, z } from '@lms/jsonapi';
import { COMPLETIONABLE_TYPES } from './completion.entity';
import type { CompletionState, ReportRow } from './completion.service';

/** One content's completion as the caller reads it; its id is the content's. */
export const completionResource = defineResource({
  name: 'Completion',
  type: 'completions',
  schema: {
    course_id: z.int(),
    completionable_type: z.enum(COMPLETIONABLE_TYPES),
    completionable_id: z.int(),
    completion_required: z.boolean(),
    /** The caller (a student) marked it done. */
    is_completed: z.boolean(),
    completed_at: z.date().nullable(),
    /** For those who teach the course: the students who did it, first done first; null for a student. */
    students: z.array(z.object({ user_id: z.int(), name: z.string(), completed_at: z.date() })).nullable(),
    /** For those who teach the course: how many students the course has; null for a student. */
    student_count: z.int().nullable(),
  },
  id: (state: CompletionState) => state.completionableId,
  attributes: (state: CompletionState) => ({
    course_id: state.courseId,
    completionable_type: state.completionableType,
    completionable_id: state.completionableId,
    completion_required: state.completionRequired,
    is_completed: state.completedAt !== null,
    completed_at: state.completedAt,
    students:
      state.students?.map((student) => ({
        user_id: student.userId,
        name: student.name,
        completed_at: student.completedAt,
      })) ?? null,
    student_count: state.studentCount,
  }),
});

/** The caller's progress in a course: what its page shows ("7 of 12 done"). */
export const COURSE_COMPLETIONS_META = z.object({
  total: z.int(),
  completion_tracking: z.boolean(),
  completed: z.int(),
  required: z.int(),
  percentage: z.number(),
});

/** A student's line of the completion report; its id is the student's user id. */
export const completionReportResource = defineResource({
  name: 'CompletionReportRow',
  type: 'completion-reports',
  schema: {
    user_id: z.int(),
    name: z.string(),
    nim: z.string().nullable(),
    avatar: z.string().nullable(),
    class_ids: z.array(z.int()),
    class_name: z.string(),
    completed: z.int(),
    required: z.int(),
    /** completed / required × 100, rounded to two decimals; 0 when no content counts. */
    percentage: z.number(),
  },
  id: (row: ReportRow) => row.userId,
  attributes: (row: ReportRow) => ({
    user_id: row.userId,
    name: row.name,
    nim: row.nim,
    avatar: row.thumbnail,
    class_ids: row.classIds,
    class_name: row.classNames,
    completed: row.completed,
    required: row.required,
    percentage: row.percentage,
  }),
});

export const COMPLETION_REPORT_META = z.object({
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
  /** How many contents count towards completion. */
  required: z.int(),
  completion_tracking: z.boolean(),
  /**
   * Students the filters keep (every page) per band of percentage: 0–9.99, 10–19.99, …,
   * 90–99.99 and 100 (11 numbers).
   */
  distribution: z.array(z.int()),
});
