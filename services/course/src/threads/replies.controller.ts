import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  respondPage,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { FILE_DOWNLOAD_RESPONSES, fileByKey, readWrite, uploadRequestBody } from '@lms/storage';
import { CourseUploads } from '../files/course-uploads';
import { RepliesService } from './replies.service';
import { replyQuery, replyResource } from './threads.resource';
import { MAX_REPLY_FILES, replyCreateRules, replyUpdateRules } from './threads.rules';

/** Replies to discussion threads (spec 03 §7 "Discussion replies"), nested up to three levels. */
@Controller('api/course/thread/replies')
export class RepliesController {
  constructor(
    private readonly replies: RepliesService,
    private readonly uploads: CourseUploads,
  ) {}

  /** `filter[thread_id]` (required), `filter[thread_reply_id][null]=1` for the top level; oldest first. */
  @Get()
  @Responds(replyResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(replyQuery) query: ParsedQuery) {
    return respondPage(replyResource, await this.replies.list(auth, query), query);
  }

  @Get(':id')
  @Responds(replyResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(replyResource, await this.replies.get(auth, id));
  }

  /**
   * `{thread_id, thread_reply_id, reply}` as JSON, or multipart with up to five files in `file`
   * parts (documents and images judged by their bytes, `MAX_UPLOAD_MB` each). The text is rich
   * text, sanitized; `@username` mentions notify.
   */
  @Post()
  @Responds(replyResource)
  @DocumentOperation({
    summary: 'Reply to a thread or to a reply (multipart for files)',
    requestBody: uploadRequestBody(replyCreateRules),
  })
  async create(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return readWrite(
      this.uploads,
      request,
      auth,
      { schema: replyCreateRules, area: 'replies', maxFiles: MAX_REPLY_FILES },
      async (input, files) => respond(replyResource, await this.replies.create(auth, input, files)),
    );
  }

  /** A file of a reply, for whoever reads the reply's text (a PDF or an image shown inline). */
  @Get(':id/files/:key')
  @DocumentOperation({ summary: 'Download a file of a reply', responses: FILE_DOWNLOAD_RESPONSES })
  async file(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('key') key: string,
    @Res() reply: FastifyReply,
  ) {
    return this.uploads.send(reply, fileByKey(await this.replies.filesOf(auth, id), key), { inline: true });
  }

  /** `{reply}` by its author; `{is_hidden}` by the staff. */
  @Patch(':id')
  @Responds(replyResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(replyUpdateRules) input: AttributesOf<typeof replyUpdateRules>,
  ) {
    return respond(replyResource, await this.replies.update(auth, id, input));
  }

  /** By its author or the staff; a reply that has replies stays as a "deleted" placeholder. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.replies.remove(auth, id);
  }
}
