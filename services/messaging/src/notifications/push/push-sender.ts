import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { returnedRows } from '@lms/database';
import { generateRequestDetails } from 'web-push';
import { languageOf, notificationText } from '../notification-text';
import type { NotificationType } from '../notification.entity';
import { VAPID, type VapidKeys } from './push.service';

/** Notifications claimed per pass. */
const BATCH = 200;
/** A notification older than this when its turn comes is not pushed any more (the bell has it). */
const PUSH_WITHIN_MINUTES = 60;

interface Due {
  id: string;
  type: NotificationType;
  object_id: string;
  link: string;
  data: Record<string, unknown>;
  user_id: string;
  tenant_id: string;
  /** Made recently enough to be pushed. */
  fresh: boolean;
  /** The user's language (their own, else their campus's; null: English). */
  language: string | null;
}

interface Target {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Pushes new notifications to their users' browsers (Web Push, VAPID, `web-push`): each pass claims
 * the notifications not pushed yet (`FOR UPDATE SKIP LOCKED`, so replicas share them and none is
 * pushed twice), marks them, and after the commit sends each to every browser of a user whose push
 * is on. A subscription the push service no longer knows (404, 410) is removed; other failures are
 * logged and not retried (the notification stays in the bell).
 */
@Injectable()
export class PushSender {
  private readonly logger = new Logger('messaging.push');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(VAPID) private readonly vapid: VapidKeys | null,
  ) {}

  /** One pass: how many pushes the push services accepted. */
  async sendDue(): Promise<number> {
    const { due, targets } = await this.dataSource.transaction(async (manager) => {
      const claimed = returnedRows<Due>(
        await manager.query(
          `UPDATE notifications n SET pushed_at = now()
          WHERE n.id IN (SELECT id FROM notifications WHERE pushed_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING n.id, n.type, n.object_id, n.link, n.data, n.user_id, n.tenant_id,
            n.created_at > now() - make_interval(mins => $2) AS fresh, ${languageOf('n.user_id', 'n.tenant_id')}`,
          [BATCH, PUSH_WITHIN_MINUTES],
        ),
      );
      const fresh = claimed.filter((row) => row.fresh);
      if (!this.vapid || fresh.length === 0) return { due: [], targets: new Map<string, Target[]>() };
      const rows: Array<Target & { user_id: string }> = await manager.query(
        `SELECT s.user_id, s.endpoint, s.p256dh, s.auth FROM push_subscriptions s
           LEFT JOIN notification_settings n ON n.user_id = s.user_id
          WHERE s.user_id = ANY($1::bigint[]) AND coalesce(n.push_enabled, true)`,
        [[...new Set(fresh.map((row) => row.user_id))]],
      );
      const byUser = new Map<string, Target[]>();
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      return { due: fresh, targets: byUser };
    });
    let sent = 0;
    for (const notification of due)
      for (const target of targets.get(notification.user_id) ?? [])
        if (await this.push(notification, target)) sent++;
    return sent;
  }

  private async push(notification: Due, target: Target): Promise<boolean> {
    const vapid = this.vapid!;
    const payload = JSON.stringify({
      ...notificationText(notification, notification.language),
      id: Number(notification.id),
      type: notification.type,
      objectId: Number(notification.object_id),
      link: notification.link,
    });
    // web-push encrypts (aes128gcm) and signs (VAPID); the request is sent by fetch, which also
    // reaches a push service over http on this machine (development, tests)
    try {
      const details = generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails: vapid, TTL: 24 * 60 * 60 },
      );
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ?? undefined,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.ok) return true;
      if (response.status === 404 || response.status === 410) {
        await this.dataSource.query(`DELETE FROM push_subscriptions WHERE endpoint = $1`, [target.endpoint]);
        return false;
      }
      this.logger.warn(`push to ${new URL(target.endpoint).host} refused: ${response.status}`);
    } catch (error) {
      this.logger.warn(`push to ${new URL(target.endpoint).host} failed: ${String(error)}`);
    }
    return false;
  }
}
