import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

@Controller()
export class TenantUpsertedHandler {
  /**
   * Keeps the campus projection current; an older version never overwrites a newer one. A domain
   * moved from one campus to another is released by the old one first (the unique index holds).
   */
  @OnEvent('identity.tenant.upserted')
  async handle(envelope: EventOf<'identity.tenant.upserted'>, context: EventContext) {
    const tenant = envelope.data;
    await context.manager.query(
      `UPDATE tenants SET domain = '#released-' || id WHERE domain = $1 AND id <> $2 AND source_updated_at <= $3`,
      [tenant.domain, tenant.id, tenant.updatedAt],
    );
    await context.manager.query(
      `INSERT INTO tenants (id, domain, name, time_zone, source_updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET
         domain = excluded.domain, name = excluded.name, time_zone = excluded.time_zone,
         source_updated_at = excluded.source_updated_at
       WHERE tenants.source_updated_at <= excluded.source_updated_at`,
      [tenant.id, tenant.domain, tenant.name, tenant.timeZone, tenant.updatedAt],
    );
  }
}
