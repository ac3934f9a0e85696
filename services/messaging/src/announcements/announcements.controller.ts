import { Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
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
  TOTAL_META,
} from '@lms/jsonapi';
import { announcementQuery, announcementResource } from './announcements.resource';
import { announcementCreateRules, announcementUpdateRules } from './announcements.rules';
import { AnnouncementsService } from './announcements.service';

/** Course announcements (spec 02 §7 "Announcements"). */
@Controller('api/course/announcements')
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  /** Of the caller's courses: all of those they teach, the active ones of those they study in. */
  @Get()
  @Responds(announcementResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(announcementQuery) query: ParsedQuery) {
    const [rows, total] = await this.announcements.list(auth, query);
    return respond(announcementResource, rows, { meta: pageMeta(total, query) });
  }

  /** The active popups of the caller's courses they have not marked seen: each is shown once. */
  @Get('popups')
  @Responds(announcementResource, { list: true, meta: TOTAL_META })
  async popups(@CurrentAuth() auth: AuthContext) {
    const rows = await this.announcements.popups(auth);
    return respond(announcementResource, rows, { meta: { total: rows.length } });
  }

  @Get(':id')
  @Responds(announcementResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(announcementResource, await this.announcements.get(auth, id));
  }

  /** A new announcement of a course the caller teaches. */
  @Post()
  @Responds(announcementResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(announcementCreateRules) input: AttributesOf<typeof announcementCreateRules>,
  ) {
    return respond(announcementResource, await this.announcements.create(auth, input));
  }

  @Patch(':id')
  @Responds(announcementResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(announcementUpdateRules) input: AttributesOf<typeof announcementUpdateRules>,
  ) {
    return respond(announcementResource, await this.announcements.update(auth, id, input));
  }

  /** The caller has seen it (the popup is not shown to them again); again: unchanged. */
  @Post(':id/seen')
  @HttpCode(200)
  @Responds(announcementResource)
  async seen(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(announcementResource, await this.announcements.seen(auth, id));
  }
}
