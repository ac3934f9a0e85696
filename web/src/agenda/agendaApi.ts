import { api, QUIET } from '../api/baseApi';
import { deserializeList, deserializeOne, type Document } from '../api/jsonapi';
import type { MetaOf, ResourceOf } from '../api/types';

export type AgendaItem = ResourceOf<'/api/course/agenda'>;
export type TodoItem = ResourceOf<'/api/todo'>;
export type TodoMeta = MetaOf<'/api/todo'>;
export type TimelineEntry = ResourceOf<'/api/timeline/{profile}'>;
export type TimelineStatistic = ResourceOf<'/api/timeline/statistic/{id}'>;

/** A day (`date`, YYYY-MM-DD) or a month (`month`, YYYY-MM) of the campus's calendar. */
export type AgendaRange = { month: string } | { date: string };

/**
 * The agenda, to-do and timeline of the course service (issue 15). Their failures are swallowed
 * (spec 03 §8 for the agenda, spec 02 §8 for the to-do): a screen shows what it has, or its empty
 * state, never an error page — so every call is quiet.
 */
export const agendaApi = api.injectEndpoints({
  endpoints: (build) => ({
    agenda: build.query<AgendaItem[], AgendaRange>({
      extraOptions: QUIET,
      query: (range) => `course/agenda?${new URLSearchParams(range)}`,
      transformResponse: (document: Document) => deserializeList<AgendaItem>(document),
    }),
    todo: build.query<{ items: TodoItem[]; total: number }, { limit: number; offset: number }>({
      extraOptions: QUIET,
      query: ({ limit, offset }) => `todo?page[limit]=${limit}&page[offset]=${offset}`,
      transformResponse: (document: Document) => ({
        items: deserializeList<TodoItem>(document),
        total: (document.meta as TodoMeta | undefined)?.total ?? 0,
      }),
    }),
    timeline: build.query<
      { items: TimelineEntry[]; next: string | null },
      { profile: string; limit: number }
    >({
      extraOptions: QUIET,
      query: ({ profile, limit }) => `timeline/${encodeURIComponent(profile)}?page[limit]=${limit}`,
      transformResponse: (document: Document) => ({
        items: deserializeList<TimelineEntry>(document),
        next: (document.meta as { next_bucket_id?: string | null } | undefined)?.next_bucket_id ?? null,
      }),
    }),
    timelineStatistic: build.query<TimelineStatistic, { id: string; weeks: number }>({
      extraOptions: QUIET,
      query: ({ id, weeks }) => `timeline/statistic/${encodeURIComponent(id)}?weeks=${weeks}`,
      transformResponse: (document: Document) => deserializeOne<TimelineStatistic>(document),
    }),
  }),
});

export const { useAgendaQuery, useTodoQuery, useTimelineQuery, useTimelineStatisticQuery } = agendaApi;
