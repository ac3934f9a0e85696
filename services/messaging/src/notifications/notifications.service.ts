import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { returnedRows } from '@lms/database';
import { badRequest, defineList, forbidden, notFound, type ParsedQuery } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { NOTIFICATION_TYPES, type NotificationType, UserNotification } from './notification.entity';
import type { NotificationCount } from './notifications.resource';

const notificationList = defineList<UserNotification>({ entity: UserNotification, alias: 'notification' });

/** What `PATCH /notifications` marks read: all, or those of a type, optionally of one object. */
export interface ReadSelection {
  type?: NotificationType;
  objectId?: number;
}

/** `bucketId` of `GET /notifications/{userId}`: the cursor a page's `meta.next_bucket_id` gave. */
export function bucketOf(bucketId: unknown): number | null {
  if (bucketId === undefined || bucketId === '') return null;
  if (
    typeof bucketId !== 'string' ||
    !/^[1-9]\d{0,15}$/.test(bucketId) ||
    !Number.isSafeInteger(Number(bucketId))
  )
    throw badRequest('bucketId must be the next_bucket_id of a page', 'bucketId');
  return Number(bucketId);
}

/** `?type=&objectId=` of `PATCH /notifications` checked: a known type, an id only with a type. */
export function readSelection(type: unknown, objectId: unknown): ReadSelection {
  const selection: ReadSelection = {};
  if (type !== undefined) {
    if (typeof type !== 'string' || !(NOTIFICATION_TYPES as readonly string[]).includes(type))
      throw badRequest(`type must be one of ${NOTIFICATION_TYPES.join(', ')}`, 'type');
    selection.type = type as NotificationType;
  }
  if (objectId !== undefined) {
    if (
      typeof objectId !== 'string' ||
      !/^[1-9]\d{0,15}$/.test(objectId) ||
      !Number.isSafeInteger(Number(objectId))
    )
      throw badRequest('objectId must be a positive whole number', 'objectId');
    if (selection.type === undefined) throw badRequest('objectId needs a type', 'objectId');
    selection.objectId = Number(objectId);
  }
  return selection;
}

/**
 * A user's notifications (spec 03 §7 "Notifications"): only their own — someone else of their
 * campus is a 403, anyone else a 404 — newest first, with the unread count; marking read all of
 * them or those of a type and object (opening a chat room marks its MESSAGE notifications read).
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
  ) {}

  /**
   * The page of the user's notifications after `bucketId` (older than the notification it names;
   * none: from the newest), with `next` the cursor of the page after it (null at the end).
   */
  async list(
    auth: AuthContext,
    userId: number,
    bucketId: number | null,
    query: ParsedQuery,
  ): Promise<{ rows: UserNotification[]; total: number; unread: number; next: string | null }> {
    await this.requireSelf(auth, userId);
    const where = ['notification.tenant_id = :tenantId', 'notification.user_id = :userId'];
    if (bucketId !== null) where.push('notification.id < :bucketId');
    const [rows, total] = await notificationList.page(
      this.dataSource,
      { where, params: { tenantId: auth.tenantId, userId, bucketId } },
      query,
    );
    const more = rows.length > 0 && total > query.offset + rows.length;
    return { rows, total, unread: await this.unread(auth), next: more ? String(rows.at(-1)!.id) : null };
  }

  async markRead(auth: AuthContext, selection: ReadSelection): Promise<NotificationCount> {
    const marked = returnedRows(
      await this.dataSource.query(
        `UPDATE notifications SET is_read = true, read_at = now()
        WHERE tenant_id = $1 AND user_id = $2 AND NOT is_read
          AND ($3::varchar IS NULL OR type = $3) AND ($4::bigint IS NULL OR object_id = $4)
        RETURNING id`,
        [auth.tenantId, auth.userId, selection.type ?? null, selection.objectId ?? null],
      ),
    );
    return { userId: auth.userId, unread: await this.unread(auth), marked: marked.length };
  }

  private async unread(auth: AuthContext): Promise<number> {
    const [{ count }]: Array<{ count: string }> = await this.dataSource.query(
      `SELECT count(*) AS count FROM notifications WHERE tenant_id = $1 AND user_id = $2 AND NOT is_read`,
      [auth.tenantId, auth.userId],
    );
    return Number(count);
  }

  private async requireSelf(auth: AuthContext, userId: number): Promise<void> {
    if (userId === auth.userId) return;
    const [user] = await this.projections.users(auth.tenantId, [userId]);
    if (user) throw forbidden('You can only read your own notifications');
    throw notFound('User not found');
  }
}
