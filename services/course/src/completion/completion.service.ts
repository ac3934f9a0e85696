import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import { attributePointer, escapeLike, forbidden, notFound, unprocessable } from '@lms/jsonapi';
import { CourseAccess } from '../courses/course-access.service';
import { recordTimeline } from '../work/timeline.data';
import type { CompletionableType } from './completion.entity';

/**
 * SQL condition on a contents alias: the content is live and its module and activity are shown
 * to students (not hidden, not archived). With `started`, also open already: the module's and the
 * activity's `start_at` has passed (or they have none).
 */
function shownSql(alias: string, started: boolean): string {
  const open = (item: string) =>
    started ? ` AND (${item}.start_at IS NULL OR ${item}.start_at <= now())` : '';
  return `${alias}.deleted_at IS NULL AND CASE ${alias}.contentable_type
    WHEN 'modules' THEN EXISTS (SELECT 1 FROM modules m_s WHERE m_s.id = ${alias}.contentable_id
      AND m_s.is_active AND m_s.deleted_at IS NULL${open('m_s')})
    WHEN 'activities' THEN EXISTS (SELECT 1 FROM activities a_s JOIN modules m_s ON m_s.id = a_s.module_id
      WHERE a_s.id = ${alias}.contentable_id AND a_s.is_active AND m_s.is_active
        AND a_s.deleted_at IS NULL AND m_s.deleted_at IS NULL${open('a_s')}${open('m_s')})
    ELSE TRUE END`;
}

/**
 * SQL condition on a contents alias: the content counts towards its course's completion (live,
 * shown to students, not excluded by the staff). COUNTING and the dashboard's progress read it.
 */
export function countsSql(alias: string): string {
  return `${alias}.completion_required AND ${shownSql(alias, false)}`;
}

/**
 * The contents of course `$1` that count towards its completion: live, shown to students and not
 * excluded by the staff (`completion_required`). Contents that have not started yet count: the
 * total is the course's plan, whatever the date.
 */
const COUNTING = `SELECT c.id FROM contents c WHERE c.course_id = $1 AND ${countsSql('c')}`;

/** Buckets of the report's distribution: 0–9.99 %, 10–19.99 %, …, 90–99.99 %, and 100 %. */
export const DISTRIBUTION_BUCKETS = 11;

export interface CompletionState {
  courseId: number;
  completionableType: CompletionableType;
  completionableId: number;
  completionRequired: boolean;
  completedAt: Date | null;
  /** For those who teach the course: its students who completed the content; null for a student. */
  students: Array<{ userId: number; name: string; completedAt: Date }> | null;
  /** For those who teach the course: how many students the course has; null for a student. */
  studentCount: number | null;
}

export interface Progress {
  completed: number;
  required: number;
  /** completed / required × 100, two decimals; 0 when nothing counts. */
  percentage: number;
}

export interface CourseCompletions extends Progress {
  courseId: number;
  tracking: boolean;
  /** The caller's marks (a student's; none for staff). */
  items: Array<{ completionableType: CompletionableType; completionableId: number; completedAt: Date }>;
}

export interface ReportRow extends Progress {
  userId: number;
  name: string;
  nim: string | null;
  thumbnail: string | null;
  classIds: number[];
  classNames: string;
}

export interface ReportFilter {
  classId?: number;
  studentName?: string;
  limit: number;
  offset: number;
}

export interface Report {
  rows: ReportRow[];
  total: number;
  required: number;
  tracking: boolean;
  /** Students of the filtered report per bucket ({@link DISTRIBUTION_BUCKETS}). */
  distribution: number[];
}

export function percentageOf(completed: number, required: number): number {
  return required === 0 ? 0 : Math.round((completed * 10000) / required) / 100;
}

interface ContentRow {
  id: number;
  course_id: number;
  completion_required: boolean;
  open: boolean;
  completion_tracking: boolean;
}

