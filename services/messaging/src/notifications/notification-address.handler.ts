import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import { UserUpsertedHandler } from '@lms/projections';

/**
 * The projections' handler of `identity.user.upserted` (a service has one handler per event
 * type), and then the user's notification e-mail kept for the mail digest — only when the event
 * carries it (events of before do not), and never rolled back by an older event.
 */
@Controller()
export class NotificationAddressHandler extends UserUpsertedHandler {
  @OnEvent('identity.user.upserted')
  override async handle(envelope: EventOf<'identity.user.upserted'>, context: EventContext) {
    await super.handle(envelope, context);
    const { id, notificationEmail, updatedAt } = envelope.data;
    if (notificationEmail === undefined) return;
    await context.manager.query(
      `INSERT INTO notification_settings (user_id, tenant_id, mail_address, address_updated_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET mail_address = excluded.mail_address,
         address_updated_at = excluded.address_updated_at
       WHERE notification_settings.address_updated_at IS NULL
          OR notification_settings.address_updated_at <= excluded.address_updated_at`,
      [id, envelope.tenantId, notificationEmail || null, updatedAt],
    );
  }
}
