import { Controller, Logger } from '@nestjs/common';
import {
  type CourseEnrolmentChanged,
  type EventContext,
  type EventOf,
  OnEvent,
  recordEvent,
} from '@lms/events';
import { enterMembershipWrite } from '../courses/members.data';
import { lockCourse } from '../structure/structure.data';

@Controller()
export class UserPlacedHandler {
  private readonly logger = new Logger(UserPlacedHandler.name);

  /**
   * A users import placed a student in classes (identity resolved the names): enrols them in each
   * class of the campus they are not in yet, moving them out of another class of the same course
   * (a student is in one class of a course), each change with its `course.enrolment.changed`
   * (`imported`). A class deleted meanwhile, or a user who is no student of the campus, is skipped
   * and logged; a redelivered event changes nothing.
   */
  @OnEvent('identity.user.placed')
  async handle(envelope: EventOf<'identity.user.placed'>, context: EventContext) {
    const { userId, classIds } = envelope.data;
    const { tenantId } = envelope;
    const manager = context.manager;
    const [student]: unknown[] = await manager.query(
      `SELECT 1 FROM users WHERE id = $1 AND tenant_id = $2 AND role = 'student'`,
      [userId, tenantId],
    );
    if (!student) {
      this.logger.warn(
        `identity.user.placed ${envelope.id}: user ${userId} is no student of campus ${tenantId}`,
      );
      return;
    }
    const classes: Array<{ id: string; course_id: string }> = await manager.query(
      `SELECT id, course_id FROM classes WHERE id = ANY($1::bigint[]) AND tenant_id = $2 ORDER BY course_id, id`,
      [classIds, tenantId],
    );
    if (classes.length < classIds.length)
      this.logger.warn(
        `identity.user.placed ${envelope.id}: ${classIds.length - classes.length} of its classes are gone`,
      );
    const changed = (data: { courseId: number; classId: number; enrolled: boolean }) =>
      recordEvent(manager, 'course.enrolment.changed', {
        tenantId,
        actorId: envelope.actorId,
        key: data.courseId,
        data: { ...data, userId, reason: 'imported' } satisfies CourseEnrolmentChanged,
      });
    const seenCourses = new Set<number>();
    for (const row of classes) {
      const classId = Number(row.id);
      const courseId = Number(row.course_id);
      if (seenCourses.has(courseId)) continue; // one class per course: the first named
      seenCourses.add(courseId);
      await lockCourse(manager, courseId);
      const current: Array<{ class_id: string }> = await manager.query(
        `SELECT cs.class_id FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
          WHERE cl.course_id = $1 AND cs.user_id = $2`,
        [courseId, userId],
      );
      if (current.some((member) => Number(member.class_id) === classId)) continue;
      await enterMembershipWrite(manager);
      for (const member of current) {
        await manager.query(`DELETE FROM class_students WHERE class_id = $1 AND user_id = $2`, [
          member.class_id,
          userId,
        ]);
        await changed({ courseId, classId: Number(member.class_id), enrolled: false });
      }
      await manager.query(`INSERT INTO class_students (class_id, user_id) VALUES ($1, $2)`, [
        classId,
        userId,
      ]);
      await changed({ courseId, classId, enrolled: true });
    }
  }
}
