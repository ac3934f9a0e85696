import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
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
import { archivedFlag, contentQuery, contentResource } from './contents.resource';
import { contentCreateRules, contentTransferRules, contentUpdateRules, restoreIds } from './contents.rules';
import { ContentsService } from './contents.service';

@Controller('api/course')
export class ContentsController {
  constructor(private readonly contents: ContentsService) {}

  /**
   * `filter[contentable_type|contentable_id|type|course_id]`, `sort=index` (default), page limit 0
   * for all; `archived=1` lists the archive of the courses the caller teaches.
   */
  @Get('contents')
  @Responds(contentResource, { list: true, meta: PAGE_META })
  async list(
    @CurrentAuth() auth: AuthContext,
    @JsonApiQuery(contentQuery) query: ParsedQuery,
    @Query('archived') archived: unknown,
  ) {
    const [contents, total] = await this.contents.list(auth, query, archivedFlag(archived));
    return respond(contentResource, contents, { meta: pageMeta(total, query) });
  }

  @Get('contents/:id')
  @Responds(contentResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(contentResource, await this.contents.get(auth, id));
  }

  /** The spec also reads one content at the singular path. */
  @Get('content/:id')
  @Responds(contentResource)
  getSingular(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return this.get(auth, id);
  }

  /**
   * `{contentable_type, contentable_id, name, type, content, size, mime}`; the content goes last.
   * A file content is made by `POST contents/upload`; here `content` may name only the storage
   * key of a file the caller uploaded to (or copied into) this course (422 otherwise), and its
   * size and type are the stored file's (`size` and `mime` are ignored).
   */
  @Post('contents')
  @Responds(contentResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(contentCreateRules) input: AttributesOf<typeof contentCreateRules>,
  ) {
    const content = await this.contents.create(auth, input, input);
    return respond(contentResource, content);
  }

  /** `{content_ids, contentable_type, contentable_id}`: copies go last in the target, in order. */
  @Post('contents/copy')
  @Responds(contentResource, { list: true })
  async copy(
    @CurrentAuth() auth: AuthContext,
    @Attributes(contentTransferRules) input: AttributesOf<typeof contentTransferRules>,
  ) {
    const copies = await this.contents.copy(auth, input.content_ids, input);
    return respond(contentResource, copies);
  }

  @Post('contents/move')
  @HttpCode(200)
  @Responds(contentResource, { list: true })
  async move(
    @CurrentAuth() auth: AuthContext,
    @Attributes(contentTransferRules) input: AttributesOf<typeof contentTransferRules>,
  ) {
    const moved = await this.contents.move(auth, input.content_ids, input);
    return respond(contentResource, moved);
  }

  @Patch('contents/restore')
  @Responds(contentResource, { list: true })
  async restore(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const restored = await this.contents.restore(auth, restoreIds(body));
    return respond(contentResource, restored);
  }

  @Patch('contents/:id')
  @Responds(contentResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(contentUpdateRules) input: AttributesOf<typeof contentUpdateRules>,
  ) {
    return respond(contentResource, await this.contents.update(auth, id, input), {});
  }

  /** Deletes an archived content for good (409 for a live one). */
  @Delete('contents/:id/permanent')
  @HttpCode(204)
  async purge(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.contents.purge(auth, id);
  }

  /** Archives the content (restorable from the archive). */
  @Delete('contents/:id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.contents.archive(auth, id);
  }
}
