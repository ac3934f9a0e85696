import { Controller, Logger } from '@nestjs/common';
import { type EventContext, type EventOf, EVERY_CAMPUS, OnEvent } from '@lms/events';
import { User } from '../users/user.entity';
import { recordUserUpserted } from '../users/users.data';
import { Tenant } from './tenant.entity';
import { recordTenantUpserted } from './tenants.data';

@Controller()
export class SnapshotRequestedHandler {
  private readonly logger = new Logger(SnapshotRequestedHandler.name);

  /**
   * A consumer's backfill: republishes the campus asked about (or every campus) and its users
   * as `identity.tenant.upserted` and `identity.user.upserted`, for the topics asked of identity
   * (others' topics are theirs to answer). Projections keep the newer of two versions of a row,
   * so a republished one never undoes a change.
   */
  @OnEvent('platform.snapshot.requested')
  async handle(envelope: EventOf<'platform.snapshot.requested'>, context: EventContext) {
    const { topics, requestedBy } = envelope.data;
    const manager = context.manager;
    const where = envelope.tenantId === EVERY_CAMPUS ? {} : { tenantId: envelope.tenantId };
    const said: string[] = [];
    if (topics.includes('identity.tenant')) {
      const tenants = await manager.find(Tenant, {
        where: envelope.tenantId === EVERY_CAMPUS ? {} : { id: envelope.tenantId },
        order: { id: 'ASC' },
      });
      for (const tenant of tenants) await recordTenantUpserted(manager, tenant, envelope.actorId);
      said.push(`${tenants.length} campuses`);
    }
    if (topics.includes('identity.user')) {
      const users = await manager.find(User, { where, order: { id: 'ASC' } });
      for (const user of users) await recordUserUpserted(manager, user, envelope.actorId);
      said.push(`${users.length} users`);
    }
    if (said.length === 0) return;
    const campus = envelope.tenantId === EVERY_CAMPUS ? 'every campus' : `campus ${envelope.tenantId}`;
    this.logger.log(`republished ${said.join(' and ')} of ${campus} for ${requestedBy}`);
  }
}
