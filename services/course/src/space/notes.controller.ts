import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
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
import { noteQuery, noteResource } from './notes.resource';
import { NotesService } from './notes.service';
import { noteCreateRules, noteUpdateRules } from './space.rules';

/** The signed-in user's private notes on contents (issue 21); anyone else's note is 404. */
@Controller('api/course/notes')
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  /** `filter[search]` (full-text), `filter[content_id]`, `filter[course_id]`. */
  @Get()
  @Responds(noteResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(noteQuery) query: ParsedQuery) {
    const [notes, total] = await this.notes.list(auth, query);
    return respond(noteResource, notes, { meta: pageMeta(total, query) });
  }

  @Get(':id')
  @Responds(noteResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(noteResource, await this.notes.get(auth, id));
  }

  /** `{content_id, body}`: one note per content (409 for a second one). */
  @Post()
  @Responds(noteResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(noteCreateRules) input: AttributesOf<typeof noteCreateRules>,
  ) {
    return respond(noteResource, await this.notes.create(auth, input));
  }

  @Patch(':id')
  @Responds(noteResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(noteUpdateRules) input: AttributesOf<typeof noteUpdateRules>,
  ) {
    return respond(noteResource, await this.notes.update(auth, id, input));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.notes.remove(auth, id);
  }
}
