import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
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
import { bookmarkQuery, bookmarkResource } from './bookmarks.resource';
import { BookmarksService } from './bookmarks.service';
import { bookmarkCreateRules } from './space.rules';

/** The signed-in user's bookmarks (issue 21): contents, exams, tasks and threads they may see. */
@Controller('api/course/bookmarks')
export class BookmarksController {
  constructor(private readonly bookmarks: BookmarksService) {}

  /** Newest first; `filter[kind]`, `filter[item_id]` (is this item bookmarked?), `filter[course_id]`. */
  @Get()
  @Responds(bookmarkResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(bookmarkQuery) query: ParsedQuery) {
    const [bookmarks, total] = await this.bookmarks.list(auth, query);
    return respond(bookmarkResource, bookmarks, { meta: pageMeta(total, query) });
  }

  /** `{kind, item_id}`: an item the caller may see (404 otherwise). */
  @Post()
  @Responds(bookmarkResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(bookmarkCreateRules) input: AttributesOf<typeof bookmarkCreateRules>,
  ) {
    return respond(bookmarkResource, await this.bookmarks.create(auth, input));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.bookmarks.remove(auth, id);
  }
}
