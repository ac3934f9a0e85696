import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { News } from './news.entity';

/** A news item (spec 03 §3 "News"): `contents` and `tags` are always part of it. */
export const newsResource = defineResource({
  name: 'News',
  type: 'news',
  schema: {
    title: z.string(),
    contents: z.string(),
    tags: z.array(z.string()),
    thumbnail: z.string().nullable(),
    is_published: z.boolean(),
    published_at: z.date().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (news: News) => ({
    title: news.title,
    contents: news.contents,
    tags: news.tags,
    thumbnail: news.thumbnail,
    is_published: news.isPublished,
    published_at: news.publishedAt,
    created_at: news.createdAt,
    updated_at: news.updatedAt,
  }),
});

const filters: QuerySpec['filters'] = {
  is_published: { column: 'news.is_published', type: 'boolean', ops: ['is'] },
  title: { column: 'news.title', type: 'string', ops: ['like'] },
  published_at: { column: 'news.published_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte'] },
};
const sorts = { id: 'news.id', published_at: 'news.published_at', created_at: 'news.created_at' };

/**
 * `GET /public/news`: the campus's published news, newest first, 3 a page (spec 03 §7, §9). The
 * spec's client asks for `include=contents,tags`: accepted, and always there as attributes.
 */
export const publicNewsQuery: QuerySpec = {
  filters,
  sorts,
  defaultSort: '-published_at',
  defaultLimit: 3,
  includes: ['contents', 'tags'],
};

/** `GET /course/news`: every item of the campus, drafts too, for its administrators. */
export const newsQuery: QuerySpec = { filters, sorts, defaultSort: '-created_at' };
