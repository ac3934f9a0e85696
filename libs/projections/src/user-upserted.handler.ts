import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

@Controller()
export class UserUpsertedHandler {
  /** Keeps the users projection current; events arriving out of order never roll it back. */
  @OnEvent('identity.user.upserted')
  async handle(envelope: EventOf<'identity.user.upserted'>, context: EventContext) {
    const user = envelope.data;
    await context.manager.query(
      `INSERT INTO users (id, tenant_id, username, name, thumbnail, role, active, nidn, nim, source_updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET
         username = excluded.username, name = excluded.name, thumbnail = excluded.thumbnail,
         role = excluded.role, active = excluded.active, nidn = excluded.nidn, nim = excluded.nim,
         source_updated_at = excluded.source_updated_at
       WHERE users.source_updated_at <= excluded.source_updated_at`,
      [
        user.id,
        envelope.tenantId,
        user.username,
        user.name,
        user.thumbnail,
        user.role,
        user.active,
        user.nidn,
        user.nim,
        user.updatedAt,
      ],
    );
  }
}
