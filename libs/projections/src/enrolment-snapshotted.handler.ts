import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

@Controller()
export class EnrolmentSnapshottedHandler {
  /**
   * Makes the course's students those of the snapshot, except where a change newer than the
   * snapshot was already applied (it stays: the snapshot did not know it).
   */
  @OnEvent('course.enrolment.snapshotted')
  async handle(envelope: EventOf<'course.enrolment.snapshotted'>, context: EventContext) {
    const { courseId, students } = envelope.data;
    const classIds = students.map((student) => student.classId);
    const userIds = students.map((student) => student.userId);
    await context.manager.query(
      `UPDATE course_students SET enrolled = false, as_of = $2
        WHERE course_id = $1 AND as_of <= $2
          AND (class_id, user_id) NOT IN (SELECT * FROM unnest($3::bigint[], $4::bigint[]))`,
      [courseId, envelope.occurredAt, classIds, userIds],
    );
    await context.manager.query(
      `INSERT INTO course_students (class_id, user_id, course_id, tenant_id, enrolled, as_of)
       SELECT class_id, user_id, $1, $2, true, $3 FROM unnest($4::bigint[], $5::bigint[]) AS s(class_id, user_id)
       ON CONFLICT (class_id, user_id) DO UPDATE SET enrolled = true, as_of = excluded.as_of
       WHERE course_students.as_of <= excluded.as_of`,
      [courseId, envelope.tenantId, envelope.occurredAt, classIds, userIds],
    );
  }
}
