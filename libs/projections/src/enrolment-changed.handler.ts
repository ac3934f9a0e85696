import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

@Controller()
export class EnrolmentChangedHandler {
  /** A student joined or left a class; an older event never overrides a newer state. */
  @OnEvent('course.enrolment.changed')
  async handle(envelope: EventOf<'course.enrolment.changed'>, context: EventContext) {
    const { courseId, classId, userId, enrolled } = envelope.data;
    await context.manager.query(
      `INSERT INTO course_students (class_id, user_id, course_id, tenant_id, enrolled, as_of)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (class_id, user_id) DO UPDATE SET enrolled = excluded.enrolled, as_of = excluded.as_of
       WHERE course_students.as_of <= excluded.as_of`,
      [classId, userId, courseId, envelope.tenantId, enrolled, envelope.occurredAt],
    );
  }
}
