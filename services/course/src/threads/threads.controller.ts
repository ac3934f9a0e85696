import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { threadQuery, threadResource } from './threads.resource';
import { threadCreateRules, threadUpdateRules } from './threads.rules';
import { ThreadsService } from './threads.service';

/** Discussion threads on activities (spec 02 §7), for the members of a course. */
@Controller('api/course/threads')
export class ThreadsController {
  constructor(private readonly threads: ThreadsService) {}

  /**
   * The threads the caller reads: `filter[activity_id]` (one, or `[in]` a list),
   * `filter[course_id]`; pinned first, then the latest activity (`sort=-updated_at` for that alone).
   */
  @Get()
  @Responds(threadResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(threadQuery) query: ParsedQuery) {
    const [threads, total] = await this.threads.list(auth, query);
    return respond(threadResource, threads, { meta: pageMeta(total, query) });
  }

  /** The course's introduction thread (made on first read). */
  @Get('introduction/:courseId')
  @Responds(threadResource)
  async introduction(@CurrentAuth() auth: AuthContext, @Param('courseId', ParseIdPipe) courseId: number) {
    return respond(threadResource, await this.threads.introduction(auth, courseId));
  }

  @Get(':id')
  @Responds(threadResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(threadResource, await this.threads.get(auth, id));
  }

  /** `{activity_id, title, body}`: the body is rich text, sanitized; `@username` mentions notify. */
  @Post()
  @Responds(threadResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(threadCreateRules) input: AttributesOf<typeof threadCreateRules>,
  ) {
    return respond(threadResource, await this.threads.create(auth, input));
  }

  /** `{title, body}` by the author or the staff; `{is_hidden, is_locked, is_pinned}` by the staff. */
  @Patch(':id')
  @Responds(threadResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(threadUpdateRules) input: AttributesOf<typeof threadUpdateRules>,
  ) {
    return respond(threadResource, await this.threads.update(auth, id, input));
  }

  /** The thread with its replies: the staff, or its author while nobody else has replied (409). */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.threads.remove(auth, id);
  }
}
