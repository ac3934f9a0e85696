import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JsonApiQuery, Public } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  parseQuery,
  type RawQuery,
  respond,
  Responds,
  z,
} from '@lms/jsonapi';
import { ContentFilesService } from '../contents/content-files.service';
import { contentQuery, contentResource, sendDownload } from '../contents/contents.resource';
import { ContentsService } from '../contents/contents.service';
import { CampusResolver } from '../tenants/campus.resolver';
import { courseViewResource, exploreQuery, publicCourseQuery, publicCourseResource } from './public.resource';
import { courseViewRules } from './public.rules';
import { PublicCatalogueService } from './public.service';

/**
 * What anyone may read without signing in, for the campus of the request's host (the gateway's
 * `x-forwarded-host`); an unknown host is a 404. Dates are in the campus's time zone.
 */
@Controller('api/public')
@Public()
export class PublicController {
  constructor(
    private readonly campuses: CampusResolver,
    private readonly catalogue: PublicCatalogueService,
    private readonly contents: ContentsService,
    private readonly files: ContentFilesService,
  ) {}

  /** Free courses of the catalogue: 4 by default, newest change first. */
  @Get('courses/explore')
  @Responds(publicCourseResource, { list: true, meta: PAGE_META })
  async explore(@Req() request: FastifyRequest, @Query() raw: RawQuery) {
    const campus = await this.campuses.resolve(request);
    const query = parseQuery(raw, exploreQuery, { timeZone: campus.timeZone });
    const [courses, total] = await this.catalogue.explore(campus.id, query);
    return respond(publicCourseResource, courses, {
      meta: pageMeta(total, query),
      include: query.include,
      timeZone: campus.timeZone,
    });
  }

  /** The catalogue: active public or free courses, 9 a page. */
  @Get('courses')
  @Responds(publicCourseResource, { list: true, meta: PAGE_META })
  async list(@Req() request: FastifyRequest, @Query() raw: RawQuery) {
    const campus = await this.campuses.resolve(request);
    const query = parseQuery(raw, publicCourseQuery, { timeZone: campus.timeZone });
    const [courses, total] = await this.catalogue.list(campus.id, query);
    return respond(publicCourseResource, courses, {
      meta: pageMeta(total, query),
      include: query.include,
      timeZone: campus.timeZone,
    });
  }

  @Get('courses/:id')
  @Responds(publicCourseResource)
  async get(
    @Req() request: FastifyRequest,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(publicCourseQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    const campus = await this.campuses.resolve(request);
    return respond(publicCourseResource, await this.catalogue.get(campus.id, id, query.include), {
      include: query.include,
      timeZone: campus.timeZone,
    });
  }

  /**
   * `{courseId, campus, roles, code, name, province, is_verify, ip_address}`: one visit, 201 with
   * the view when counted; a visit already counted this hour for this address is a 200 with
   * `data: null` and `meta.counted: false`; too many reports a minute from one address, a 429.
   */
  @Post('view/course/:id')
  @Responds(courseViewResource, { nullable: true, meta: z.object({ counted: z.boolean() }) })
  async view(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(courseViewRules) input: AttributesOf<typeof courseViewRules>,
  ) {
    const campus = await this.campuses.resolve(request);
    const view = await this.catalogue.recordView(campus.id, id, input, request.ip);
    if (view === null) {
      // Already counted for this address and hour (docs/architecture.md, shared state).
      void reply.status(200);
      return { data: null, meta: { counted: false } };
    }
    return respond(courseViewResource, view, { meta: { counted: true }, timeZone: campus.timeZone });
  }

  /** Contents of the campus's active public courses, with the filters of `/course/contents`. */
  @Get('contents')
  @Responds(contentResource, { list: true, meta: PAGE_META })
  async contentsList(@Req() request: FastifyRequest, @Query() raw: RawQuery) {
    const campus = await this.campuses.resolve(request);
    const query = parseQuery(raw, contentQuery, { timeZone: campus.timeZone });
    const [contents, total] = await this.contents.listPublic(campus.id, query);
    return respond(contentResource, contents, { meta: pageMeta(total, query), timeZone: campus.timeZone });
  }

  /** The file of a public content: a 302 to a 5-minute link. */
  @Get('contents/:id/download')
  async download(
    @Req() request: FastifyRequest,
    @Param('id', ParseIdPipe) id: number,
    @Query('redirect') redirect: unknown,
    @Res() reply: FastifyReply,
  ) {
    const campus = await this.campuses.resolve(request);
    return sendDownload(reply, id, await this.files.publicDownloadUrl(campus.id, id), redirect);
  }
}
