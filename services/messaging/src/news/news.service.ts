import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { defineList, forbidden, notFound, type ParsedQuery } from '@lms/jsonapi';
import { requiredRichText } from '@lms/richtext';
import { News } from './news.entity';
import type { NewsUpdate } from './news.rules';

const newsList = defineList<News>({ entity: News, alias: 'news' });

/**
 * News of a campus (spec 03 §3, §7 "News"): its administrators write, publish and withdraw
 * them; anyone, signed in or not, reads the published ones of the campus served at the host.
 */
@Injectable()
export class NewsService {
  constructor(private readonly dataSource: DataSource) {}

  /** The published news of a campus. */
  published(tenantId: number, query: ParsedQuery): Promise<[News[], number]> {
    return newsList.page(
      this.dataSource,
      { where: ['news.tenant_id = :tenantId', 'news.is_published'], params: { tenantId } },
      query,
    );
  }

  /** One published item of the campus; a draft or another campus's is a 404. */
  async publishedOne(tenantId: number, id: number): Promise<News> {
    const news = await this.dataSource.getRepository(News).findOneBy({ id, tenantId, isPublished: true });
    if (!news) throw notFound('News not found');
    return news;
  }

  /** Every item of the caller's campus (administrators). */
  all(auth: AuthContext, query: ParsedQuery): Promise<[News[], number]> {
    this.assertAuthor(auth);
    return newsList.page(
      this.dataSource,
      { where: ['news.tenant_id = :tenantId'], params: { tenantId: auth.tenantId } },
      query,
    );
  }

  async get(auth: AuthContext, id: number): Promise<News> {
    this.assertAuthor(auth);
    const news = await this.dataSource.getRepository(News).findOneBy({ id, tenantId: auth.tenantId });
    if (!news) throw notFound('News not found');
    return news;
  }

  async create(auth: AuthContext, input: NewsUpdate & { title: string; contents: string }): Promise<News> {
    this.assertAuthor(auth);
    const news = Object.assign(new News(), {
      tenantId: auth.tenantId,
      createdBy: auth.userId,
      tags: [],
      thumbnail: null,
      isPublished: false,
      publishedAt: null,
    });
    this.apply(news, input);
    return this.dataSource.getRepository(News).save(news);
  }

  async update(auth: AuthContext, id: number, input: NewsUpdate): Promise<News> {
    const news = await this.get(auth, id);
    this.apply(news, input);
    return this.dataSource.getRepository(News).save(news);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.get(auth, id);
    await this.dataSource.getRepository(News).delete({ id });
  }

  private apply(news: News, input: NewsUpdate) {
    if (input.title !== undefined) news.title = input.title.trim();
    if (input.contents !== undefined) news.contents = requiredRichText(input.contents, 'contents');
    if (input.tags !== undefined) news.tags = [...new Set(input.tags.map((tag) => tag.trim()))];
    if (input.thumbnail !== undefined) news.thumbnail = input.thumbnail;
    if (input.is_published !== undefined) {
      news.isPublished = input.is_published;
      if (input.is_published && news.publishedAt === null) news.publishedAt = new Date();
    }
  }

  /**
   * The campus's staff write its news: its administrators (through the API: the web client signs no
   * administrator in) and its lecturers (the web client's news screens).
   */
  private assertAuthor(auth: AuthContext) {
    if (auth.role !== 'admin' && auth.role !== 'lecturer')
      throw forbidden('Only the staff of the campus (administrators, lecturers) write its news');
  }
}
