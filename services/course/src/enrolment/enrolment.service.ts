import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { returnedRows } from '@lms/database';
import type { AuthContext } from '@lms/auth';
import { type CourseEnrolmentChanged, UnitOfWork, recordEvent } from '@lms/events';
import { attributePointer, conflict, formatWireDate, notFound, unprocessable } from '@lms/jsonapi';
import { CourseAccess, LEADING, LECTURER_ONLY, TEACHING } from '../courses/course-access.service';
import { CourseClass } from '../courses/course-class.entity';
import { recordCourseUpserted } from '../courses/course-snapshot.data';
import { enterMembershipWrite } from '../courses/members.data';
import type { Course } from '../courses/course.entity';
import { CoursesService } from '../courses/courses.service';
import { lockCourse } from '../structure/structure.data';
import { EnrolmentToken, EnrolmentWindow } from './enrolment-window.entity';

/** Join tokens: 8 characters without look-alikes (no 0/O, 1/I/L). */
const TOKEN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TOKEN_LENGTH = 8;
/** The class a course gets when a window opens and it has none yet. */
export const DEFAULT_CLASS_NAME = 'Class A';

export function newToken(): string {
  let token = '';
  for (let i = 0; i < TOKEN_LENGTH; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

/**
 * `count` new tokens that no class of the campus holds (current or superseded): the token alone
 * names its class (the unique index `enrolment_tokens_tenant_token_uq` stands behind this).
 */
async function freshTokens(manager: EntityManager, tenantId: number, count: number): Promise<string[]> {
  const tokens = new Set<string>();
  while (tokens.size < count) {
    const wanted = Array.from({ length: count - tokens.size }, newToken).filter(
      (token) => !tokens.has(token),
    );
    const taken = new Set(
      (
        (await manager.query(`SELECT token FROM enrolment_tokens WHERE tenant_id = $1 AND token = ANY($2)`, [
          tenantId,
          wanted,
        ])) as Array<{ token: string }>
      ).map((row) => row.token),
    );
    for (const token of wanted) if (!taken.has(token)) tokens.add(token);
  }
  return [...tokens];
}

const problem = (field: string, detail: string) =>
  unprocessable([{ pointer: attributePointer(field), detail }]);

/**
 * Self-enrolment: the lecturer opens a window with a join token per class; a student takes a
 * token to join that class, may leave, and may be removed by the lecturer. Every change of
 * membership records `course.enrolment.changed`.
 */
@Injectable()
export class EnrolmentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
    private readonly courses: CoursesService,
  ) {}

  private static async membershipChanged(
    manager: EntityManager,
    auth: AuthContext,
    data: CourseEnrolmentChanged,
  ): Promise<unknown> {
    await enterMembershipWrite(manager);
    return recordEvent(manager, 'course.enrolment.changed', {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      key: data.courseId,
      data,
    });
  }

  /** Opens a new window for the course (superseding the current one) with fresh tokens per class. */
  async open(auth: AuthContext, courseId: number, startAt: Date, endAt: Date): Promise<EnrolmentWindow> {
    await this.access.require(auth, courseId, LEADING);
    if (endAt.getTime() <= startAt.getTime()) throw problem('end_at', 'end_at must be after start_at');
    const windowId = await this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      await manager.update(
        EnrolmentWindow,
        { courseId, supersededAt: IsNull() },
        { supersededAt: new Date() },
      );
      const window = await manager.save(
        manager.create(EnrolmentWindow, {
          tenantId: auth.tenantId,
          courseId,
          startAt,
          endAt,
          createdBy: auth.userId,
          supersededAt: null,
        }),
      );
      let classes = await manager.findBy(CourseClass, { courseId });
      if (classes.length === 0) {
        classes = [
          await manager.save(
            manager.create(CourseClass, { tenantId: auth.tenantId, courseId, name: DEFAULT_CLASS_NAME }),
          ),
        ];
        await recordCourseUpserted(manager, auth.userId, courseId);
      }
      const tokens = await freshTokens(manager, auth.tenantId, classes.length);
      await manager.insert(
        EnrolmentToken,
        classes.map((courseClass, index) => ({
          tenantId: auth.tenantId,
          windowId: window.id,
          classId: courseClass.id,
          token: tokens[index],
        })),
      );
      return window.id;
    });
    return this.windowWithTokens(windowId);
  }

  private async windowWithTokens(id: number): Promise<EnrolmentWindow> {
    return this.dataSource
      .getRepository(EnrolmentWindow)
      .createQueryBuilder('window')
      .leftJoinAndSelect('window.tokens', 'token')
      .leftJoinAndSelect('token.courseClass', 'class')
      .where('window.id = :id', { id })
      .orderBy('class.name')
      .getOneOrFail();
  }

  /** The current window of a course the caller teaches, or null. */
  async current(auth: AuthContext, courseId: number): Promise<EnrolmentWindow | null> {
    await this.access.require(auth, courseId, TEACHING);
    const window = await this.dataSource
      .getRepository(EnrolmentWindow)
      .findOneBy({ courseId, supersededAt: IsNull() });
    return window && this.windowWithTokens(window.id);
  }

  /**
   * A student joins the class the token belongs to, while its window is open; the token alone
   * names the class and the course (unique per campus). A `courseId` or `classId` the client
   * also sends must be the token's. Answers the course.
   */
  async take(auth: AuthContext, token: string, courseId?: number, classId?: number): Promise<Course> {
    const [found]: Array<{
      course_id: number;
      class_id: number;
      start_at: Date;
      end_at: Date;
      superseded_at: Date | null;
    }> = await this.dataSource.query(
      `SELECT w.course_id, t.class_id, w.start_at, w.end_at, w.superseded_at FROM enrolment_tokens t
         JOIN enrolment_windows w ON w.id = t.window_id
        WHERE t.tenant_id = $1 AND t.token = upper($2)`,
      [auth.tenantId, token.replace(/\s+/g, '')],
    );
    const matches =
      found &&
      (courseId === undefined || found.course_id === courseId) &&
      (classId === undefined || found.class_id === classId);
    if (!matches) throw problem('token', 'Token is wrong: check it with your lecturer');
    if (found.superseded_at !== null) {
      throw problem('token', 'Token has expired: ask your lecturer for the current one');
    }
    const now = Date.now();
    if (now < found.start_at.getTime()) {
      throw problem(
        'token',
        `Enrolment is not open yet: it opens at ${formatWireDate(found.start_at, auth.timeZone)}`,
      );
    }
    if (now > found.end_at.getTime()) {
      throw problem(
        'token',
        `Enrolment is closed: it ended at ${formatWireDate(found.end_at, auth.timeZone)}`,
      );
    }
    await this.unit.run(async (manager) => {
      await lockCourse(manager, found.course_id);
      const role = await this.access.courseRole(auth.tenantId, found.course_id, auth.userId);
      if (role === 'STUDENT') throw conflict('You are already enrolled in this course');
      if (role !== null) throw conflict('You teach this course');
      await manager.query(`INSERT INTO class_students (class_id, user_id) VALUES ($1, $2)`, [
        found.class_id,
        auth.userId,
      ]);
      await EnrolmentService.membershipChanged(manager, auth, {
        courseId: found.course_id,
        classId: found.class_id,
        userId: auth.userId,
        enrolled: true,
        reason: 'joined',
      });
    });
    return this.courses.getEnrolled(auth, found.course_id, []);
  }

  /**
   * A student joins a free course (open to anyone of the campus) with one click, in its first
   * class (a course without classes gets one); answers the course.
   */
  async joinFree(auth: AuthContext, courseId: number): Promise<Course> {
    const [course]: Array<{ id: number; is_free: boolean; is_active: boolean; is_public: boolean }> =
      await this.dataSource.query(
        `SELECT id, is_free, is_active, is_public FROM courses WHERE id = $1 AND tenant_id = $2`,
        [courseId, auth.tenantId],
      );
    // A course the student may not see at all does not exist for them.
    if (!course || !(course.is_free || course.is_public)) throw notFound('Course not found');
    if (!course.is_free || !course.is_active) {
      throw problem('course_id', 'This course is not open to join: ask your lecturer for its token');
    }
    await this.unit.run(async (manager) => {
      await lockCourse(manager, courseId);
      const role = await this.access.courseRole(auth.tenantId, courseId, auth.userId);
      if (role === 'STUDENT') throw conflict('You are already enrolled in this course');
      if (role !== null) throw conflict('You teach this course');
      const courseClass =
        (await manager.findOne(CourseClass, { where: { courseId }, order: { id: 'ASC' } })) ??
        (await manager.save(
          manager.create(CourseClass, { tenantId: auth.tenantId, courseId, name: DEFAULT_CLASS_NAME }),
        ));
      await manager.query(`INSERT INTO class_students (class_id, user_id) VALUES ($1, $2)`, [
        courseClass.id,
        auth.userId,
      ]);
      await EnrolmentService.membershipChanged(manager, auth, {
        courseId,
        classId: courseClass.id,
        userId: auth.userId,
        enrolled: true,
        reason: 'joined',
      });
    });
    return this.courses.getEnrolled(auth, courseId, []);
  }

  /** Removes `userId` from every class of the course; 404 when they are in none. */
  private async removeMember(
    auth: AuthContext,
    courseId: number,
    userId: number,
    reason: 'left' | 'kicked',
  ): Promise<void> {
    await this.unit.run(async (manager) => {
      const removed = returnedRows<{ class_id: number }>(
        await manager.query(
          `DELETE FROM class_students cs USING classes cl
          WHERE cl.id = cs.class_id AND cl.course_id = $1 AND cl.tenant_id = $2 AND cs.user_id = $3
          RETURNING cs.class_id`,
          [courseId, auth.tenantId, userId],
        ),
      );
      if (removed.length === 0) {
        throw notFound(reason === 'left' ? 'Course not found' : 'Student not found in this course');
      }
      for (const { class_id } of removed) {
        await EnrolmentService.membershipChanged(manager, auth, {
          courseId,
          classId: class_id,
          userId,
          enrolled: false,
          reason,
        });
      }
    });
  }

  leave(auth: AuthContext, courseId: number): Promise<void> {
    return this.removeMember(auth, courseId, auth.userId, 'left');
  }

  async kick(auth: AuthContext, courseId: number, studentId: number): Promise<void> {
    await this.access.require(auth, courseId, LECTURER_ONLY);
    await this.removeMember(auth, courseId, studentId, 'kicked');
  }
}
