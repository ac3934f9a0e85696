import { Controller, Get, Param, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  badRequest,
  type ParsedQuery,
  ParseIdPipe,
  type QuerySpec,
  queryId,
  respond,
  Responds,
  z,
} from '@lms/jsonapi';
import { activityResource } from './timeline.resource';
import { TimelineService } from './timeline.service';

/** Paging of a timeline: `page[limit]` (20, at most 100); the position is `bucketId`, not an offset. */
const timelinePaging: QuerySpec = { filters: {}, sorts: {}, defaultLimit: 20, maxLimit: 100 };

/** A project's timeline (spec 03 §7 `GET /timeline-project/{id}?bucketId`), its members only. */
@Controller('api/timeline-project')
export class TimelineController {
  constructor(private readonly timeline: TimelineService) {}

  /**
   * The project's changes, newest first, `page[limit]` at a time; `meta.next_bucket_id` (null at
   * the end) is sent back as `bucketId` for the next page.
   */
  @Get(':id')
  @Responds(activityResource, {
    list: true,
    meta: z.object({ limit: z.int(), next_bucket_id: z.string().nullable() }),
  })
  async list(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Query('bucketId') bucketId: unknown,
    @JsonApiQuery(timelinePaging) query: ParsedQuery,
  ) {
    if (query.offset !== 0) throw badRequest('A timeline pages by bucketId, not by offset', 'page[offset]');
    const before =
      bucketId === undefined || bucketId === '' ? undefined : queryId(bucketId, 'bucketId', true);
    const { items, next } = await this.timeline.page(auth, id, before, query.limit);
    return respond(activityResource, items, { meta: { limit: query.limit, next_bucket_id: next } });
  }
}
