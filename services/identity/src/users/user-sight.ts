/**
 * What a caller may see of another user of their campus (docs/architecture.md, "Who sees whom"),
 * from the memberships projection (`course_staff`, `course_students`, fed by the course
 * service's events). SQL fragments are conditions on the alias `user` with the parameters `:me`
 * and `:tenantId`.
 */
import type { EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import type { ParsedQuery } from '@lms/jsonapi';

/**
 * `self`: everything, their notification e-mail too; `detail`: everything else (staff about the
 * students of their courses; admins about everyone); `colleague`: a lecturer about another
 * lecturer — name, avatar and NIDN; `name`: name and avatar only (people sharing a course).
 */
export type Sight = 'self' | 'detail' | 'colleague' | 'name';

/** Admins of a campus (and its lptk accounts) see all of its users in detail. */
const seesAll = (auth: AuthContext) => auth.role === 'admin' || auth.role === 'lptk';

/** Everyone taking part in a course: its staff and its enrolled students. */
const MEMBERS = `(SELECT course_id, user_id FROM course_staff WHERE tenant_id = :tenantId
  UNION ALL SELECT course_id, user_id FROM course_students WHERE enrolled AND tenant_id = :tenantId)`;

/** The enrolled students of the courses the caller teaches. */
const MY_STUDENTS = `(SELECT cs.user_id FROM course_staff st
  JOIN course_students cs ON cs.course_id = st.course_id AND cs.enrolled
  WHERE st.user_id = :me AND st.tenant_id = :tenantId)`;

/** The users the caller sees at all: themselves, people sharing a course, and for lecturers, lecturers. */
export function visibleSql(auth: AuthContext): string {
  if (seesAll(auth)) return 'TRUE';
  const parts = [
    'user.id = :me',
    `user.id IN (SELECT them.user_id FROM ${MEMBERS} mine JOIN ${MEMBERS} them ON them.course_id = mine.course_id
      WHERE mine.user_id = :me)`,
  ];
  if (auth.role === 'lecturer') parts.push(`user.level = 'lecturer'`);
  return `(${parts.join(' OR ')})`;
}

/** The users whose details the caller sees: themselves and the students of their courses. */
function detailSql(auth: AuthContext): string {
  return seesAll(auth) ? 'TRUE' : `(user.id = :me OR user.id IN ${MY_STUDENTS})`;
}

/**
 * Fields shown only in detail (NIDN to lecturers about colleagues too). A filter or a sort on one
 * of them reads the field only where the caller may see it, and NULL elsewhere, so it cannot be
 * used to learn a hidden value (`filter[email][like]=…` on a classmate matches nothing).
 */
const GUARDED: Record<string, (auth: AuthContext) => string> = {
  username: detailSql,
  email: detailSql,
  nim: detailSql,
  active: detailSql,
  period_id: detailSql,
  last_online: detailSql,
  created_at: detailSql,
  nidn: (auth) =>
    auth.role === 'lecturer' ? `(${detailSql(auth)} OR user.level = 'lecturer')` : detailSql(auth),
};

const guard = (condition: string, column: string) =>
  condition === 'TRUE' ? column : `(CASE WHEN ${condition} THEN ${column} END)`;

/** The query with its filters and sorts on guarded fields reading them only where visible. */
export function guardQuery(
  auth: AuthContext,
  query: ParsedQuery,
  sortFields: Record<string, string>,
): ParsedQuery {
  const fieldOfSort = new Map(Object.entries(sortFields).map(([field, column]) => [column, field]));
  return {
    ...query,
    filters: query.filters.map((filter) =>
      GUARDED[filter.field]
        ? { ...filter, column: guard(GUARDED[filter.field](auth), filter.column) }
        : filter,
    ),
    sort: query.sort.map((sort) => {
      const field = fieldOfSort.get(sort.column);
      return field && GUARDED[field] ? { ...sort, column: guard(GUARDED[field](auth), sort.column) } : sort;
    }),
  };
}

/** How the caller sees each of `users` (all visible to them). */
export async function sightsOf(
  manager: EntityManager,
  auth: AuthContext,
  users: ReadonlyArray<{ id: number; level: string }>,
): Promise<Map<number, Sight>> {
  const others = users.filter((user) => user.id !== auth.userId).map((user) => user.id);
  let students = new Set<number>();
  if (!seesAll(auth) && others.length > 0) {
    const rows: Array<{ user_id: number }> = await manager.query(
      `SELECT DISTINCT cs.user_id FROM course_staff st
         JOIN course_students cs ON cs.course_id = st.course_id AND cs.enrolled
        WHERE st.user_id = $1 AND st.tenant_id = $2 AND cs.user_id = ANY($3)`,
      [auth.userId, auth.tenantId, others],
    );
    students = new Set(rows.map((row) => Number(row.user_id)));
  }
  const sight = (user: { id: number; level: string }): Sight => {
    if (user.id === auth.userId) return 'self';
    if (seesAll(auth) || students.has(user.id)) return 'detail';
    if (auth.role === 'lecturer' && user.level === 'lecturer') return 'colleague';
    return 'name';
  };
  return new Map(users.map((user) => [user.id, sight(user)]));
}
