import { EXAMS, TASKS } from '../agenda/agenda.sources';
import { CONTENTABLE_ACTIVE } from '../contents/contents.service';
import { ACTIVITY_ACTIVE, ACTIVITY_LIVE } from '../threads/thread-access';

/** What a user may bookmark. */
export const SPACE_ITEM_KINDS = ['content', 'exam', 'task', 'thread'] as const;
export type SpaceItemKind = (typeof SPACE_ITEM_KINDS)[number];

/**
 * The items of each kind a user may see now, over their courses (the CTE `mine`,
 * work/my-courses.sql.ts; `$1` the campus, `$2` the user), each giving
 * `kind, item_id, course_id, title, detail, module_id, activity_id`, each source on its own too (`detail`: a content's type;
 * module and activity: where a content sits, for its link). The rules are those of the lists the
 * user reads them in: a live content of an active module and activity (staff: hidden ones too),
 * an exam or a task as the agenda shows it (published or active, for one of their classes), a
 * thread not hidden on a live and active activity (staff: hidden ones too).
 */
export const SPACE_ITEM_SOURCES: Record<SpaceItemKind, string> = {
  content: `
    SELECT 'content'::text AS kind, content.id AS item_id, content.course_id, content.name AS title,
           content.type::text AS detail,
           CASE content.contentable_type WHEN 'modules' THEN content.contentable_id
                WHEN 'activities' THEN (SELECT a_p.module_id FROM activities a_p WHERE a_p.id = content.contentable_id)
           END AS module_id,
           CASE WHEN content.contentable_type = 'activities' THEN content.contentable_id END AS activity_id
      FROM contents content JOIN mine ON mine.id = content.course_id
     WHERE content.deleted_at IS NULL AND (mine.staff OR ${CONTENTABLE_ACTIVE})`,
  exam: `
    SELECT 'exam'::text AS kind, x.item_id, x.course_id, x.name AS title, NULL::text AS detail,
           NULL::bigint AS module_id, NULL::bigint AS activity_id
      FROM (${EXAMS}) x(item_type, item_id, course_id, name, start_at, end_at)`,
  task: `
    SELECT 'task'::text AS kind, x.item_id, x.course_id, x.name AS title, NULL::text AS detail,
           NULL::bigint AS module_id, NULL::bigint AS activity_id
      FROM (${TASKS}) x(item_type, item_id, course_id, name, start_at, end_at)`,
  thread: `
    SELECT 'thread'::text AS kind, thread.id AS item_id, thread.course_id, thread.title, NULL::text AS detail,
           NULL::bigint AS module_id, thread.activity_id
      FROM threads thread JOIN mine ON mine.id = thread.course_id
     WHERE ${ACTIVITY_LIVE} AND (mine.staff OR (NOT thread.is_hidden AND ${ACTIVITY_ACTIVE}))`,
};

/** Every kind's items as one `SELECT` (the columns of SPACE_ITEM_SOURCES). */
export const SPACE_ITEMS = Object.values(SPACE_ITEM_SOURCES).join('\n UNION ALL ');

/** A visible item as the queries over SPACE_ITEM_SOURCES give it, with its course (`mine`). */
export interface SpaceItemRow {
  kind: SpaceItemKind;
  item_id: string | number;
  course_id: string | number;
  title: string;
  detail: string | null;
  module_id: string | number | null;
  activity_id: string | number | null;
  course_name: string;
  course_code: string | null;
}

/**
 * Where the web client opens an item: a content in its course's reader (its module and activity
 * chosen), an exam, an assignment, a thread.
 */
export function webLinkOf(
  row: Pick<SpaceItemRow, 'kind' | 'item_id' | 'course_id' | 'module_id' | 'activity_id'>,
) {
  switch (row.kind) {
    case 'exam':
      return `/exam/${row.item_id}`;
    case 'task':
      return `/assignment/${row.item_id}`;
    case 'thread':
      return `/discussion/${row.item_id}`;
    default: {
      const place = new URLSearchParams();
      if (row.module_id !== null) place.set('module', String(row.module_id));
      if (row.activity_id !== null) place.set('activity', String(row.activity_id));
      const query = place.toString();
      return `/courses/${row.course_id}${query ? `?${query}` : ''}#content-${row.item_id}`;
    }
  }
}
