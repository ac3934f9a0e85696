import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { filterParameter, filterSql, type ParsedQuery } from '@lms/jsonapi';

/** A person as a room or a message shows them. */
export interface Person {
  id: number;
  name: string;
  thumbnail: string | null;
  /** Their username (spec 03 §3 `code`). */
  code: string;
  /** Their platform role (spec 03 §3 `level`). */
  level: string;
}

interface PersonRow {
  id: string;
  name: string;
  thumbnail: string | null;
  username: string;
  role: string;
}

const toPerson = (row: PersonRow): Person => ({
  id: Number(row.id),
  name: row.name,
  thumbnail: row.thumbnail,
  code: row.username,
  level: row.role,
});

/**
 * Who may talk to whom (docs/architecture.md "Who sees whom"): people who share a course (as its
 * staff or enrolled students), a lecturer with any lecturer or administrator of the campus, an
 * administrator with anyone of it. Active users of the caller's campus only.
 */
const REACHABLE_SQL = `WITH mine AS (
    SELECT course_id FROM course_staff WHERE user_id = $1 AND tenant_id = $2
    UNION SELECT course_id FROM course_students WHERE user_id = $1 AND tenant_id = $2 AND enrolled)
  SELECT u.id, u.name, u.thumbnail, u.username, u.role FROM users u
   WHERE u.tenant_id = $2 AND u.active AND u.id = ANY($3::bigint[]) AND (
         $4::boolean
      OR ($5::boolean AND u.role IN ('lecturer', 'admin', 'lptk'))
      OR EXISTS (SELECT 1 FROM course_staff s JOIN mine m ON m.course_id = s.course_id WHERE s.user_id = u.id)
      OR EXISTS (SELECT 1 FROM course_students st JOIN mine m ON m.course_id = st.course_id
                  WHERE st.user_id = u.id AND st.enrolled))`;

/**
 * Whom the caller may send a course message (the rule of `MessagesService.courseFor`): people who
 * share a course with them where one of the two teaches it, or where both study it and its staff
 * let students write to classmates. `$1` the caller, `$2` their campus; `reach` names each
 * (user, course) it goes through.
 */
const MESSAGE_REACH_SQL = `WITH mine AS (
    SELECT course_id, true AS staff FROM course_staff WHERE user_id = $1 AND tenant_id = $2
    UNION ALL SELECT course_id, false FROM course_students WHERE user_id = $1 AND tenant_id = $2 AND enrolled),
  members AS (
    SELECT s.course_id, s.user_id, true AS staff FROM course_staff s JOIN mine USING (course_id)
    UNION ALL SELECT st.course_id, st.user_id, false FROM course_students st JOIN mine USING (course_id)
     WHERE st.enrolled),
  reach AS (
    SELECT t.user_id, t.course_id FROM members t JOIN mine m ON m.course_id = t.course_id
      LEFT JOIN course_message_settings cms ON cms.course_id = t.course_id
     WHERE m.staff OR t.staff OR coalesce(cms.students_may_message_classmates, false))`;

/** People of the campus as the messaging screens show them, and whom the caller may reach. */
@Injectable()
export class People {
  constructor(private readonly dataSource: DataSource) {}

  /** The people of these ids the caller may write to (the others are left out). */
  async reachable(
    auth: AuthContext,
    ids: readonly number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, Person>> {
    if (ids.length === 0) return new Map();
    const rows: PersonRow[] = await manager.query(REACHABLE_SQL, [
      auth.userId,
      auth.tenantId,
      ids,
      auth.role === 'admin',
      auth.role === 'lecturer' || auth.role === 'lptk',
    ]);
    return new Map(rows.map((row) => [Number(row.id), toPerson(row)]));
  }

  /**
   * The people the caller may send a course message, active, never themselves: `filter[name][like]`,
   * `filter[course_id][is]` (through that course), `filter[id][is]`, sorted by name, a page and the total.
   */
  async messageRecipients(auth: AuthContext, query: ParsedQuery): Promise<[Person[], number]> {
    const parameters: unknown[] = [auth.userId, auth.tenantId];
    const conditions = query.filters.map((filter) => {
      const value = filterParameter(filter);
      if (value !== undefined) parameters.push(value);
      return filterSql(filter, `$${parameters.length}`);
    });
    const onPerson = conditions.filter((_, index) => query.filters[index].column.startsWith('u.'));
    const onCourse = conditions.filter((_, index) => query.filters[index].column.startsWith('r.'));
    const order = [...query.sort.map((sort) => `${sort.column} ${sort.direction}`), 'u.id ASC'].join(', ');
    parameters.push(query.limit, query.offset);
    const rows: Array<PersonRow & { total: string }> = await this.dataSource.query(
      `${MESSAGE_REACH_SQL}
       SELECT u.id, u.name, u.thumbnail, u.username, u.role, count(*) OVER () AS total FROM users u
        WHERE u.tenant_id = $2 AND u.active AND u.id <> $1
          AND EXISTS (SELECT 1 FROM reach r WHERE r.user_id = u.id${onCourse.map((sql) => ` AND ${sql}`).join('')})
          ${onPerson.map((sql) => `AND ${sql}`).join(' ')}
        ORDER BY ${order} LIMIT $${parameters.length - 1} OFFSET $${parameters.length}`,
      parameters,
    );
    return [rows.map(toPerson), Number(rows[0]?.total ?? 0)];
  }

  /** These people of the campus, by id (unknown ids are left out). */
  async byId(
    tenantId: number,
    ids: readonly number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, Person>> {
    if (ids.length === 0) return new Map();
    const rows: PersonRow[] = await manager.query(
      `SELECT id, name, thumbnail, username, role FROM users WHERE tenant_id = $1 AND id = ANY($2::bigint[])`,
      [tenantId, [...new Set(ids)]],
    );
    return new Map(rows.map((row) => [Number(row.id), toPerson(row)]));
  }
}

/** Someone the projection does not know (yet): shown by id. */
export const unknownPerson = (id: number): Person => ({
  id,
  name: `#${id}`,
  thumbnail: null,
  code: '',
  level: 'student',
});
