import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import { TenantUpsertedHandler, UserUpsertedHandler } from '@lms/projections';

/**
 * The projections' handler of `identity.user.upserted` (a service has one handler per event
 * type), and then what the mail digest and the pushes need of the user: their notification e-mail
 * and their interface language — each only when the event carries it (events of before do not),
 * and never rolled back by an older event.
 */
@Controller()
export class NotificationAddressHandler extends UserUpsertedHandler {
  @OnEvent('identity.user.upserted')
  override async handle(envelope: EventOf<'identity.user.upserted'>, context: EventContext) {
    await super.handle(envelope, context);
    const { id, notificationEmail, language, updatedAt } = envelope.data;
    if (notificationEmail === undefined && language === undefined) return;
    await context.manager.query(
      `INSERT INTO notification_settings (user_id, tenant_id, mail_address, language, address_updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET
         mail_address = CASE WHEN $6 THEN excluded.mail_address ELSE notification_settings.mail_address END,
         language = CASE WHEN $7 THEN excluded.language ELSE notification_settings.language END,
         address_updated_at = excluded.address_updated_at
       WHERE notification_settings.address_updated_at IS NULL
          OR notification_settings.address_updated_at <= excluded.address_updated_at`,
      [
        id,
        envelope.tenantId,
        notificationEmail || null,
        language ?? null,
        updatedAt,
        notificationEmail !== undefined,
        language !== undefined,
      ],
    );
  }
}

/**
 * The projections' handler of `identity.tenant.upserted`, and then the campus's default interface
 * language, when the event carries it (events of before do not).
 */
@Controller()
export class CampusLanguageHandler extends TenantUpsertedHandler {
  @OnEvent('identity.tenant.upserted')
  override async handle(envelope: EventOf<'identity.tenant.upserted'>, context: EventContext) {
    await super.handle(envelope, context);
    const { id, defaultLanguage, updatedAt } = envelope.data;
    if (defaultLanguage === undefined) return;
    await context.manager.query(
      `INSERT INTO campus_languages (tenant_id, default_language, source_updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id) DO UPDATE SET default_language = excluded.default_language,
         source_updated_at = excluded.source_updated_at
       WHERE campus_languages.source_updated_at <= excluded.source_updated_at`,
      [id, defaultLanguage, updatedAt],
    );
  }
}
