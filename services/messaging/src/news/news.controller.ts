import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type AuthContext, browserHost, CurrentAuth, JsonApiQuery, Public } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  notFound,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  parseQuery,
  type RawQuery,
  respond,
  Responds,
} from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { newsQuery, newsResource, publicNewsQuery } from './news.resource';
import { newsCreateRules, newsUpdateRules } from './news.rules';
import { NewsService } from './news.service';

/**
 * The campus's news for anyone, signed in or not: the campus served at the request's host (an
 * unknown host is a 404); dates in its time zone.
 */
@Controller('api/public/news')
@Public()
export class PublicNewsController {
  constructor(
    private readonly news: NewsService,
    private readonly projections: Projections,
  ) {}

  private async campus(request: FastifyRequest) {
    const host = browserHost(request.headers);
    const campus = host ? await this.projections.campusByHost(host) : null;
    if (!campus) throw notFound(`No campus is served at ${host || 'this address'}`);
    return campus;
  }

  /** Published news, newest first, 3 a page. */
  @Get()
  @Responds(newsResource, { list: true, meta: PAGE_META })
  async list(@Req() request: FastifyRequest, @Query() raw: RawQuery) {
    const campus = await this.campus(request);
    const query = parseQuery(raw, publicNewsQuery, { timeZone: campus.timeZone });
    const [rows, total] = await this.news.published(Number(campus.id), query);
    return respond(newsResource, rows, { meta: pageMeta(total, query), timeZone: campus.timeZone });
  }

  /** A published item with its contents and tags. */
  @Get(':id')
  @Responds(newsResource)
  async get(@Req() request: FastifyRequest, @Param('id', ParseIdPipe) id: number, @Query() raw: RawQuery) {
    const campus = await this.campus(request);
    parseQuery({ include: raw.include }, publicNewsQuery);
    return respond(newsResource, await this.news.publishedOne(Number(campus.id), id), {
      timeZone: campus.timeZone,
    });
  }
}

/** Writing the campus's news: its administrators (anyone else: 403). */
@Controller('api/course/news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  /** Every item, drafts too. */
  @Get()
  @Responds(newsResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(newsQuery) query: ParsedQuery) {
    const [rows, total] = await this.news.all(auth, query);
    return respond(newsResource, rows, { meta: pageMeta(total, query) });
  }

  @Get(':id')
  @Responds(newsResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(newsResource, await this.news.get(auth, id));
  }

  /** A draft, or published at once (`is_published: true`). */
  @Post()
  @Responds(newsResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newsCreateRules) input: AttributesOf<typeof newsCreateRules>,
  ) {
    return respond(newsResource, await this.news.create(auth, input));
  }

  /** Changes it; `is_published` publishes (first time: `published_at` now) or withdraws it. */
  @Patch(':id')
  @Responds(newsResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(newsUpdateRules) input: AttributesOf<typeof newsUpdateRules>,
  ) {
    return respond(newsResource, await this.news.update(auth, id, input));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.news.remove(auth, id);
  }
}
