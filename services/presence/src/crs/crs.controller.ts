import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type AuthContext, browserHost, CurrentAuth, JsonApiQuery, Public } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  type QuerySpec,
  queryId,
  respond,
  Responds,
  TOTAL_META,
} from '@lms/jsonapi';
import { CrsLiveService } from './crs-live.service';
import { CrsXapiService } from './crs-xapi.service';
import {
  chatResource,
  crsQuery,
  crsResource,
  resultResource,
  statementResource,
  voteResource,
} from './crs.resource';
import { crsCreateRules, crsUpdateRules, xapiRules } from './crs.rules';
import { CrsService } from './crs.service';

/** Paging only, newest first: a room's chat and votes. */
const pageOnly: QuerySpec = { filters: {}, sorts: {} };

/** Live classrooms (spec 03 §7 "Live classroom"); what happens inside them goes over `/socket/crs`. */
@Controller('api/crs')
export class CrsController {
  constructor(
    private readonly rooms: CrsService,
    private readonly live: CrsLiveService,
    private readonly xapi: CrsXapiService,
  ) {}

  /** The rooms of the caller's courses: `filter[course_id|activity_id|type]`, 10 a page, latest first. */
  @Get('crs')
  @Responds(crsResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(crsQuery) query: ParsedQuery) {
    const [rows, total] = await this.rooms.list(auth, query);
    return respond(crsResource, rows, { meta: pageMeta(total, query) });
  }

  /** A room with where its video is now. */
  @Get('crs/:id')
  @Responds(crsResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(crsResource, await this.rooms.get(auth, id));
  }

  /** A room of a course the caller teaches; its hosts are staff of the course (the caller unless sent). */
  @Post('crs')
  @Responds(crsResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(crsCreateRules) input: AttributesOf<typeof crsCreateRules>,
  ) {
    return respond(crsResource, await this.rooms.create(auth, input));
  }

  /** Changes what is sent, by the course's staff. */
  @Patch('crs/:id')
  @Responds(crsResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(crsUpdateRules) input: AttributesOf<typeof crsUpdateRules>,
  ) {
    return respond(crsResource, await this.rooms.update(auth, id, input));
  }

  /** Deletes the room with its chat, votes and interactive-content results. */
  @Delete('crs/:id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.rooms.remove(auth, id);
  }

  /** The room's chat, newest first, 10 a page (`page[limit|offset]`). */
  @Get('crs/:id/messages')
  @Responds(chatResource, { list: true, meta: PAGE_META })
  async messages(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(pageOnly) query: ParsedQuery,
  ) {
    const [rows, total] = await this.live.messages(auth, id, query);
    return respond(chatResource, rows, { meta: pageMeta(total, query) });
  }

  /**
   * `?roomId=`: the room's votes, newest first, 10 a page, with how many chose each answer and the
   * caller's own answer; the answers' scores for its staff.
   */
  @Get('vote')
  @Responds(voteResource, { list: true, meta: PAGE_META })
  async votes(
    @CurrentAuth() auth: AuthContext,
    @Query('roomId') roomId: unknown,
    @JsonApiQuery(pageOnly) query: ParsedQuery,
  ) {
    const [rows, total] = await this.live.votes(auth, queryId(roomId, 'roomId', true), query);
    return respond(voteResource, rows, { meta: pageMeta(total, query) });
  }

  /**
   * `{crs_id, statement}`: an xAPI statement of an interactive (H5P) content the caller played in
   * the room; its actor must be the caller (`account.name`: their user id or username).
   */
  @Post('xapi')
  @Responds(statementResource)
  async statement(
    @CurrentAuth() auth: AuthContext,
    @Attributes(xapiRules) input: AttributesOf<typeof xapiRules>,
  ) {
    return respond(statementResource, await this.xapi.record(auth, input.crs_id, input.statement));
  }
}

/** The interactive-content results of a room, without signing in (campus of the request's host). */
@Controller('api/public/crs')
@Public()
export class PublicCrsController {
  constructor(private readonly xapi: CrsXapiService) {}

  /** Per content of the room: scored attempts, highest, lowest and average score (percent); no names. */
  @Get('result/:id')
  @Responds(resultResource, { list: true, meta: TOTAL_META })
  async result(@Req() request: FastifyRequest, @Param('id', ParseIdPipe) id: number) {
    const rows = await this.xapi.results(browserHost(request.headers) ?? '', id);
    return respond(resultResource, rows, { meta: { total: rows.length } });
  }
}
