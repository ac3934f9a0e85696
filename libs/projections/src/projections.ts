import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CourseClassProjection } from './course-class.entity';
import { CourseProjection } from './course.entity';
import { ActivityProjection } from './structure.entity';
import { TenantProjection } from './tenant.entity';
import { UserProjection } from './user.entity';

/**
 * The campus (tenant id) served at `host`, or null when none is, from the tenants projection: the
 * `campusOfHost` of a service's `RealtimeModule` (a socket's handshake is of that campus only).
 */
export const campusIdOfHost =
  (dataSource: DataSource) =>
  async (host: string): Promise<number | null> =>
    (await dataSource.getRepository(TenantProjection).findOneBy({ domain: host }))?.id ?? null;

/** Who someone is in a course: its lecturer, an assistant, a student of one of its classes. */
export type CourseRole = 'lecturer' | 'assistant' | 'student';

/** Anyone asking, as a token names them. */
export interface Caller {
  userId: number;
  tenantId: number;
}

/**
 * Questions a service asks of its projections. Every answer is scoped to the caller's campus:
 * another campus's course is unknown (null, false, empty). `manager` runs the query inside the
 * caller's transaction.
 */
@Injectable()
export class Projections {
  constructor(private readonly dataSource: DataSource) {}

  /** The campus served at `host` (lower case, no port). */
  campusByHost(host: string, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(TenantProjection, { domain: host });
  }

  /** The course, if it is one of the campus's. */
  course(tenantId: number, courseId: number, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(CourseProjection, { id: courseId, tenantId });
  }

  /** Users by id, of the campus only. */
  async users(tenantId: number, ids: readonly number[], manager: EntityManager = this.dataSource.manager) {
    if (ids.length === 0) return [];
    return manager
      .getRepository(UserProjection)
      .createQueryBuilder('user')
      .where('user.tenant_id = :tenantId AND user.id = ANY(:ids)', { tenantId, ids })
      .orderBy('user.name')
      .addOrderBy('user.id')
      .getMany();
  }

  /** The caller's role in the course (staff before student), or null. */
  async roleIn(caller: Caller, courseId: number, manager: EntityManager = this.dataSource.manager) {
    const rows: Array<{ role: CourseRole }> = await manager.query(
      `SELECT role FROM course_staff WHERE course_id = $1 AND user_id = $2 AND tenant_id = $3
       UNION ALL
       SELECT 'student' FROM course_students WHERE course_id = $1 AND user_id = $2 AND tenant_id = $3 AND enrolled
       LIMIT 1`,
      [courseId, caller.userId, caller.tenantId],
    );
    return rows[0]?.role ?? null;
  }

  /** Whether the caller teaches the course (its lecturer or an assistant): who may author in it. */
  async canAuthor(caller: Caller, courseId: number, manager: EntityManager = this.dataSource.manager) {
    const role = await this.roleIn(caller, courseId, manager);
    return role === 'lecturer' || role === 'assistant';
  }

  /** Ids of the courses the caller teaches. */
  async coursesTaughtBy(caller: Caller, manager: EntityManager = this.dataSource.manager) {
    const rows: Array<{ course_id: string }> = await manager.query(
      `SELECT course_id FROM course_staff WHERE user_id = $1 AND tenant_id = $2 ORDER BY course_id`,
      [caller.userId, caller.tenantId],
    );
    return rows.map((row) => Number(row.course_id));
  }

  /** Ids of the classes the caller is a student of. */
  async classesOf(caller: Caller, manager: EntityManager = this.dataSource.manager) {
    const rows: Array<{ class_id: string }> = await manager.query(
      `SELECT class_id FROM course_students WHERE user_id = $1 AND tenant_id = $2 AND enrolled ORDER BY class_id`,
      [caller.userId, caller.tenantId],
    );
    return rows.map((row) => Number(row.class_id));
  }

  /** The classes of the course, by id. */
  classesOfCourse(tenantId: number, courseId: number, manager: EntityManager = this.dataSource.manager) {
    return manager.find(CourseClassProjection, { where: { tenantId, courseId }, order: { id: 'ASC' } });
  }

  /** Ids of the students enrolled in any of the classes. */
  async studentsOf(classIds: readonly number[], manager: EntityManager = this.dataSource.manager) {
    if (classIds.length === 0) return [];
    const rows: Array<{ user_id: string }> = await manager.query(
      `SELECT DISTINCT user_id FROM course_students WHERE class_id = ANY($1::bigint[]) AND enrolled ORDER BY user_id`,
      [classIds],
    );
    return rows.map((row) => Number(row.user_id));
  }

  /** The activity, if it belongs to the course. */
  activity(courseId: number, activityId: number, manager: EntityManager = this.dataSource.manager) {
    return manager.findOneBy(ActivityProjection, { id: activityId, courseId });
  }
}