/**
 * Completion tracking: students mark the contents of their courses done (or undo it), the staff
 * read who did and a report of every student's progress. A course tracks completion only when its
 * lecturer switched it on (`completion_tracking`).
 */
@Injectable()
export class CompletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
  ) {}

  /** A content of the caller's campus, with whether students may open it now; 404 when none. */
  private async content(auth: AuthContext, id: number, manager?: EntityManager): Promise<ContentRow> {
    const [row]: ContentRow[] = await (manager ?? this.dataSource.manager).query(
      `SELECT c.id, c.course_id, c.completion_required, (${shownSql('c', true)}) AS open,
              co.completion_tracking
         FROM contents c JOIN courses co ON co.id = c.course_id
        WHERE c.id = $1 AND c.tenant_id = $2 AND co.tenant_id = $2 AND c.deleted_at IS NULL`,
      [id, auth.tenantId],
    );
    if (!row) throw notFound('Content not found');
    return row;
  }

  /**
   * Marks a content done for the calling student (`done`), or undoes it; doing what is already so
   * changes nothing and records no event. Only a student of the course, on a content open to them
   * (hidden or not started: 404), in a course that tracks completion (422), on a content that
   * counts (422); staff do not mark for themselves (403).
   */
  async mark(
    auth: AuthContext,
    input: { courseId: number; type: CompletionableType; id: number; done: boolean },
  ): Promise<CompletionState> {
    const content = await this.content(auth, input.id);
    const role = await this.access.courseRole(auth.tenantId, content.course_id, auth.userId);
    if (role === null) throw notFound('Content not found');
    if (role !== 'STUDENT') throw forbidden('Only the students of the course mark its contents done');
    if (!content.open) throw notFound('Content not found');
    if (content.course_id !== input.courseId) {
      throw unprocessable([
        {
          pointer: attributePointer('completionable_id'),
          detail: 'completionable_id is not a content of course_id',
        },
      ]);
    }
    if (!content.completion_tracking) {
      throw unprocessable([
        { pointer: attributePointer('course_id'), detail: 'This course does not track completion' },
      ]);
    }
    if (!content.completion_required) {
      throw unprocessable([
        {
          pointer: attributePointer('completionable_id'),
          detail: 'This content does not count towards completion',
        },
      ]);
    }
    return this.unit.run(async (manager) => {
      const changed: Array<{ id: string; completed_at: Date }> = input.done
        ? await manager.query(
            `INSERT INTO completions (tenant_id, course_id, user_id, completionable_type, completionable_id)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (completionable_type, completionable_id, user_id) DO NOTHING
             RETURNING id, completed_at`,
            [auth.tenantId, content.course_id, auth.userId, input.type, content.id],
          )
        : (
            await manager.query(
              `DELETE FROM completions WHERE completionable_type = $1 AND completionable_id = $2
                  AND user_id = $3 RETURNING id`,
              [input.type, content.id, auth.userId],
            )
          )[0];
      if (changed.length > 0 && input.done)
        // On the student's timeline; undoing the mark later leaves the entry: it happened.
        await recordTimeline(manager, {
          tenantId: auth.tenantId,
          courseId: content.course_id,
          kind: 'content_completed',
          itemId: content.id,
          subjectId: Number(changed[0].id),
          userIds: [auth.userId],
          actorId: null,
          detail: {},
          occurredAt: changed[0].completed_at,
        });
      if (changed.length > 0) {
        const progress = await this.progress(manager, content.course_id, auth.userId);
        await recordEvent(manager, 'course.completion.changed', {
          tenantId: auth.tenantId,
          actorId: auth.userId,
          key: content.course_id,
          data: {
            courseId: content.course_id,
            userId: auth.userId,
            completionableType: input.type,
            completionableId: content.id,
            completed: input.done,
            completedCount: progress.completed,
            requiredCount: progress.required,
          },
        });
      }
      return this.stateIn(manager, auth, content, false);
    });
  }

  /** The caller's state of a content; those who teach the course also read who completed it. */
  async state(auth: AuthContext, id: number): Promise<CompletionState> {
    const content = await this.content(auth, id);
    const role = await this.access.requireReader(auth, content.course_id);
    const staff = role !== null && role !== 'STUDENT';
    if (!staff && !content.open) throw notFound('Content not found');
    return this.stateIn(this.dataSource.manager, auth, content, staff);
  }

  private async stateIn(
    manager: EntityManager,
    auth: AuthContext,
    content: ContentRow,
    staff: boolean,
  ): Promise<CompletionState> {
    const [own]: Array<{ completed_at: Date }> = await manager.query(
      `SELECT completed_at FROM completions
        WHERE completionable_type = 'contents' AND completionable_id = $1 AND user_id = $2`,
      [content.id, auth.userId],
    );
    const state: CompletionState = {
      courseId: content.course_id,
      completionableType: 'contents',
      completionableId: content.id,
      completionRequired: content.completion_required,
      completedAt: own?.completed_at ?? null,
      students: null,
      studentCount: null,
    };
    if (staff) {
      // Current students of the course only; a student who left keeps their marks for a return.
      const rows: Array<{ user_id: number; name: string; completed_at: Date }> = await manager.query(
        `SELECT u.id AS user_id, u.name, co.completed_at
           FROM completions co JOIN users u ON u.id = co.user_id
          WHERE co.completionable_type = 'contents' AND co.completionable_id = $1
            AND EXISTS (SELECT 1 FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
                         WHERE cl.course_id = $2 AND cs.user_id = co.user_id)
          ORDER BY co.completed_at, u.name`,
        [content.id, content.course_id],
      );
      state.students = rows.map((row) => ({
        userId: row.user_id,
        name: row.name,
        completedAt: row.completed_at,
      }));
      const [count]: Array<{ n: number }> = await manager.query(
        `SELECT count(DISTINCT cs.user_id)::int AS n FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
          WHERE cl.course_id = $1`,
        [content.course_id],
      );
      state.studentCount = count.n;
    }
    return state;
  }

  /** How many of the contents that count the student has done, of how many. */
  private async progress(manager: EntityManager, courseId: number, userId: number): Promise<Progress> {
    const [row]: Array<{ completed: number; required: number }> = await manager.query(
      `WITH counting AS (${COUNTING})
       SELECT (SELECT count(*) FROM counting)::int AS required,
              (SELECT count(*) FROM completions co JOIN counting ON counting.id = co.completionable_id
                WHERE co.completionable_type = 'contents' AND co.user_id = $2)::int AS completed`,
      [courseId, userId],
    );
    return { ...row, percentage: percentageOf(row.completed, row.required) };
  }

  /**
   * The caller's marks in a course and their progress, for its page: every member (and campus
   * admin) may ask; those who teach it mark nothing, so theirs is empty.
   */
  async ofCourse(auth: AuthContext, courseId: number): Promise<CourseCompletions> {
    const role = await this.access.requireReader(auth, courseId);
    const [course]: Array<{ completion_tracking: boolean }> = await this.dataSource.query(
      `SELECT completion_tracking FROM courses WHERE id = $1`,
      [courseId],
    );
    const items: Array<{ completionable_id: number; completed_at: Date }> =
      role === 'STUDENT'
        ? await this.dataSource.query(
            `SELECT co.completionable_id, co.completed_at FROM completions co JOIN contents c ON c.id = co.completionable_id
              WHERE co.completionable_type = 'contents' AND co.user_id = $2 AND c.course_id = $1
                AND ${shownSql('c', false)}
              ORDER BY co.completed_at`,
            [courseId, auth.userId],
          )
        : [];
    const progress = await this.progress(this.dataSource.manager, courseId, auth.userId);
    return {
      courseId,
      tracking: course.completion_tracking,
      ...(role === 'STUDENT' ? progress : { ...progress, completed: 0, percentage: 0 }),
      items: items.map((item) => ({
        completionableType: 'contents',
        completionableId: item.completionable_id,
        completedAt: item.completed_at,
      })),
    };
  }

  /**
   * Every student of the course (of one class, whose name or student number matches), by name,
   * with their progress; and, over every student the filter keeps, the total and the distribution
   * of their percentages. One query. For those who teach the course; anyone else: 404.
   */
  async report(auth: AuthContext, courseId: number, filter: ReportFilter): Promise<Report> {
    const role = await this.access.courseRole(auth.tenantId, courseId, auth.userId);
    if (role === null || role === 'STUDENT') throw notFound('Course not found');
    const buckets = Array.from(
      { length: DISTRIBUTION_BUCKETS },
      (_, index) => `count(*) FILTER (WHERE bucket = ${index})::int`,
    ).join(', ');
    const pattern = filter.studentName ? `%${escapeLike(filter.studentName)}%` : null;
    const rows: Array<{
      total: number;
      required: number;
      tracking: boolean;
      distribution: number[];
      user_id: number | null;
      name: string;
      nim: string | null;
      thumbnail: string | null;
      class_ids: number[];
      class_names: string;
      completed: number;
    }> = await this.dataSource.query(
      `WITH counting AS (${COUNTING}),
       required AS (SELECT count(*)::int AS n FROM counting),
       roster AS (
         SELECT cs.user_id, array_agg(cl.id ORDER BY cl.name, cl.id) AS class_ids,
                string_agg(cl.name, ', ' ORDER BY cl.name, cl.id) AS class_names
           FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
          WHERE cl.course_id = $1 AND ($3::bigint IS NULL OR cl.id = $3)
          GROUP BY cs.user_id),
       done AS (
         SELECT co.user_id, count(*)::int AS n
           FROM completions co JOIN counting ON counting.id = co.completionable_id
          WHERE co.completionable_type = 'contents' AND co.course_id = $1
          GROUP BY co.user_id),
       students AS (
         SELECT r.user_id, u.name, u.nim, u.thumbnail, r.class_ids, r.class_names,
                COALESCE(d.n, 0) AS completed,
                CASE WHEN req.n = 0 THEN 0
                     ELSE LEAST(width_bucket(COALESCE(d.n, 0) * 100.0 / req.n, 0, 100, 10), 11) - 1 END AS bucket
           FROM roster r JOIN users u ON u.id = r.user_id AND u.tenant_id = $2
           LEFT JOIN done d ON d.user_id = r.user_id
           CROSS JOIN required req
          WHERE ($4::text IS NULL OR u.name ILIKE $4 OR u.nim ILIKE $4))
       SELECT s.total, req.n AS required, co.completion_tracking AS tracking, s.distribution, p.*
         FROM (SELECT count(*)::int AS total, ARRAY[${buckets}] AS distribution FROM students) s
         CROSS JOIN required req
         JOIN courses co ON co.id = $1
         LEFT JOIN LATERAL (SELECT user_id, name, nim, thumbnail, class_ids, class_names, completed
                              FROM students ORDER BY lower(name), user_id LIMIT $5 OFFSET $6) p ON TRUE`,
      [courseId, auth.tenantId, filter.classId ?? null, pattern, filter.limit, filter.offset],
    );
    const first = rows[0];
    return {
      total: first.total,
      required: first.required,
      tracking: first.tracking,
      distribution: first.distribution,
      rows: rows
        .filter((row) => row.user_id !== null)
        .map((row) => ({
          userId: Number(row.user_id),
          name: row.name,
          nim: row.nim,
          thumbnail: row.thumbnail,
          classIds: row.class_ids.map(Number),
          classNames: row.class_names,
          completed: row.completed,
          required: first.required,
          percentage: percentageOf(row.completed, first.required),
        })),
    };
  }
}
