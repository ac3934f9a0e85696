import { api, QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type Page,
} from '../../api/jsonapi';
import i18n from '../../i18n/i18n';
import { announceSaves } from '../../notifications/saved';

/** News on the landing page and the home page (spec 03 §9: news 3). */
export const NEWS_STRIP_SIZE = 3;
export const NEWS_PAGE_SIZE = 10;

/** A published news item (spec 03 §3 "News": title, is_published, published_at, contents, tags). */
export interface NewsItem {
  id: string;
  title: string;
  /** The text, as rich-text HTML. */
  contents: string;
  tags: string[];
  thumbnail: string | null;
  published_at: string;
}

/** A news item as its authors see it (`/course/news`): drafts too. */
export interface AuthoredNews extends Omit<NewsItem, 'published_at'> {
  is_published: boolean;
  /** When it was first published (null: never). */
  published_at: string | null;
  updated_at: string;
}

/** What the authors write (spec 03 §3 "News"). */
export type NewsWrite = Pick<AuthoredNews, 'title' | 'contents' | 'tags' | 'thumbnail' | 'is_published'>;

/** The start of a news item's text, as plain words, for its card. */
export function newsExcerpt(item: Pick<NewsItem, 'contents'>, length = 160): string {
  const body = new DOMParser().parseFromString(item.contents, 'text/html').body;
  const words = [...body.childNodes]
    .map((node) => node.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length > length ? `${words.slice(0, length - 1).trimEnd()}…` : words;
}

/** The campus's published news, read without signing in (`/public/news`). */
export const newsApi = api.injectEndpoints({
  endpoints: (build) => ({
    news: build.query<Page<NewsItem>, { limit: number; offset: number }>({
      extraOptions: QUIET,
      query: ({ limit, offset }) =>
        `public/news?${toSearchParams({ filter: { is_published: { is: true } }, sort: '-published_at', limit, offset })}`,
      transformResponse: (document: Document) => deserializePage<NewsItem>(document),
    }),
    newsItem: build.query<NewsItem, string>({
      extraOptions: QUIET,
      query: (id) =>
        `public/news/${encodeURIComponent(id)}?${toSearchParams({ include: ['contents', 'tags'] })}`,
      transformResponse: (document: Document) => deserializeOne<NewsItem>(document),
    }),
  }),
});

const withTags = api.enhanceEndpoints({ addTagTypes: ['News'] });
const AUTHORED = { type: 'News' as const, id: 'LIST' };

/** Writing the campus's news: its administrators (`/course/news`). */
export const newsAuthoringApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    authoredNews: build.query<Page<AuthoredNews>, { title: string; limit: number; offset: number }>({
      extraOptions: QUIET,
      query: ({ title, limit, offset }) =>
        `course/news?${toSearchParams({
          ...(title ? { filter: { title: { like: title } } } : {}),
          sort: '-created_at',
          limit,
          offset,
        })}`,
      transformResponse: (document: Document) => deserializePage<AuthoredNews>(document),
      providesTags: [AUTHORED],
    }),
    authoredNewsItem: build.query<AuthoredNews, string>({
      extraOptions: QUIET,
      query: (id) => `course/news/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<AuthoredNews>(document),
      providesTags: (_r, _e, id) => [{ type: 'News', id }],
    }),
    createNews: build.mutation<AuthoredNews, NewsWrite>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'course/news',
        method: 'POST',
        body: attributesBody({ ...attributes }),
      }),
      transformResponse: (document: Document) => deserializeOne<AuthoredNews>(document),
      invalidatesTags: [AUTHORED],
    }),
    /** Changes it; `is_published` publishes or withdraws it. */
    updateNews: build.mutation<AuthoredNews, { id: string; changes: Partial<NewsWrite> }>({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({
        url: `course/news/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ ...changes }),
      }),
      transformResponse: (document: Document) => deserializeOne<AuthoredNews>(document),
      invalidatesTags: (_r, _e, { id }) => [AUTHORED, { type: 'News', id }],
    }),
  }),
});

const savedNews = (result: AuthoredNews, changes: Partial<NewsWrite>) =>
  i18n.t(
    changes.is_published === undefined
      ? 'messaging.saved.newsSaved'
      : changes.is_published
        ? 'messaging.saved.newsPublished'
        : 'messaging.saved.newsWithdrawn',
    { title: result.title },
  );

announceSaves(newsAuthoringApi, {
  createNews: ({ result, arg }) => savedNews(result, { is_published: arg.is_published || undefined }),
  updateNews: ({ result, arg }) => savedNews(result, arg.changes),
});

export const { useNewsQuery, useNewsItemQuery } = newsApi;
export const {
  useAuthoredNewsQuery,
  useAuthoredNewsItemQuery,
  useCreateNewsMutation,
  useUpdateNewsMutation,
} = newsAuthoringApi;
