import { Controller, Logger } from '@nestjs/common';
import { type EventContext, type EventOf, EVERY_CAMPUS, OnEvent } from '@lms/events';
import { PresenceSession } from './presence.entity';
import { recordSessionSent } from './session-sent.event';

@Controller()
export class SnapshotRequestedHandler {
  private readonly logger = new Logger(SnapshotRequestedHandler.name);

  /**
   * A consumer's backfill (the course service's gradebook attendance column): republishes, for the
   * campus asked about or every campus, every sent session as `presence.session.sent` (its roster
   * as it stands now). Other topics are their owners' to answer.
   */
  @OnEvent('platform.snapshot.requested')
  async handle(envelope: EventOf<'platform.snapshot.requested'>, context: EventContext) {
    const { topics, requestedBy } = envelope.data;
    if (!topics.includes('presence.session')) return;
    const manager = context.manager;
    const sessions = await manager.find(PresenceSession, {
      where:
        envelope.tenantId === EVERY_CAMPUS ? { isSent: true } : { isSent: true, tenantId: envelope.tenantId },
      order: { tenantId: 'ASC', id: 'ASC' },
    });
    for (const session of sessions) await recordSessionSent(manager, session, envelope.actorId);
    this.logger.log(`republished ${sessions.length} sent sessions for ${requestedBy}`);
  }
}
