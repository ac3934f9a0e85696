/**
 * The success toast after every save. Each mutation endpoint declares, next to its definition, the
 * sentence its success shows ("Module “Week 1” added.") or — with the reason — that it shows none
 * (a sign-in moves on to the next page; background calls are not the user's doing). One listener
 * of the store (`showSuccessToasts`) shows the sentence when a mutation succeeds. `saved.test.ts`
 * enumerates every mutation endpoint of the client and fails on one that declares neither, so a
 * new mutation cannot skip the toast by being forgotten.
 */
import {
  isFulfilled,
  isPending,
  isRejected,
  type ListenerMiddlewareInstance,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { api } from '../api/baseApi';
import { notified } from './notificationsSlice';

/** The client's API cache as the store holds it. */
export interface ApiState {
  api: ReturnType<typeof api.reducer>;
}

/** What a success sentence is made from. */
export interface SavedContext<Arg, Result> {
  arg: Arg;
  result: Result;
  /**
   * The store when the call started: the names of what it changed or removed, read from the cache
   * (`cachedResults`) before the save invalidated it.
   */
  before: ApiState;
}

/** The sentence a successful call shows, in the interface language. */
export type SuccessText<Arg, Result> = (context: SavedContext<Arg, Result>) => string;

/** A mutation that succeeds without a toast, and why. */
export interface Silent {
  silent: string;
}

/** Declares a mutation silent; the reason is required and kept for the reader of the code. */
export const silent = (reason: string): Silent => ({ silent: reason });

type Announcement<Arg, Result> = SuccessText<Arg, Result> | Silent;

interface EndpointTypes {
  Types: { QueryArg: unknown; ResultType: unknown };
}
type Endpoints<A> = A extends { endpoints: infer E } ? E : never;
type MutationName<A> = {
  [K in keyof Endpoints<A>]: Endpoints<A>[K] extends { Types: { MutationDefinition: unknown } } ? K : never;
}[keyof Endpoints<A>];
type ArgOf<A, K extends keyof Endpoints<A>> = Endpoints<A>[K] extends EndpointTypes
  ? Endpoints<A>[K]['Types']['QueryArg']
  : never;
type ResultOf<A, K extends keyof Endpoints<A>> = Endpoints<A>[K] extends EndpointTypes
  ? Endpoints<A>[K]['Types']['ResultType']
  : never;

const announcements = new Map<string, Announcement<never, never>>();

/**
 * Declares what the mutations of an API slice say when they succeed: a sentence or `silent(reason)`
 * for each, typed by the endpoint's argument and result.
 */
export function announceSaves<A extends { endpoints: object }>(
  _slice: A,
  messages: { [K in MutationName<A>]?: Announcement<ArgOf<A, K>, ResultOf<A, K>> },
): void {
  for (const [name, announcement] of Object.entries(messages)) {
    announcements.set(name, announcement as Announcement<never, never>);
  }
}

/** How a mutation endpoint announces its success; undefined when it declared nothing. */
export function announcementOf(endpointName: string): SuccessText<never, never> | Silent | undefined {
  return announcements.get(endpointName);
}

/** The results of every cached call of a query endpoint (in the state a save started from). */
export function cachedResults<E extends { name: string; Types: { ResultType: unknown } }>(
  state: ApiState,
  endpoint: E,
): Array<E['Types']['ResultType']> {
  return Object.values(state.api.queries)
    .filter((entry) => entry?.endpointName === endpoint.name && entry.data !== undefined)
    .map((entry) => entry?.data as E['Types']['ResultType']);
}

interface MutationMeta {
  requestId: string;
  arg: { type: string; endpointName: string; originalArgs: unknown };
}

function mutationMeta(action: UnknownAction): MutationMeta | null {
  const meta = (action as { meta?: Partial<MutationMeta> }).meta;
  return meta?.arg?.type === 'mutation' && meta.requestId ? (meta as MutationMeta) : null;
}

/**
 * Shows the declared sentence as a success toast when a mutation succeeds. The state at the call's
 * start is kept until it ends, so a sentence can name what the call removed.
 */
export function showSuccessToasts(listener: ListenerMiddlewareInstance): void {
  const started = new Map<string, ApiState>();
  listener.startListening({
    predicate: (action) => isPending(action) && mutationMeta(action) !== null,
    effect: (action, { getOriginalState }) => {
      started.set(mutationMeta(action)!.requestId, getOriginalState() as ApiState);
    },
  });
  listener.startListening({
    predicate: (action) => isRejected(action) && mutationMeta(action) !== null,
    effect: (action) => {
      started.delete(mutationMeta(action)!.requestId);
    },
  });
  listener.startListening({
    predicate: (action) => isFulfilled(action) && mutationMeta(action) !== null,
    effect: (action, { dispatch, getOriginalState }) => {
      const meta = mutationMeta(action)!;
      const before = started.get(meta.requestId) ?? (getOriginalState() as ApiState);
      started.delete(meta.requestId);
      const announcement = announcementOf(meta.arg.endpointName);
      if (typeof announcement !== 'function') return;
      const text = (announcement as SuccessText<unknown, unknown>)({
        arg: meta.arg.originalArgs,
        result: (action as { payload?: unknown }).payload,
        before,
      });
      dispatch(notified({ color: 'success', text }));
    },
  });
}
