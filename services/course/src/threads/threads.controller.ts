import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  badRequest,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { contentDisposition } from '@lms/storage';
import { XLSX_MIME } from './thread-workbook';
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

  /** `?format=xlsx` (the only format): the thread and its replies, for the course's staff. */
  @Get(':id/export')
  @DocumentOperation({
    summary: 'Export a thread with its replies (.xlsx)',
    responses: {
      '200': {
        description: 'The workbook: one row per reply in reading order',
        content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } },
      },
    },
  })
  async export(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Query('format') format: unknown,
    @Res() reply: FastifyReply,
  ) {
    if (format !== undefined && format !== 'xlsx') throw badRequest('format must be xlsx', 'format');
    const made = await this.threads.export(auth, id);
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', contentDisposition(made.filename))
      .header('cache-control', 'no-store')
      .send(made.body);
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
