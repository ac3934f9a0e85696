import { api, QUIET } from '../../api/baseApi';
import { deserializeOne, deserializePage, toSearchParams, type Document, type Page } from '../../api/jsonapi';

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

export const { useNewsQuery, useNewsItemQuery } = newsApi;
