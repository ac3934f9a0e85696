/**
 * Where agenda items come from: one SQL `SELECT` per kind of item, each over the caller's courses
 * (the CTE `mine`, `work/my-courses.sql.ts`) giving the columns
 * `item_type, item_id, course_id, name, start_at, end_at`, with only what the caller may see
 * (students: shown, published or active items of their classes; staff: everything of their
 * courses but the deleted). The agenda turns each into its dated events (opens, closes).
 *
 * A new kind (forms' due dates, presence sessions) adds its `SELECT` here and its name to
 * `AGENDA_ITEM_TYPES`.
 */
export const AGENDA_ITEM_TYPES = ['exam', 'task', 'module', 'activity'] as const;
export type AgendaItemType = (typeof AGENDA_ITEM_TYPES)[number];

const MODULES = `
  SELECT 'module' AS item_type, m.id AS item_id, m.course_id, m.name, m.start_at, m.end_at
    FROM modules m JOIN mine ON mine.id = m.course_id
   WHERE m.deleted_at IS NULL AND (mine.staff OR m.is_active)`;

const ACTIVITIES = `
  SELECT 'activity', a.id, m.course_id, a.name, a.start_at, a.end_at
    FROM activities a JOIN modules m ON m.id = a.module_id JOIN mine ON mine.id = m.course_id
   WHERE a.deleted_at IS NULL AND m.deleted_at IS NULL
     AND (mine.staff OR (a.is_active AND m.is_active))`;

export const AGENDA_SOURCES: readonly string[] = [MODULES, ACTIVITIES];
