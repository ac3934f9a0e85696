import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import {
  fromTokenReply,
  loggedOut,
  tokensRefreshed,
  type StoredAuth,
  type TokenReply,
} from '../auth/authSlice';
import { announceSaves, silent } from '../notifications/saved';
import { deserializeOne, type Document } from './jsonapi';

interface AuthSlice {
  auth: { stored: StoredAuth | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as AuthSlice).auth.stored?.accessToken;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/vnd.api+json, application/json');
    return headers;
  },
});

const SIGN_IN_CALLS = /^\/?(user\/auth|sso)\//;
const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/** One refresh at a time: concurrent 401s and the silent refresh wait for the same renewed tokens. */
let refreshing: Promise<StoredAuth | null> | null = null;

type QueryApi = Parameters<typeof rawBaseQuery>[1];

/**
 * Renews the tokens with the refresh token (rotation). Resolves to the new tokens, or null when the
 * server refused them; rejects when the server could not be reached at all.
 */
function renewTokens(api: QueryApi): Promise<StoredAuth | null> {
  const stored = (api.getState() as AuthSlice).auth.stored;
  if (!stored) return Promise.resolve(null);
  refreshing ??= (async () => {
    const renewal = await rawBaseQuery(
      { url: 'user/auth/refresh', method: 'POST', body: { refresh_token: stored.refreshToken } },
      api,
      {},
    );
    if (renewal.error) {
      if ([400, 401, 403].includes(renewal.error.status as number)) return null;
      throw renewal.error;
    }
    const renewed = fromTokenReply(deserializeOne<TokenReply & { id: string }>(renewal.data as Document));
    api.dispatch(tokensRefreshed(renewed));
    return renewed;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * What an endpoint may declare in its `extraOptions`: `quiet` when its page shows or ignores its
 * failures itself, so no error toast is raised for it (spec 01 §8).
 */
export interface CallOptions {
  quiet?: boolean;
}

/** What every call answers besides its data; `quiet` is copied from the endpoint's options. */
export type CallMeta = FetchBaseQueryMeta & { quiet?: boolean };

/** The options of a quiet endpoint: `extraOptions: QUIET`. */
export const QUIET: CallOptions = { quiet: true };

/**
 * Every call carries the access token; a 401 refreshes the tokens once (rotation) and retries,
 * and when that is refused too the stored auth is cleared, which sends the user to the login page.
 */
export const baseQueryWithReauth: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  CallOptions,
  CallMeta
> = async (args, api, extra) => {
  const quiet = extra?.quiet ? { quiet: true } : {};
  let result = await rawBaseQuery(args, api, {});
  if (result.error?.status !== 401 || SIGN_IN_CALLS.test(urlOf(args))) {
    return { ...result, meta: { ...result.meta, ...quiet } as CallMeta };
  }

  const renewed = await renewTokens(api).catch(() => null);
  if (renewed) result = await rawBaseQuery(args, api, {});
  if (result.error?.status === 401) api.dispatch(loggedOut());
  return { ...result, meta: { ...result.meta, ...quiet } as CallMeta };
};

/** Whether a rejected call's endpoint asked for no error toast (its `extraOptions.quiet`). */
export function isQuiet(meta: unknown): boolean {
  return Boolean((meta as { baseQueryMeta?: CallMeta } | undefined)?.baseQueryMeta?.quiet);
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Me', 'Course', 'Contents', 'Enrolment', 'Students', 'Enrolled', 'Requests'],
  endpoints: (build) => ({
    /**
     * The silent refresh before the access token expires (spec 01 §4). A refused refresh signs the
     * user out; an unreachable server leaves the session as it is (the next 401 tries again).
     */
    refreshSession: build.mutation<boolean, void>({
      queryFn: async (_arg, api) => {
        try {
          const renewed = await renewTokens(api);
          if (!renewed) {
            api.dispatch(loggedOut());
            return { error: { status: 401, data: null }, meta: { quiet: true } as CallMeta };
          }
          return { data: true };
        } catch (error) {
          // A failed silent refresh is not the user's concern: the next call tries again.
          return { error: error as FetchBaseQueryError, meta: { quiet: true } as CallMeta };
        }
      },
    }),
  }),
});

announceSaves(api, {
  refreshSession: silent('the silent renewal of the tokens runs in the background'),
});
