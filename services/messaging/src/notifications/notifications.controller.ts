import { Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { type ParsedQuery, ParseIdPipe, pageMeta, respond, Responds } from '@lms/jsonapi';
import {
  NOTIFICATION_PAGE_META,
  notificationCountResource,
  notificationQuery,
  notificationResource,
} from './notifications.resource';
import { bucketOf, NotificationsService, readSelection } from './notifications.service';

/** A user's notifications (spec 03 §7 "Notifications"). */
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /**
   * The caller's own notifications, newest first (10 a page), with `meta.unread`; paged by
   * `page[offset]` or by `bucketId` (the `meta.next_bucket_id` of the page before).
   */
  @Get(':userId')
  @Responds(notificationResource, { list: true, meta: NOTIFICATION_PAGE_META })
  async list(
    @CurrentAuth() auth: AuthContext,
    @Param('userId', ParseIdPipe) userId: number,
    @Query('bucketId') bucketId: unknown,
    @JsonApiQuery(notificationQuery) query: ParsedQuery,
  ) {
    const page = await this.notifications.list(auth, userId, bucketOf(bucketId), query);
    return respond(notificationResource, page.rows, {
      meta: { ...pageMeta(page.total, query), unread: page.unread, next_bucket_id: page.next },
    });
  }

  /**
   * Marks the caller's notifications read: all of them, or `?type=` (spec 03 §3 types), narrowed
   * to one object with `&objectId=`. Answers the unread count left and how many it marked.
   */
  @Patch()
  @Responds(notificationCountResource)
  async markRead(
    @CurrentAuth() auth: AuthContext,
    @Query('type') type: unknown,
    @Query('objectId') objectId: unknown,
  ) {
    return respond(
      notificationCountResource,
      await this.notifications.markRead(auth, readSelection(type, objectId)),
    );
  }
}
