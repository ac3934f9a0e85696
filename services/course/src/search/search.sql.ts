import { CONTENTABLE_ACTIVE } from '../contents/contents.service';
import { SPACE_ITEM_SOURCES } from '../space/space-items.sql';
import { ACTIVITY_ACTIVE } from '../threads/thread-access';
import { SEARCH_CONFIG } from './search-query';

/** What the global search finds. */
export const SEARCH_KINDS = ['course', 'content', 'exam', 'task', 'thread', 'person'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The text of sanitized rich text (HTML) without its tags: what is searched and quoted. */
const textOf = (html: string) => `regexp_replace(coalesce(${html}, ''), '<[^>]*>', ' ', 'g')`;

const weighted = (text: string, weight: 'A' | 'B') =>
  `setweight(to_tsvector('${SEARCH_CONFIG}', ${text}), '${weight}')`;

/**
 * The searched text of each table as SQL over an alias, title words weighted A and body words B
 * (ts_rank counts a title hit above a body hit). Each is the expression of a GIN index of the
 * migration SearchIndexes1795588913596: written the same, the planner uses the index.
 */
export const SEARCH_VECTORS = {
  course: (c: string) =>
    `(${weighted(`${c}.name || ' ' || coalesce(${c}.code, '')`, 'A')} || ${weighted(textOf(`${c}.description`), 'B')})`,
  content: (c: string) =>
    `(${weighted(`${c}.name`, 'A')} || ${weighted(`CASE WHEN ${c}.type = 'text' THEN ${textOf(`${c}.content`)} ELSE '' END`, 'B')})`,
  exam: (e: string) => weighted(`${e}.title`, 'A'),
  task: (t: string) => weighted(`${t}.title`, 'A'),
  thread: (t: string) => `(${weighted(`${t}.title`, 'A')} || ${weighted(textOf(`${t}.body`), 'B')})`,
  person: (u: string) => weighted(`${u}.name`, 'A'),
} as const satisfies Record<SearchKind, (alias: string) => string>;

/**
 * How much a hit of each kind weighs beside its text rank: a course, an exam or a task found by
 * its name comes before a content, a thread or a person found as well.
 */
const KIND_WEIGHTS: Record<SearchKind, number> = {
  course: 1,
  exam: 0.9,
  task: 0.9,
  content: 0.8,
  person: 0.8,
  thread: 0.7,
};

/** The search's tsquery (`$3`, built by searchQuery). */
const QUERY = '$3::tsquery';

const rank = (kind: SearchKind, vector: string) => `ts_rank(${vector}, ${QUERY}) * ${KIND_WEIGHTS[kind]}`;
const matches = (vector: string) => `${vector} @@ ${QUERY}`;

type ItemKind = Exclude<SearchKind, 'course' | 'person'>;

/**
 * The matching items of a kind the caller may see (SPACE_ITEM_SOURCES), joined to their table as
 * the alias named like the kind, with the text their snippet is cut from and whether it is hidden.
 */
function itemSource(kind: ItemKind, table: string, body: string, hidden: string): string {
  const vector = SEARCH_VECTORS[kind](kind);
  return `
    SELECT item.kind, item.item_id, item.course_id, item.title, item.detail, ${body} AS body,
           ${hidden} AS hidden, ${rank(kind, vector)} AS rank, item.module_id, item.activity_id
      FROM (${SPACE_ITEM_SOURCES[kind]}) item JOIN ${table} ${kind} ON ${kind}.id = item.item_id
     WHERE ${matches(vector)}`;
}

/**
 * One `SELECT` per kind giving `kind, item_id, course_id, title, detail, body, hidden, rank,
 * module_id, activity_id` for the items matching the query (`$3`) that the caller (`$1` campus,
 * `$2` user) may see: over their courses (the CTE `mine`, work/my-courses.sql.ts) and by the rules
 * of the lists they read them in (SPACE_ITEM_SOURCES: a content as the course shows it, an exam
 * or a task as the agenda does, a thread as the discussions do) — staff see the hidden ones,
 * `hidden` marking them. `body`: the visible text the snippet is cut from.
 */
export const SEARCH_SOURCES: Record<ItemKind, string> = {
  content: itemSource(
    'content',
    'contents',
    `CASE WHEN content.type = 'text' THEN ${textOf('content.content')} END`,
    `NOT ${CONTENTABLE_ACTIVE}`,
  ),
  exam: itemSource('exam', 'exam_projections', 'NULL::text', 'NOT exam.is_published'),
  task: itemSource('task', 'task_projections', 'NULL::text', 'NOT task.is_active'),
  thread: itemSource(
    'thread',
    'threads',
    textOf('thread.body'),
    `thread.is_hidden OR NOT ${ACTIVITY_ACTIVE}`,
  ),
};

/**
 * Courses: the caller's own (`mine`), or every course of the campus for its admins
 * (`campusWide`). Students find the courses they study in, not the public catalogue: it has its
 * own search (`/public/courses`).
 */
export function courseSource(campusWide: boolean): string {
  return `
    SELECT 'course'::text AS kind, c.id AS item_id, c.id AS course_id, c.name AS title, c.code AS detail,
           ${textOf('c.description')} AS body, FALSE AS hidden, ${rank('course', SEARCH_VECTORS.course('c'))} AS rank,
           NULL::bigint AS module_id, NULL::bigint AS activity_id
      FROM courses c
     WHERE c.tenant_id = $1 ${campusWide ? '' : 'AND c.id IN (SELECT mine.id FROM mine)'}
       AND ${matches(SEARCH_VECTORS.course('c'))}`;
}

/**
 * The people of the caller's courses (their lecturer, assistants and students: classmates and
 * staff for a student, their students and colleagues for those who teach), as the directory and
 * the message recipients show them; a lecturer also finds every lecturer of the campus (the
 * directory's rule), an admin everybody of the campus. Active accounts only, never the caller;
 * `course_id`: a course shared with the caller (the first), for the link.
 */
export function personSource(scope: 'campus' | 'lecturers' | 'members'): string {
  const seen =
    scope === 'campus'
      ? 'TRUE'
      : `shared.course_id IS NOT NULL${scope === 'lecturers' ? ` OR u.role = 'lecturer'` : ''}`;
  return `
    SELECT 'person'::text AS kind, u.id AS item_id, shared.course_id, u.name AS title, u.role::text AS detail,
           NULL::text AS body, FALSE AS hidden, ${rank('person', SEARCH_VECTORS.person('u'))} AS rank,
           NULL::bigint AS module_id, NULL::bigint AS activity_id
      FROM users u
      LEFT JOIN LATERAL (
           SELECT min(member.course_id) AS course_id FROM (
             SELECT c.id AS course_id FROM courses c JOIN mine ON mine.id = c.id WHERE c.lecturer_id = u.id
             UNION ALL
             SELECT ca.course_id FROM course_assistants ca JOIN mine ON mine.id = ca.course_id WHERE ca.user_id = u.id
             UNION ALL
             SELECT cl.course_id FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
               JOIN mine ON mine.id = cl.course_id WHERE cs.user_id = u.id) member) shared ON TRUE
     WHERE u.tenant_id = $1 AND u.active AND u.id <> $2 AND (${seen})
       AND ${matches(SEARCH_VECTORS.person('u'))}`;
}
