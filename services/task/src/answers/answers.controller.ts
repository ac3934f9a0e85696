import { Controller, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
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
  unprocessable,
  attributePointer,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { fileByKey, readWrite, uploadRequestBody } from '@lms/storage';
import { TaskFiles } from '../files/task-files';
import { answerQuery, answerResource } from './answers.resource';
import { changeRequestRules, groupAnswerRules, MAX_ANSWER_FILES, setAnswerRules } from './answers.rules';
import { AnswersService } from './answers.service';

const FILE_RESPONSE = {
  '200': {
    description: 'The file (a PDF or an image shown inline, anything else as an attachment)',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
};

/**
 * Answers to tasks (spec 02 §7 "Tasks"): the student's save and send, the staff's reads and change
 * requests, personal and group answers alike.
 */
@Controller('api/course')
export class AnswersController {
  constructor(
    private readonly answers: AnswersService,
    private readonly files: TaskFiles,
  ) {}

  /**
   * The caller's answer to a task — their own (personal task) or their group's (group task) —
   * created or changed: `{task_id, answer, files (the keys to keep), is_sent}` as JSON, or as
   * multipart fields with new files in `file` parts. `is_sent: 1` sends it.
   */
  @Post('tasks/setAnswer')
  @HttpCode(200)
  @Responds(answerResource)
  @DocumentOperation({
    summary: 'Save or send the caller’s answer to a task (multipart for files)',
    requestBody: uploadRequestBody(setAnswerRules),
  })
  async setAnswer(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return readWrite(
      this.files,
      request,
      auth,
      { schema: setAnswerRules, area: 'answers', listFields: ['files'], maxFiles: MAX_ANSWER_FILES },
      async (input, uploaded) =>
        respond(
          answerResource,
          (await this.answers.save(auth, { taskId: input.task_id }, input, uploaded)).answer,
        ),
    );
  }

  /** `POST /course/task/answer/groups`: the caller's group's answer, as `setAnswer` does for a group task. */
  @Post('task/answer/groups')
  @HttpCode(200)
  @Responds(answerResource)
  @DocumentOperation({
    summary: 'Save or send the caller’s group’s answer (multipart for files)',
    requestBody: uploadRequestBody(setAnswerRules),
  })
  async saveGroupAnswer(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return readWrite(
      this.files,
      request,
      auth,
      { schema: setAnswerRules, area: 'answers', listFields: ['files'], maxFiles: MAX_ANSWER_FILES },
      async (input, uploaded) =>
        respond(
          answerResource,
          (await this.answers.save(auth, { taskId: input.task_id, group: true }, input, uploaded)).answer,
        ),
    );
  }

  /** `PATCH /course/task/answer/groups`: the group answer `id` (or the caller's group's of `task_id`) changed. */
  @Patch('task/answer/groups')
  @Responds(answerResource)
  @DocumentOperation({
    summary: 'Change the caller’s group’s answer (multipart for files)',
    requestBody: uploadRequestBody(groupAnswerRules),
  })
  async updateGroupAnswer(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return readWrite(
      this.files,
      request,
      auth,
      { schema: groupAnswerRules, area: 'answers', listFields: ['files'], maxFiles: MAX_ANSWER_FILES },
      async (input, uploaded) => {
        const target =
          input.id !== undefined
            ? { answerId: input.id }
            : input.task_id !== undefined
              ? { taskId: input.task_id, group: true }
              : null;
        if (target === null)
          throw unprocessable([
            { pointer: attributePointer('id'), detail: 'id (the group answer) or task_id is required' },
          ]);
        return respond(answerResource, (await this.answers.save(auth, target, input, uploaded)).answer);
      },
    );
  }

  /** Sends the group answer `id` as it is (any member of the group). */
  @Post('task/answer/groups/:id/send')
  @HttpCode(200)
  @Responds(answerResource)
  async sendGroupAnswer(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(
      answerResource,
      (await this.answers.save(auth, { answerId: id }, { is_sent: true }, [])).answer,
    );
  }

  /**
   * The answers the caller may read: staff every answer of the tasks they teach, a student their
   * own and their group's. `filter[task_id]`, `filter[is_sent]`, `filter[is_late]`…, `include=student,task`.
   */
  @Get('task/answers')
  @Responds(answerResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(answerQuery) query: ParsedQuery) {
    const [answers, total] = await this.answers.list(auth, query);
    return respond(answerResource, answers, { include: query.include, meta: pageMeta(total, query) });
  }

  /** The answer of a group (by the group's id), null before its first save: its members and the staff. */
  @Get('task/answers/group/:id')
  @Responds(answerResource, { nullable: true })
  async ofGroup(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) groupId: number) {
    return respond(answerResource, await this.answers.ofGroup(auth, groupId));
  }

  /** One answer the caller may read, with `include=student,task`. */
  @Get('task/answers/:id')
  @Responds(answerResource)
  async get(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(answerQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    return respond(answerResource, await this.answers.get(auth, id, query.include), {
      include: query.include,
    });
  }

  /** A change request of the staff: `{is_sent: 0, comment}` sends the answer back to draft. */
  @Patch('task/answers/:id')
  @Responds(answerResource)
  async requestChange(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(changeRequestRules) input: AttributesOf<typeof changeRequestRules>,
  ) {
    return respond(answerResource, await this.answers.requestChange(auth, id, input.comment));
  }

  /** The same change request for a group answer (`{id}` is the group answer's). */
  @Patch('task/answer/request/groups/:id')
  @Responds(answerResource)
  async requestGroupChange(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(changeRequestRules) input: AttributesOf<typeof changeRequestRules>,
  ) {
    return respond(
      answerResource,
      await this.answers.requestChange(auth, id, input.comment, { group: true }),
    );
  }

  /** A file of an answer, for whoever may read the answer (a PDF or an image is shown inline). */
  @Get('task/answers/:id/files/:key')
  @DocumentOperation({ summary: 'Download a file of an answer', responses: FILE_RESPONSE })
  async file(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('key') key: string,
    @Res() reply: FastifyReply,
  ) {
    return this.files.send(reply, fileByKey(await this.answers.filesOf(auth, id), key), { inline: true });
  }
}
