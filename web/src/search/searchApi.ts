import { api, QUIET } from '../api/baseApi';
import { deserializePage, toSearchParams, type Document, type Page } from '../api/jsonapi';
import type { ResourceOf } from '../api/types';

/** One hit of the global search: a course, content, exam, task, thread or person, with its link. */
export type SearchHit = ResourceOf<'/api/course/search'>;
export type SearchKind = SearchHit['kind'];

/** The kinds in the order the dropdown and the filter chips show them. */
export const SEARCH_KINDS: readonly SearchKind[] = ['course', 'content', 'exam', 'task', 'thread', 'person'];
/** Shortest and longest text the API searches (its `q`). */
export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;

export interface SearchArgs {
  q: string;
  kind?: SearchKind;
  limit: number;
  offset: number;
}

/** The global search of the top bar and of `/search` (issue 21), from the course service. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    globalSearch: build.query<Page<SearchHit>, SearchArgs>({
      extraOptions: QUIET,
      query: ({ q, kind, limit, offset }) =>
        `course/search?${new URLSearchParams({ q }).toString()}&${toSearchParams({
          ...(kind ? { filter: { kind: { is: kind } } } : {}),
          limit,
          offset,
        })}`,
      transformResponse: (document: Document) => deserializePage<SearchHit>(document),
    }),
  }),
});

export const { useGlobalSearchQuery } = searchApi;
