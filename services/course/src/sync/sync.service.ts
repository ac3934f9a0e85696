import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { type CourseEnrolmentChanged, recordEvent, UnitOfWork } from '@lms/events';
import { attributePointer, forbidden, unprocessable, type ValidationIssue } from '@lms/jsonapi';
import { UpstreamError, upstreamAnswer } from '@lms/platform';
import { CourseAccess, LECTURER_ONLY } from '../courses/course-access.service';
import { CourseAdminService } from '../courses/course-admin.service';
import { Course } from '../courses/course.entity';
import { recordCourseUpserted } from '../courses/course-snapshot.data';
import { enterMembershipWrite } from '../courses/members.data';
import { recordStaffChanged } from '../staff/staff.data';
import { lockCourse } from '../structure/structure.data';
import { type Membership, planRoster, type UnmatchedStudent } from './roster.plan';
import { ACADEMIC_SYSTEM, type AcademicCourse, type AcademicSystem } from './academic-system';

/** The call `{year, type, code, period_id}`, validated. */
export interface SyncRequest {
  year: number;
  type: string;
  code: string;
  period_id: number;
}

/** What a sync did: counts are of this run (all 0 and `changed` false when nothing differed). */
export interface SyncOutcome {
  courseId: number;
  courseCreated: boolean;
  /** The name or the lecturer changed, or the course became one of the academic system. */
  courseUpdated: boolean;
  classesCreated: number;
  studentsAdded: number;
  studentsRemoved: number;
  /** Students now in the classes the academic system lists. */
  studentsTotal: number;
  unmatchedStudents: UnmatchedStudent[];
  /** The academic system's lecturer (NIDN) when no single lecturer of the campus has it. */
  unmatchedLecturer: string | null;
}

interface PeriodRow {
  id: number;
  name: string;
  year: number;
  type: string;
}

interface CourseRow {
  id: number;
  name: string;
  lecturer_id: number | null;
  is_from_six: boolean;
}

const problem = (field: string, detail: string) =>
  unprocessable([{ pointer: attributePointer(field), detail }]);

/** `{class_id, user_id}` pairs as two arrays, for `unnest($1::bigint[], $2::bigint[])`. */
const columns = (rows: Membership[]) => [rows.map((row) => row.class_id), rows.map((row) => row.user_id)];

/**
 * Pulls one course from the academic system and upserts it in one transaction: the course (by
 * campus, period and code), its classes (by name) and their rosters (students by NIM). The
 * classes the academic system lists get exactly its roster; a student it places in one of them
 * leaves any other class of the course; classes it does not list are left as they are. Students
 * and lecturers are matched to the campus's users (the projection of identity's), never created:
 * those without a match are reported. Each membership change records `course.enrolment.changed`
 * (reason `synced`), a new course or a new lecturer `course.staff.changed`.
 */
