import { attributes, field, z } from '@lms/jsonapi';
import { rubricField } from '@lms/rubrics';
import { ASSESSMENT_METHODS, TASK_TYPES, TASKABLE_TYPES } from './task.entity';

/** An instant with its offset: `2026-03-01T08:00:00Z`, `2026-03-01T15:00:00+07:00`. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const DATE_FORMAT = 'must be a date as YYYY-MM-DD HH:mm:ss (campus time) or ISO 8601 with an offset';

/**
 * A task's date: the spec's `YYYY-MM-DD HH:mm:ss` in the campus's zone (as every date of the
 * API, `field.date()`), or an ISO 8601 instant with its offset.
 */
const taskDate = () => {
  const wire = field.date();
  return z.string({ error: DATE_FORMAT }).transform((value, ctx) => {
    if (ISO_INSTANT.test(value)) {
      const instant = new Date(value);
      if (!Number.isNaN(instant.getTime())) return instant;
    } else {
      const parsed = wire.safeParse(value);
      if (parsed.success) return parsed.data;
    }
    ctx.addIssue({ code: 'custom', message: DATE_FORMAT, input: value });
    return z.NEVER;
  });
};

/** What a write may send of a task (spec 02 §3); the wire keeps the spec's spellings. */
const settings = {
  name: field.string({ min: 1, max: 255 }),
  description: field.string({ max: 200_000 }).nullable().optional(),
  start_at: taskDate().nullable().optional(),
  end_at: taskDate().nullable().optional(),
  is_active: field.boolean().optional(),
  file_required: field.boolean().optional(),
  is_lateable: field.boolean().optional(),
  taskable_type: field.enum(TASKABLE_TYPES),
  taskable_id: field.id(),
  assesment_method: field.enum(ASSESSMENT_METHODS).optional(),
  rubric: rubricField().nullable().optional(),
  tasks_type: field.enum(TASK_TYPES).optional(),
  student_percentage: field.number({ min: 0, max: 100 }).nullable().optional(),
  lecturer_percentage: field.number({ min: 0, max: 100 }).nullable().optional(),
  is_assesment_open: field.boolean().optional(),
  show_score: field.boolean().optional(),
  passing_grade: field.number({ min: 0, max: 100 }).optional(),
  all_class: field.boolean().optional(),
  /** The classes it is for when not `all_class` (of its course). */
  class_ids: field.idList({ max: 500 }).optional(),
};

/** `POST /course/tasks`. */
export const taskCreateRules = attributes({ course_id: field.id(), ...settings });

/** `PATCH /course/tasks/{id}`: only the fields sent change; the course stays. */
export const taskUpdateRules = attributes({
  course_id: field.id().optional(),
  ...settings,
  name: settings.name.optional(),
  taskable_type: settings.taskable_type.optional(),
  taskable_id: settings.taskable_id.optional(),
});

export type TaskSettings = z.output<typeof taskUpdateRules>;

/** `PUT /course/tasks/classes`: `{action: 'sync', task_id, all_class, class_ids}`. */
export const classesSyncRules = attributes({
  action: field.enum(['sync']),
  task_id: field.id(),
  all_class: field.boolean().optional(),
  class_ids: field.idList({ max: 500 }).optional(),
});
