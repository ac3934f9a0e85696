import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext, CourseRole } from '@lms/auth';
import { notFound } from '@lms/jsonapi';
import { CourseAccess, readsSql, seesHiddenSql, TEACHING } from '../courses/course-access.service';
import type { PostAuthor } from './threads.resource';
import { Thread } from './thread.entity';

/** The caller in a thread's course: their role (null for an admin or a public course's reader). */
export interface Viewer {
  auth: AuthContext;
  role: CourseRole | null;
  /** Teaches the course, or administers the campus: sees hidden threads and replies, moderates. */
  staff: boolean;
}

/** A thread's activity (and its module) are not archived: SQL on the alias `thread`. */
export const ACTIVITY_LIVE = `(thread.activity_id IS NULL OR EXISTS (SELECT 1 FROM activities a_l
    JOIN modules m_l ON m_l.id = a_l.module_id
   WHERE a_l.id = thread.activity_id AND a_l.deleted_at IS NULL AND m_l.deleted_at IS NULL))`;
/** …and active (students see only active activities of active modules). */
export const ACTIVITY_ACTIVE = `(thread.activity_id IS NULL OR EXISTS (SELECT 1 FROM activities a_a
    JOIN modules m_a ON m_a.id = a_a.module_id
   WHERE a_a.id = thread.activity_id AND a_a.is_active AND m_a.is_active))`;

/**
 * The threads a caller may read, as conditions on the alias `thread` (parameters `:tenantId`,
 * `:me`): those of the courses they teach (hidden ones too) and, in courses they otherwise read
 * (as a student, an admin, or anyone of the campus for a public course), the threads not hidden
 * on active activities. Threads of archived activities are nobody's.
 */
export function readableThreadsSql(auth: AuthContext): string[] {
  return [
    'thread.tenant_id = :tenantId',
    ACTIVITY_LIVE,
    `EXISTS (SELECT 1 FROM courses course WHERE course.id = thread.course_id AND course.tenant_id = :tenantId
       AND (${seesHiddenSql('course', auth)}
            OR (${readsSql('course', auth)} AND NOT thread.is_hidden AND ${ACTIVITY_ACTIVE})))`,
  ];
}

/** The threads anyone may read without signing in: not hidden, on active activities of active public courses. */
export const PUBLIC_THREADS_SQL = [
  'thread.tenant_id = :tenantId',
  'NOT thread.is_hidden',
  ACTIVITY_LIVE,
  ACTIVITY_ACTIVE,
  `EXISTS (SELECT 1 FROM courses course WHERE course.id = thread.course_id AND course.tenant_id = :tenantId
     AND course.is_public AND course.is_active)`,
];

/** Who may see and do what in discussions, and who wrote what, from the course's own tables. */
@Injectable()
export class ThreadAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly courses: CourseAccess,
  ) {}

  /** The caller in a course they may read; 404 otherwise. */
  async viewer(auth: AuthContext, courseId: number): Promise<Viewer> {
    const role = await this.courses.requireReader(auth, courseId);
    return { auth, role, staff: auth.role === 'admin' || (role !== null && TEACHING.includes(role)) };
  }

  /**
   * A thread the caller may read, with the caller as its course sees them; 404 for a thread of
   * another campus or course, a hidden one (or one on an inactive activity) for all but the
   * staff. `lock` reads it FOR UPDATE in `manager`'s transaction.
   */
  async thread(
    auth: AuthContext,
    id: number,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<{ thread: Thread; viewer: Viewer }> {
    const manager = options.manager ?? this.dataSource.manager;
    const qb = manager
      .getRepository(Thread)
      .createQueryBuilder('thread')
      .where('thread.id = :id AND thread.tenant_id = :tenantId', { id, tenantId: auth.tenantId })
      .andWhere(ACTIVITY_LIVE);
    const thread = await (options.lock ? qb.setLock('pessimistic_write') : qb).getOne();
    if (!thread) throw notFound('Thread not found');
    const viewer = await this.viewer(auth, Number(thread.courseId)).catch(() => {
      throw notFound('Thread not found');
    });
    if (!viewer.staff) {
      const [active]: Array<{ ok: boolean }> = await manager.query(
        `SELECT ${ACTIVITY_ACTIVE.replace(/thread\.activity_id/g, '$1::bigint')} AS ok`,
        [thread.activityId],
      );
      if (thread.isHidden || !active.ok) throw notFound('Thread not found');
    }
    return { thread, viewer };
  }

  /** The courses among `courseIds` the caller teaches (all of them for an admin). */
  async taught(auth: AuthContext, courseIds: number[]): Promise<Set<number>> {
    if (auth.role === 'admin') return new Set(courseIds);
    if (courseIds.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT c.id FROM courses c
        WHERE c.id = ANY($1::bigint[]) AND (c.lecturer_id = $2 OR EXISTS (SELECT 1 FROM course_assistants ca
              WHERE ca.course_id = c.id AND ca.user_id = $2))`,
      [courseIds, auth.userId],
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  /** The authors of posts, each with whether they teach the post's course: `${userId}:${courseId}` → author. */
  async authors(posts: Array<{ userId: number; courseId: number }>): Promise<Map<string, PostAuthor>> {
    const found = new Map<string, PostAuthor>();
    if (posts.length === 0) return found;
    const rows: Array<{
      user_id: string;
      course_id: string;
      name: string | null;
      thumbnail: string | null;
      is_staff: boolean;
    }> = await this.dataSource.query(
      `SELECT DISTINCT p.user_id, p.course_id, u.name, u.thumbnail,
              (c.lecturer_id = p.user_id OR EXISTS (SELECT 1 FROM course_assistants ca
                WHERE ca.course_id = p.course_id AND ca.user_id = p.user_id)) AS is_staff
         FROM unnest($1::bigint[], $2::bigint[]) AS p(user_id, course_id)
         JOIN courses c ON c.id = p.course_id
         LEFT JOIN users u ON u.id = p.user_id`,
      [posts.map((post) => post.userId), posts.map((post) => post.courseId)],
    );
    for (const row of rows)
      found.set(`${row.user_id}:${row.course_id}`, {
        id: Number(row.user_id),
        name: row.name ?? `#${row.user_id}`,
        thumbnail: row.thumbnail,
        is_staff: row.is_staff,
      });
    return found;
  }

  /**
   * The members of a course (staff and students of its classes) among the given usernames,
   * except `exclude`: whom a `@username` mention reaches.
   */
  async membersNamed(
    manager: EntityManager,
    tenantId: number,
    courseId: number,
    usernames: string[],
    exclude: number,
  ): Promise<number[]> {
    if (usernames.length === 0) return [];
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT u.id FROM users u JOIN courses c ON c.id = $2 AND c.tenant_id = $1
        WHERE u.tenant_id = $1 AND lower(u.username) = ANY($3::text[]) AND u.id <> $4
          AND (u.id = c.lecturer_id
               OR EXISTS (SELECT 1 FROM course_assistants ca WHERE ca.course_id = c.id AND ca.user_id = u.id)
               OR EXISTS (SELECT 1 FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
                           WHERE cl.course_id = c.id AND cs.user_id = u.id))
        ORDER BY u.id`,
      [tenantId, courseId, usernames, exclude],
    );
    return rows.map((row) => Number(row.id));
  }
}
