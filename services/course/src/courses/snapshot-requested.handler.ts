import { Controller, Logger } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import { type MembersTopic, recordMembersSnapshot } from './members.data';

const OWNED: readonly MembersTopic[] = ['course.staff', 'course.enrolment'];

@Controller()
export class SnapshotRequestedHandler {
  private readonly logger = new Logger(SnapshotRequestedHandler.name);

  /**
   * A consumer's backfill: republishes the staff and students of every course of the campus for
   * the topics asked of this service (others' topics are theirs to answer).
   */
  @OnEvent('platform.snapshot.requested')
  async handle(envelope: EventOf<'platform.snapshot.requested'>, context: EventContext) {
    const topics = new Set(OWNED.filter((topic) => envelope.data.topics.includes(topic)));
    if (topics.size === 0) return;
    const courses = await recordMembersSnapshot(context.manager, envelope.tenantId, envelope.actorId, topics);
    this.logger.log(
      `republished ${[...topics].join(', ')} of ${courses} courses of campus ${envelope.tenantId} for ${envelope.data.requestedBy}`,
    );
  }
}