@Injectable()
export class SyncService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
    @Inject(ACADEMIC_SYSTEM) private readonly academic: AcademicSystem,
    private readonly admin: CourseAdminService,
  ) {}

  /** Pulls one course from the academic system and upserts it: the course with its classes, and what changed. */
  async syncCourse(
    auth: AuthContext,
    request: SyncRequest,
  ): Promise<{ course: Course; outcome: SyncOutcome }> {
    const period = await this.periodFor(auth, request);
    // Asked before the transaction: no database connection waits on another system.
    const upstream = await this.fetch(auth, period, request.code);
    const lecturerId = upstream.lecturer
      ? await this.lecturerByNidn(auth.tenantId, upstream.lecturer.nidn)
      : null;
    const existing = await this.findCourse(this.dataSource.manager, auth.tenantId, period.id, upstream.code);
    await this.authorize(auth, existing, lecturerId);
    const outcome = await this.unit.run((manager) =>
      this.apply(manager, auth, period.id, upstream, lecturerId),
    );
    return { course: await this.admin.load(auth, outcome.courseId, ['class']), outcome };
  }

  /** The period of the caller's campus, whose year and type the call must repeat. */
  private async periodFor(auth: AuthContext, request: SyncRequest): Promise<PeriodRow> {
    const [period]: PeriodRow[] = await this.dataSource.query(
      `SELECT id, name, year, type FROM periods WHERE id = $1 AND tenant_id = $2`,
      [request.period_id, auth.tenantId],
    );
    if (!period) throw problem('period_id', 'period_id is not a period of this campus');
    const issues: ValidationIssue[] = [];
    if (request.year !== period.year)
      issues.push({
        pointer: attributePointer('year'),
        detail: `year must be ${period.year}, the year of period ${period.name}`,
      });
    if (request.type.trim().toUpperCase() !== period.type.toUpperCase())
      issues.push({
        pointer: attributePointer('type'),
        detail: `type must be ${period.type}, the type of period ${period.name}`,
      });
    if (issues.length > 0) throw unprocessable(issues);
    return period;
  }

  private async fetch(auth: AuthContext, period: PeriodRow, code: string): Promise<AcademicCourse> {
    let course: AcademicCourse | null;
    try {
      course = await this.academic.fetchCourse({
        campusId: auth.tenantId,
        year: period.year,
        type: period.type,
        code,
      });
    } catch (error) {
      if (error instanceof UpstreamError) throw upstreamAnswer(error);
      throw error;
    }
    if (!course)
      throw problem('code', `The academic system has no course ${code} in ${period.year} ${period.type}`);
    return course;
  }

  /** The one lecturer of the campus with this NIDN; null when none or several have it. */
  private async lecturerByNidn(tenantId: number, nidn: string): Promise<number | null> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT id FROM users WHERE tenant_id = $1 AND role = 'lecturer' AND nidn = $2 LIMIT 2`,
      [tenantId, nidn],
    );
    return rows.length === 1 ? rows[0].id : null;
  }

  /** The course of the campus with this period and code (one of the academic system's first). */
  private async findCourse(
    manager: EntityManager,
    tenantId: number,
    periodId: number,
    code: string,
  ): Promise<CourseRow | null> {
    const [course]: CourseRow[] = await manager.query(
      `SELECT id, name, lecturer_id, is_from_six FROM courses
        WHERE tenant_id = $1 AND period_id = $2 AND code = $3
        ORDER BY is_from_six DESC, id LIMIT 1`,
      [tenantId, periodId, code],
    );
    return course ?? null;
  }

  /**
   * An admin of the campus may sync any course; a lecturer one the academic system says they
   * teach, or one they lecture here. Another lecturer gets what the course's rules give them
   * (404 when they have nothing to do with it, 403 for its assistants); a course not here yet
   * that the academic system gives to someone else is a 403.
   */
  private async authorize(auth: AuthContext, existing: CourseRow | null, lecturerId: number | null) {
    if (auth.role === 'admin' || lecturerId === auth.userId) return;
    if (existing) {
      await this.access.require(auth, existing.id, LECTURER_ONLY);
      return;
    }
    throw forbidden(
      'Only the lecturer of the course in the academic system, or an admin of the campus, may sync it',
    );
  }

  private async apply(
    manager: EntityManager,
    auth: AuthContext,
    periodId: number,
    upstream: AcademicCourse,
    lecturerId: number | null,
  ): Promise<SyncOutcome> {
    // Two syncs of one course wait for each other: the second finds what the first created.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `course-sync:${auth.tenantId}:${periodId}:${upstream.code}`,
    ]);
    const found = await this.findCourse(manager, auth.tenantId, periodId, upstream.code);
    let courseId: number;
    let staffChanged = false;
    let courseUpdated = false;
    if (!found) {
      const course = await manager.save(
        manager.create(Course, {
          tenantId: auth.tenantId,
          name: upstream.name,
          code: upstream.code,
          periodId,
          lecturerId,
          isFromSix: true,
        }),
      );
      courseId = course.id;
      staffChanged = true;
    } else {
      courseId = found.id;
      await lockCourse(manager, courseId);
      const changes: Partial<Course> = {};
      if (found.name !== upstream.name) changes.name = upstream.name;
      if (!found.is_from_six) changes.isFromSix = true;
      if (lecturerId !== null && found.lecturer_id !== lecturerId) {
        changes.lecturerId = lecturerId;
        staffChanged = true;
        // The new lecturer is no longer (also) an assistant, as when a lecturer hands a course on.
        await manager.query(`DELETE FROM course_assistants WHERE course_id = $1 AND user_id = $2`, [
          courseId,
          lecturerId,
        ]);
      }
      courseUpdated = Object.keys(changes).length > 0;
      if (courseUpdated) await manager.update(Course, { id: courseId }, changes);
    }
    if (staffChanged) await recordStaffChanged(manager, auth, courseId);

    const { classIds, created } = await this.upsertClasses(manager, auth.tenantId, courseId, upstream);
    const roster = await this.syncRosters(manager, auth, courseId, upstream, classIds);
    if (!found || courseUpdated || created > 0) await recordCourseUpserted(manager, auth.userId, courseId);
    return {
      courseId,
      courseCreated: !found,
      courseUpdated,
      classesCreated: created,
      ...roster,
      unmatchedLecturer: upstream.lecturer && lecturerId === null ? upstream.lecturer.nidn : null,
    };
  }

  /** Class id per class name of the academic system, creating the classes the course lacks. */
  private async upsertClasses(
    manager: EntityManager,
    tenantId: number,
    courseId: number,
    upstream: AcademicCourse,
  ): Promise<{ classIds: Map<string, number>; created: number }> {
    const rows: Array<{ id: number; name: string }> = await manager.query(
      `SELECT id, name FROM classes WHERE course_id = $1 ORDER BY id`,
      [courseId],
    );
    const classIds = new Map<string, number>();
    for (const row of rows) if (!classIds.has(row.name)) classIds.set(row.name, row.id);
    const missing = upstream.classes.map((item) => item.name).filter((name) => !classIds.has(name));
    if (missing.length > 0) {
      const inserted: Array<{ id: number; name: string }> = await manager.query(
        `INSERT INTO classes (tenant_id, course_id, name)
         SELECT $1, $2, name FROM unnest($3::varchar[]) WITH ORDINALITY AS given(name, position)
         ORDER BY position RETURNING id, name`,
        [tenantId, courseId, missing],
      );
      for (const row of inserted) classIds.set(row.name, row.id);
    }
    return { classIds, created: missing.length };
  }

  private async syncRosters(
    manager: EntityManager,
    auth: AuthContext,
    courseId: number,
    upstream: AcademicCourse,
    classIds: Map<string, number>,
  ) {
    const nims = upstream.classes.flatMap((item) => item.students.map((student) => student.nim));
    const users: Array<{ id: number; nim: string }> =
      nims.length === 0
        ? []
        : await manager.query(
            `SELECT id, nim FROM users WHERE tenant_id = $1 AND role = 'student' AND nim = ANY($2)`,
            [auth.tenantId, nims],
          );
    const usersByNim = new Map<string, number[]>();
    for (const user of users) usersByNim.set(user.nim, [...(usersByNim.get(user.nim) ?? []), user.id]);

    const members: Membership[] = await manager.query(
      `SELECT cs.class_id, cs.user_id FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
        WHERE cl.course_id = $1 ORDER BY cs.class_id, cs.user_id`,
      [courseId],
    );
    const { removed, added, placed, unmatchedStudents } = planRoster({
      classes: upstream.classes,
      classIds,
      usersByNim,
      members,
    });

    if (removed.length > 0) {
      await manager.query(
        `DELETE FROM class_students cs USING unnest($1::bigint[], $2::bigint[]) AS gone(class_id, user_id)
          WHERE cs.class_id = gone.class_id AND cs.user_id = gone.user_id`,
        columns(removed),
      );
    }
    if (added.length > 0) {
      await manager.query(
        `INSERT INTO class_students (class_id, user_id)
         SELECT class_id, user_id FROM unnest($1::bigint[], $2::bigint[]) AS given(class_id, user_id)`,
        columns(added),
      );
    }
    if (removed.length + added.length > 0) await enterMembershipWrite(manager);
    const changed = (member: Membership, enrolled: boolean) =>
      recordEvent(manager, 'course.enrolment.changed', {
        tenantId: auth.tenantId,
        actorId: auth.userId,
        key: courseId,
        data: {
          courseId,
          classId: member.class_id,
          userId: member.user_id,
          enrolled,
          reason: 'synced',
        } satisfies CourseEnrolmentChanged,
      });
    for (const member of removed) await changed(member, false);
    for (const member of added) await changed(member, true);

    return {
      studentsAdded: added.length,
      studentsRemoved: removed.length,
      studentsTotal: placed,
      unmatchedStudents,
    };
  }
}
