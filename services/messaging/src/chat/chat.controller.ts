import { Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
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
  queryId,
  respond,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { chatMessageResource, roomQuery, roomResource, unreadResource } from './chat.resource';
import { chatPostRules, roomCreateRules } from './chat.rules';
import { ChatService, HISTORY_PAGE, MAX_HISTORY_PAGE } from './chat.service';

/** `?limit=` of a history page: 1 to 100, 30 by default. */
function historyLimit(value: unknown): number {
  if (value === undefined) return HISTORY_PAGE;
  const limit = queryId(value, 'limit', true);
  if (limit > MAX_HISTORY_PAGE) throw badRequest(`limit must be at most ${MAX_HISTORY_PAGE}`, 'limit');
  return limit;
}

/** Chat rooms and their messages (spec 03 §7 "Messaging"); live over `/socket/messages`. */
@Controller('api/message')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  /** The caller's rooms, latest activity first, 10 a page. */
  @Get()
  @Responds(roomResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(roomQuery) query: ParsedQuery) {
    const [rooms, total] = await this.chat.list(auth, query);
    return respond(roomResource, rooms, { meta: pageMeta(total, query) });
  }

  /** How many rooms the caller has not read since their last message, and which. */
  @Get('unread')
  @Responds(unreadResource)
  async unread(@CurrentAuth() auth: AuthContext) {
    return respond(unreadResource, await this.chat.unread(auth));
  }

  /**
   * A personal room with one other person (201, or 200 with the one the two already have) or a
   * group of the people listed and the caller.
   */
  @Post()
  @Responds(roomResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(roomCreateRules) input: AttributesOf<typeof roomCreateRules>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { room, created } = await this.chat.create(auth, input);
    if (!created) reply.status(200);
    return respond(roomResource, room);
  }

  /** A message in a room of the caller's; its members receive it live. */
  @Post('message')
  @Responds(chatMessageResource)
  async post(
    @CurrentAuth() auth: AuthContext,
    @Attributes(chatPostRules) input: AttributesOf<typeof chatPostRules>,
  ) {
    return respond(chatMessageResource, await this.chat.post(auth, input));
  }

  /** The room with its latest 30 messages (`meta.messages`, oldest first); marks it read for the caller. */
  @Get(':id')
  @Responds(roomResource)
  async open(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const { room, messages } = await this.chat.open(auth, id);
    return respond(roomResource, room, {
      meta: { messages: respond(chatMessageResource, messages), has_more: messages.length === HISTORY_PAGE },
    });
  }

  /** Older messages: the `limit` (30) before message `before`, oldest first. */
  @Get(':id/messages')
  @Responds(chatMessageResource, { list: true })
  @DocumentOperation({
    summary: 'A page of a room’s history',
    parameters: [
      { name: 'before', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
    ],
  })
  async history(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Query('before') before: unknown,
    @Query('limit') limit: unknown,
  ) {
    const size = historyLimit(limit);
    const messages = await this.chat.history(auth, id, queryId(before, 'before', false), size);
    return respond(chatMessageResource, messages, { meta: { has_more: messages.length === size } });
  }

  /** Deletes a personal room, or a group the caller created; leaves any other group. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.chat.remove(auth, id);
  }
}
