import { Controller, Get, Param, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { badRequest, type ParsedQuery, type QuerySpec, respond, Responds, z } from '@lms/jsonapi';
import { timelineResource, timelineStatisticResource } from './timeline.resource';
import { TimelineService } from './timeline.service';

/** Paging of a timeline: `page[limit]` (20, at most 100); the position is `bucketId`, not an offset. */
const timelinePaging: QuerySpec = { filters: {}, sorts: {}, defaultLimit: 20, maxLimit: 100 };

/** Weeks a statistic covers by default, and at most. */
const DEFAULT_WEEKS = 8;
const MAX_WEEKS = 52;

@Controller('api/timeline')
export class TimelineController {
  constructor(private readonly timeline: TimelineService) {}

  /**
   * Counts of a user's timeline (`me` or a user id, as for the timeline) per kind and per week for
   * the last `weeks` weeks (8; 1–52), this week included.
   */
  @Get('statistic/:id')
  @Responds(timelineStatisticResource)
  async statistic(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Query('weeks') weeks: unknown) {
    let count = DEFAULT_WEEKS;
    if (weeks !== undefined) {
      count = typeof weeks === 'string' && /^\d{1,2}$/.test(weeks) ? Number(weeks) : 0;
      if (count < 1 || count > MAX_WEEKS)
        throw badRequest(`weeks must be a whole number from 1 to ${MAX_WEEKS}`, 'weeks');
    }
    const owner = await this.timeline.owner(auth, id);
    return respond(timelineStatisticResource, await this.timeline.statistic(auth, owner, count));
  }

  /**
   * A user's activity stream (spec 02 §7): `profile` is `me` or a user id the caller may see
   * (themselves; the staff of a course the student is in, that course's entries; the campus's
   * admins) — newest first, `page[limit]` at a time; `meta.next_bucket_id` (null at the end) is
   * sent back as `bucketId` for the next page.
   */
  @Get(':profile')
  @Responds(timelineResource, {
    list: true,
    meta: z.object({ limit: z.int(), next_bucket_id: z.string().nullable() }),
  })
  async list(
    @CurrentAuth() auth: AuthContext,
    @Param('profile') profile: string,
    @Query('bucketId') bucketId: unknown,
    @JsonApiQuery(timelinePaging) query: ParsedQuery,
  ) {
    if (query.offset !== 0) throw badRequest('A timeline pages by bucketId, not by offset', 'page[offset]');
    const owner = await this.timeline.owner(auth, profile);
    const { items, next } = await this.timeline.page(auth, owner, bucketId, query.limit);
    return respond(timelineResource, items, { meta: { limit: query.limit, next_bucket_id: next } });
  }
}
