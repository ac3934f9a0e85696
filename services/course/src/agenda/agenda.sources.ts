import { FORMABLE_ACTIVE, FORMABLE_LIVE } from '../forms/forms.sql';

/**
 * Where agenda items come from: one SQL `SELECT` per kind of item, each over the caller's courses
 * (the CTE `mine`, `work/my-courses.sql.ts`) giving the columns
 * `item_type, item_id, course_id, name, start_at, end_at`, with only what the caller may see
 * (students: shown, published or active items of their classes; staff: everything of their
 * courses but the deleted). The agenda turns each into its dated events (opens, closes).
 *
 * A new kind (presence sessions) adds its `SELECT` here and its name to `AGENDA_ITEM_TYPES`.
 */
export const AGENDA_ITEM_TYPES = ['exam', 'task', 'module', 'activity', 'form'] as const;
export type AgendaItemType = (typeof AGENDA_ITEM_TYPES)[number];

/** Exams (src/gradeables): students see the published ones for one of their classes (none named: all). */
export const EXAMS = `
  SELECT 'exam' AS item_type, e.id AS item_id, e.course_id, e.title AS name, e.start_at, e.end_at
    FROM exam_projections e JOIN mine ON mine.id = e.course_id
   WHERE NOT e.deleted
     AND (mine.staff OR (e.is_published AND (cardinality(e.class_ids) = 0 OR e.class_ids && mine.class_ids)))`;

/** Tasks (src/gradeables): students see the active ones for every class or one of theirs. */
export const TASKS = `
  SELECT 'task', t.id, t.course_id, t.title, t.start_at, t.end_at
    FROM task_projections t JOIN mine ON mine.id = t.course_id
   WHERE NOT t.deleted AND (mine.staff OR (t.is_active AND (t.all_class OR t.class_ids && mine.class_ids)))`;

const MODULES = `
  SELECT 'module', m.id, m.course_id, m.name, m.start_at, m.end_at
    FROM modules m JOIN mine ON mine.id = m.course_id
   WHERE m.deleted_at IS NULL AND (mine.staff OR m.is_active)`;

const ACTIVITIES = `
  SELECT 'activity', a.id, m.course_id, a.name, a.start_at, a.end_at
    FROM activities a JOIN modules m ON m.id = a.module_id JOIN mine ON mine.id = m.course_id
   WHERE a.deleted_at IS NULL AND m.deleted_at IS NULL
     AND (mine.staff OR (a.is_active AND m.is_active))`;

/**
 * Forms (logbooks, src/forms): when they open and when entries are due. Students see a form as
 * `GET /course/forms` shows it to them — from its `start_at` on, while its module or activity is
 * active — so a form not open yet is not on their agenda; staff see every form of a live module
 * or activity.
 */
const FORMS = `
  SELECT 'form', form.id, form.course_id, form.title, form.start_at, form.end_at
    FROM forms form JOIN mine ON mine.id = form.course_id
   WHERE ${FORMABLE_LIVE} AND (mine.staff OR (form.start_at <= now() AND ${FORMABLE_ACTIVE}))`;

export const AGENDA_SOURCES: readonly string[] = [EXAMS, TASKS, MODULES, ACTIVITIES, FORMS];
