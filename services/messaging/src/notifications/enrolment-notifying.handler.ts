import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import { EnrolmentChangedHandler } from '@lms/projections';
import { everyone, notify } from './notifications.data';
import { links } from './notification-links';

/**
 * The projections' handler of `course.enrolment.changed` (a service has one handler per event
 * type), and then the student put in a class is told they are enrolled in the course.
 */
@Controller()
export class EnrolmentNotifyingHandler extends EnrolmentChangedHandler {
  @OnEvent('course.enrolment.changed')
  override async handle(envelope: EventOf<'course.enrolment.changed'>, context: EventContext) {
    await super.handle(envelope, context);
    const { courseId, classId, userId, enrolled } = envelope.data;
    if (!enrolled) return;
    const { manager } = context;
    await notify(
      manager,
      envelope.tenantId,
      {
        type: 'ENROLMENT',
        objectId: courseId,
        courseId,
        link: links.course(courseId),
        dedupeKey: `enrolment:${envelope.id}`,
      },
      everyone([userId], { classId }),
    );
  }
}
