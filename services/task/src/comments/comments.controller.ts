import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import { PAGE_META, pageMeta, type ParsedQuery, ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { fileByKey, readWrite, uploadRequestBody } from '@lms/storage';
import { TaskFiles } from '../files/task-files';
import { commentQuery, commentResource } from './comments.resource';
import { commentRules, MAX_COMMENT_FILES } from './comments.rules';
import { CommentsService } from './comments.service';

/** Comments on answers, with files: the answer's student(s) and the staff of its course. */
@Controller('api/course/comments')
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly files: TaskFiles,
  ) {}

  /** The thread of an answer, oldest first: `filter[commentable_type]=task_answer&filter[commentable_id]={answer}`. */
  @Get()
  @Responds(commentResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(commentQuery) query: ParsedQuery) {
    const [comments, total] = await this.comments.list(auth, query);
    return respond(commentResource, comments, { meta: pageMeta(total, query) });
  }

  /** A comment `{commentable_type, commentable_id, comment}` as JSON, or multipart with files in `file` parts. */
  @Post()
  @Responds(commentResource)
  @DocumentOperation({
    summary: 'Comment on an answer (multipart for files)',
    requestBody: uploadRequestBody(commentRules),
  })
  async create(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return readWrite(
      this.files,
      request,
      auth,
      { schema: commentRules, area: 'comments', maxFiles: MAX_COMMENT_FILES },
      async (input, uploaded) => respond(commentResource, await this.comments.create(auth, input, uploaded)),
    );
  }

  /** A file of a comment, for whoever may read its answer. */
  @Get(':id/files/:key')
  @DocumentOperation({
    summary: 'Download a file of a comment',
    responses: {
      '200': {
        description: 'The file (a PDF or an image shown inline, anything else as an attachment)',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  })
  async file(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('key') key: string,
    @Res() reply: FastifyReply,
  ) {
    return this.files.send(reply, fileByKey(await this.comments.filesOf(auth, id), key), { inline: true });
  }
}
