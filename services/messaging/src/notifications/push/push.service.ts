import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { serviceUnavailable } from '@lms/jsonapi';
import { NotificationSetting } from '../notification-setting.entity';
import type { NotificationSettingsView, PushToken } from './push.resource';
import type { NotificationSettingsInput, PushTokenInput } from './push.rules';
import { PushSubscription } from './push-subscription.entity';

/** Injection token of the VAPID keys (null: browser push is not configured). */
export const VAPID = Symbol('VAPID');
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Browsers registered for push (spec 01 §7) and each user's notification choices. A browser's
 * subscription belongs to the last user who registered it (one browser, one signed-in user);
 * push is on unless the user turned it off; the digest goes to the profile's notification e-mail
 * unless they turned mail off.
 */
@Injectable()
export class PushService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(VAPID) private readonly vapid: VapidKeys | null,
  ) {}

  /**
   * `update` registers the subscription for the caller (again) and turns their push on; `delete`
   * forgets it.
   */
  async register(auth: AuthContext, input: PushTokenInput): Promise<PushToken | null> {
    if (!this.vapid) throw serviceUnavailable('Browser push is not configured on this server');
    const { endpoint, keys } = input.token;
    if (input.action === 'delete') {
      await this.dataSource.query(
        `DELETE FROM push_subscriptions WHERE endpoint = $1 AND tenant_id = $2 AND user_id = $3`,
        [endpoint, auth.tenantId, auth.userId],
      );
      return null;
    }
    const [row] = await this.dataSource.transaction(async (manager) => {
      // registering a browser is asking for push: it turns the user's push back on
      await manager.query(
        `INSERT INTO notification_settings (user_id, tenant_id) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET push_enabled = true`,
        [auth.userId, auth.tenantId],
      );
      const rows: Array<{ id: string; created_at: Date }> = await manager.query(
        `INSERT INTO push_subscriptions (tenant_id, user_id, endpoint, p256dh, auth)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO UPDATE SET tenant_id = excluded.tenant_id, user_id = excluded.user_id,
           p256dh = excluded.p256dh, auth = excluded.auth
         RETURNING id, created_at`,
        [auth.tenantId, auth.userId, endpoint, keys.p256dh, keys.auth],
      );
      return rows;
    });
    return { id: Number(row.id), endpoint, platform: 'web', createdAt: row.created_at };
  }

  async settings(auth: AuthContext): Promise<NotificationSettingsView> {
    const setting = await this.dataSource.manager.findOneBy(NotificationSetting, {
      userId: auth.userId,
      tenantId: auth.tenantId,
    });
    return {
      userId: auth.userId,
      push: setting?.pushEnabled ?? true,
      mail: setting?.mailEnabled ?? true,
      mailAddress: setting?.mailAddress ?? null,
      publicKey: this.vapid?.publicKey ?? null,
    };
  }

  /** Turns push or mail on or off; turning push off also forgets the user's browsers. */
  async changeSettings(
    auth: AuthContext,
    input: NotificationSettingsInput,
  ): Promise<NotificationSettingsView> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO notification_settings (user_id, tenant_id, push_enabled, mail_enabled)
         VALUES ($1, $2, coalesce($3, true), coalesce($4, true))
         ON CONFLICT (user_id) DO UPDATE SET
           push_enabled = coalesce($3, notification_settings.push_enabled),
           mail_enabled = coalesce($4, notification_settings.mail_enabled)`,
        [auth.userId, auth.tenantId, input.push ?? null, input.mail ?? null],
      );
      if (input.push === false)
        await manager.delete(PushSubscription, { tenantId: auth.tenantId, userId: auth.userId });
    });
    return this.settings(auth);
  }
}
