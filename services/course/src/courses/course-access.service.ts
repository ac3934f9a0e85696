import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { assertCourseRole, type AuthContext, type CourseRole, type CourseRoleLookup } from '@lms/auth';
import { notFound } from '@lms/jsonapi';

/** Who teaches a course: its lecturer and its assistants (the coordinator is one of them). */
export const TEACHING: readonly CourseRole[] = ['LECTURER', 'COORDINATOR', 'ASSISTANT'];
/** Who runs a course's administration (enrolment windows). */
export const LEADING: readonly CourseRole[] = ['LECTURER', 'COORDINATOR'];
export const LECTURER_ONLY: readonly CourseRole[] = ['LECTURER'];

interface RoleRow {
  lecturer_id: number | null;
  is_coordinator: boolean | null;
  is_student: boolean;
  is_public: boolean;
}

/**
 * SQL conditions on a course alias: the caller teaches it, or may read it (teaches, studies in
 * one of its classes, is an admin of its campus, or the course is public). Always combine with
 * the tenant condition `<alias>.tenant_id = :tenantId`.
 */
export function teachesSql(alias: string): string {
  return `(${alias}.lecturer_id = :me OR EXISTS (SELECT 1 FROM course_assistants ca_t
            WHERE ca_t.course_id = ${alias}.id AND ca_t.user_id = :me))`;
}

/**
 * SQL condition on a course alias: the caller sees the course's hidden (inactive) modules,
 * activities and their contents: those who teach it and the admins of its campus. Students and
 * readers of a public course see only active items.
 */
export function seesHiddenSql(alias: string, auth: AuthContext): string {
  return auth.role === 'admin' ? 'TRUE' : teachesSql(alias);
}

export function readsSql(alias: string, auth: AuthContext): string {
  if (auth.role === 'admin') return 'TRUE';
  return `(${alias}.is_public OR ${teachesSql(alias)} OR EXISTS (SELECT 1 FROM class_students cs_r
            JOIN classes cl_r ON cl_r.id = cs_r.class_id
            WHERE cl_r.course_id = ${alias}.id AND cs_r.user_id = :me))`;
}

/**
 * The caller's role in a course of their campus, from the course's own tables. A course of
 * another campus, or one the caller has nothing to do with, does not exist for them (404).
 */
@Injectable()
export class CourseAccess implements CourseRoleLookup {
  constructor(private readonly dataSource: DataSource) {}

  private async row(
    tenantId: number,
    courseId: number,
    userId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<RoleRow | null> {
    if (!Number.isSafeInteger(courseId)) return null;
    const rows: RoleRow[] = await manager.query(
      `SELECT c.lecturer_id, ca.is_coordinator, c.is_public,
              EXISTS (SELECT 1 FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
                      WHERE cl.course_id = c.id AND cs.user_id = $3) AS is_student
         FROM courses c
         LEFT JOIN course_assistants ca ON ca.course_id = c.id AND ca.user_id = $3
        WHERE c.id = $2 AND c.tenant_id = $1`,
      [tenantId, courseId, userId],
    );
    return rows[0] ?? null;
  }

  private static roleOf(row: RoleRow, userId: number): CourseRole | null {
    if (row.lecturer_id === userId) return 'LECTURER';
    if (row.is_coordinator === true) return 'COORDINATOR';
    if (row.is_coordinator === false) return 'ASSISTANT';
    if (row.is_student) return 'STUDENT';
    return null;
  }

  async courseRole(tenantId: number, courseId: number, userId: number): Promise<CourseRole | null> {
    const row = await this.row(tenantId, courseId, userId);
    return row && CourseAccess.roleOf(row, userId);
  }

  /** Passes when the caller holds one of `allowed` in the course; 404 / 403 otherwise. */
  require(auth: AuthContext, courseId: number, allowed: readonly CourseRole[]): Promise<CourseRole> {
    return assertCourseRole(this, auth, courseId, allowed);
  }

  /** The caller teaches the course (lecturer, coordinator or assistant). */
  requireTeaching(auth: AuthContext, courseId: number): Promise<CourseRole> {
    return this.require(auth, courseId, TEACHING);
  }

  /**
   * The caller may read the course: a member, an admin of its campus, or anyone of the campus
   * when the course is public. Returns the caller's role (null for admins and public readers).
   */
  async requireReader(auth: AuthContext, courseId: number): Promise<CourseRole | null> {
    const row = await this.row(auth.tenantId, courseId, auth.userId);
    if (!row) throw notFound('Course not found');
    const role = CourseAccess.roleOf(row, auth.userId);
    if (role === null && !row.is_public && auth.role !== 'admin') throw notFound('Course not found');
    return role;
  }
}
