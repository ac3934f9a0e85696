import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { NOTIFICATION_TYPES, type UserNotification } from './notification.entity';

/**
 * A notification (spec 03 §3: type, objectId, isRead 0 or 1) with the screen it opens (`link`,
 * a route of the web client) and what its text is made of (`data`).
 */
export const notificationResource = defineResource({
  name: 'Notification',
  type: 'notifications',
  schema: {
    type: z.enum(NOTIFICATION_TYPES),
    objectId: z.int(),
    isRead: z.union([z.literal(0), z.literal(1)]),
    course_id: z.int().nullable(),
    link: z.string(),
    data: z.record(z.string(), z.unknown()),
    created_at: z.date(),
  },
  attributes: (notification: UserNotification) => ({
    type: notification.type,
    objectId: Number(notification.objectId),
    isRead: notification.isRead ? (1 as const) : (0 as const),
    course_id: notification.courseId === null ? null : Number(notification.courseId),
    link: notification.link,
    data: notification.data,
    created_at: notification.createdAt,
  }),
});

/** A user's unread count after marking (`marked`: how many this call marked read). */
export interface NotificationCount {
  userId: number;
  unread: number;
  marked: number;
}

export const notificationCountResource = defineResource({
  name: 'NotificationCount',
  type: 'notification-counts',
  id: (count: NotificationCount) => count.userId,
  schema: { unread: z.int(), marked: z.int() },
  attributes: (count: NotificationCount) => ({ unread: count.unread, marked: count.marked }),
});

/** `GET /notifications/{userId}`: newest first, 10 a page; `filter[isRead]`, `filter[type]`. */
export const notificationQuery: QuerySpec = {
  filters: {
    isRead: { column: 'notification.is_read', type: 'boolean' },
    type: { column: 'notification.type', type: 'string', ops: ['is', 'in'] },
  },
  sorts: { created_at: 'notification.id' },
  defaultSort: '-created_at',
  defaultLimit: 10,
  maxLimit: 100,
};

/**
 * The list's `meta`: the page (`total` counts from the `bucketId` given), how many of the user's
 * notifications are unread, and the `bucketId` of the next page (null at the end).
 */
export const NOTIFICATION_PAGE_META = z.object({
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
  unread: z.int(),
  next_bucket_id: z.string().nullable(),
});
