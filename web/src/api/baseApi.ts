import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import {
  fromTokenReply,
  loggedOut,
  tokensReceived,
  type StoredAuth,
  type TokenReply,
} from '../auth/authSlice';
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

const SIGN_IN_CALLS = /^\/?user\/auth\//;
const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/** One refresh at a time: concurrent 401s wait for the same renewed tokens. */
let refreshing: Promise<StoredAuth | null> | null = null;

/**
 * Every call carries the access token; a 401 refreshes the tokens once (rotation) and retries,
 * and when that is refused too the stored auth is cleared, which sends the user to the login page.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extra,
) => {
  let result = await rawBaseQuery(args, api, extra);
  if (result.error?.status !== 401 || SIGN_IN_CALLS.test(urlOf(args))) return result;

  const stored = (api.getState() as AuthSlice).auth.stored;
  if (stored) {
    refreshing ??= (async () => {
      const renewal = await rawBaseQuery(
        { url: 'user/auth/refresh', method: 'POST', body: { refresh_token: stored.refreshToken } },
        api,
        extra,
      );
      if (renewal.error) return null;
      const renewed = fromTokenReply(deserializeOne<TokenReply & { id: string }>(renewal.data as Document));
      api.dispatch(tokensReceived(renewed));
      return renewed;
    })().finally(() => {
      refreshing = null;
    });
    if (await refreshing) result = await rawBaseQuery(args, api, extra);
  }
  if (result.error?.status === 401) api.dispatch(loggedOut());
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Me', 'Course'],
  endpoints: () => ({}),
});
