import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  parseQuery,
  ParseIdPipe,
  type RawQuery,
  respond,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { FILE_DOWNLOAD_RESPONSES, readWrite, uploadRequestBody } from '@lms/storage';
import { MessageFiles } from './message-files';
import { People } from '../people';
import {
  messageQuery,
  messageResource,
  messageSettingResource,
  recipientQuery,
  recipientResource,
} from './messages.resource';
import {
  MAX_MESSAGE_FILES,
  messageCreateRules,
  messageSettingRules,
  messageUpdateRules,
} from './messages.rules';
import { MessagesService } from './messages.service';

/** `include` of a single message: the list's. */
const includeOnly = (raw: RawQuery) => parseQuery({ include: raw.include }, messageQuery).include;

/** Course messages (spec 03 §7 "Messaging"): the sender's and the receiver's. */
@Controller('api/course/messages')
export class MessagesController {
  constructor(
    private readonly messages: MessagesService,
    private readonly files: MessageFiles,
    private readonly people: People,
  ) {}

  /** The caller's messages: filter, sort, include (`sender`, `receiver`), 10 a page (`-1`: all). */
  @Get()
  @Responds(messageResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(messageQuery) query: ParsedQuery) {
    const [rows, total] = await this.messages.list(auth, query);
    return respond(messageResource, rows, { meta: pageMeta(total, query), include: query.include });
  }

  /**
   * Whom the caller may write to, across their courses (or through `filter[course_id][is]`),
   * searchable by `filter[name][like]`, sorted by name, 10 a page: the new-message form's picker.
   */
  @Get('recipients')
  @Responds(recipientResource, { list: true, meta: PAGE_META })
  async recipients(@CurrentAuth() auth: AuthContext, @JsonApiQuery(recipientQuery) query: ParsedQuery) {
    const [people, total] = await this.people.messageRecipients(auth, query);
    return respond(recipientResource, people, { meta: pageMeta(total, query) });
  }

  /** Whether the course's students may write to one another (anyone in the course reads it). */
  @Get('settings/:courseId')
  @Responds(messageSettingResource)
  async setting(@CurrentAuth() auth: AuthContext, @Param('courseId', ParseIdPipe) courseId: number) {
    return respond(messageSettingResource, await this.messages.setting(auth, courseId));
  }

  /** The course's staff allow or forbid its students to write to one another. */
  @Patch('settings/:courseId')
  @Responds(messageSettingResource)
  async setSetting(
    @CurrentAuth() auth: AuthContext,
    @Param('courseId', ParseIdPipe) courseId: number,
    @Attributes(messageSettingRules) input: AttributesOf<typeof messageSettingRules>,
  ) {
    return respond(
      messageSettingResource,
      await this.messages.setSetting(auth, courseId, input.students_may_message_classmates),
    );
  }

  /** A message the caller sent or received; the receiver opening it marks it read. */
  @Get(':id')
  @Responds(messageResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number, @Query() raw: RawQuery) {
    const include = includeOnly(raw);
    return respond(messageResource, await this.messages.get(auth, id, include), { include });
  }

  /** A message `{receiver_id, subject, message, course_id?}` as JSON, or multipart with files in `file` parts. */
  @Post()
  @Responds(messageResource)
  @DocumentOperation({
    summary: 'Send a course message (multipart for files)',
    requestBody: uploadRequestBody(messageCreateRules),
  })
  async create(@CurrentAuth() auth: AuthContext, @Req() request: FastifyRequest) {
    return readWrite(
      this.files,
      request,
      auth,
      { schema: messageCreateRules, area: 'messages', maxFiles: MAX_MESSAGE_FILES },
      async (input, uploaded) => respond(messageResource, await this.messages.create(auth, input, uploaded)),
    );
  }

  /** The sender changes subject, text, what it is about, or drops files (`attachments`: the keys kept). */
  @Patch(':id')
  @Responds(messageResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(messageUpdateRules) input: AttributesOf<typeof messageUpdateRules>,
  ) {
    return respond(messageResource, await this.messages.update(auth, id, input));
  }

  /** Removes the message from the caller's box. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.messages.remove(auth, id);
  }

  /** A file of a message, for its sender and receiver. */
  @Get(':id/files/:key')
  @DocumentOperation({ summary: 'Download a file of a message', responses: FILE_DOWNLOAD_RESPONSES })
  async file(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('key') key: string,
    @Res() reply: FastifyReply,
  ) {
    return this.messages.sendFile(auth, id, key, reply);
  }
}
