import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { DocumentOperation } from '@lms/platform';
import { FILE_DOWNLOAD_RESPONSES, MULTIPART_FILES_BODY } from '@lms/storage';
import { BoardService } from './board.service';
import { contentQuery, contentResource } from './contents.resource';
import {
  cardCreateRules,
  cardMoveRules,
  cardUpdateRules,
  columnCreateRules,
  commentRules,
  contentCreateRules,
  contentUpdateRules,
} from './contents.rules';
import { ContentsService } from './contents.service';

/**
 * Contents of project modules (spec 03 §7 "Project contents") and the columns and cards of a
 * board: open to every member of the project (spec 03 §6), a 404 for anyone else. A board's
 * changes are pushed to the members watching it on `/socket/project`.
 */
@Controller('api/project/contents')
export class ContentsController {
  constructor(
    private readonly contents: ContentsService,
    private readonly boards: BoardService,
  ) {}

  /** `filter[project_module_id]` (required): its contents, oldest first. */
  @Get()
  @Responds(contentResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(contentQuery) query: ParsedQuery) {
    const [rows, total] = await this.contents.list(auth, query);
    return respond(contentResource, rows, { meta: pageMeta(total, query) });
  }

  @Post()
  @Responds(contentResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(contentCreateRules) input: AttributesOf<typeof contentCreateRules>,
  ) {
    return respond(contentResource, await this.contents.create(auth, input));
  }

  /** With its comments, oldest first, and a board's columns and cards. */
  @Get(':id')
  @Responds(contentResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(contentResource, await this.contents.get(auth, id));
  }

  @Patch(':id')
  @Responds(contentResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(contentUpdateRules) input: AttributesOf<typeof contentUpdateRules>,
  ) {
    return respond(contentResource, await this.contents.update(auth, id, input));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.contents.remove(auth, id);
  }

  /** The file of a file content: multipart, one part `file` (a document); replaces the one it had. */
  @Put(':id/file')
  @Responds(contentResource)
  @DocumentOperation({ summary: 'Upload the file of a file content', requestBody: MULTIPART_FILES_BODY })
  async upload(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Req() request: FastifyRequest,
  ) {
    return respond(contentResource, await this.contents.upload(auth, id, request));
  }

  /** The file of a file content (shown in the browser when a PDF or an image). */
  @Get(':id/file')
  @DocumentOperation({ summary: 'Download the file of a file content', responses: FILE_DOWNLOAD_RESPONSES })
  async file(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Res() reply: FastifyReply,
  ) {
    return this.contents.sendFile(auth, id, reply);
  }

  /** A comment; the content with its comments. */
  @Post(':id/comment')
  @Responds(contentResource)
  async comment(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(commentRules) input: AttributesOf<typeof commentRules>,
  ) {
    return respond(contentResource, await this.contents.comment(auth, id, input.comment));
  }

  /** A column at the right end of the board. */
  @Post(':id/columns')
  @Responds(contentResource)
  async addColumn(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(columnCreateRules) input: AttributesOf<typeof columnCreateRules>,
  ) {
    return respond(contentResource, await this.boards.addColumn(auth, id, input.name));
  }

  /** Deletes a column with its cards; the board. */
  @Delete(':id/columns/:columnId')
  @Responds(contentResource)
  async removeColumn(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('columnId', ParseIdPipe) columnId: number,
  ) {
    return respond(contentResource, await this.boards.removeColumn(auth, id, columnId));
  }

  /** A card at the bottom of a column. */
  @Post(':id/cards')
  @Responds(contentResource)
  async addCard(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(cardCreateRules) input: AttributesOf<typeof cardCreateRules>,
  ) {
    return respond(contentResource, await this.boards.addCard(auth, id, input));
  }

  @Patch(':id/cards/:cardId')
  @Responds(contentResource)
  async updateCard(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('cardId', ParseIdPipe) cardId: number,
    @Attributes(cardUpdateRules) input: AttributesOf<typeof cardUpdateRules>,
  ) {
    return respond(contentResource, await this.boards.updateCard(auth, id, cardId, input));
  }

  @Delete(':id/cards/:cardId')
  @Responds(contentResource)
  async removeCard(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('cardId', ParseIdPipe) cardId: number,
  ) {
    return respond(contentResource, await this.boards.removeCard(auth, id, cardId));
  }

  /** Moves a card to a column at a position (drag and drop, or the keyboard's move menu). */
  @Post(':id/cards/:cardId/move')
  @HttpCode(200)
  @Responds(contentResource)
  async moveCard(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('cardId', ParseIdPipe) cardId: number,
    @Attributes(cardMoveRules) input: AttributesOf<typeof cardMoveRules>,
  ) {
    return respond(contentResource, await this.boards.moveCard(auth, id, cardId, input));
  }
}
