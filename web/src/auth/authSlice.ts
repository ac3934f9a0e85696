import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Auth info of spec 01 §3, as stored in the browser between visits. */
export interface StoredAuth {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds after which the stored session is no longer used. */
  expirationDate: number;
  verified: boolean;
}

export interface TokenReply {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export type LoginStatus = 'neutral' | 'loggingIn' | 'succeeded' | 'failed';

export interface AuthState {
  stored: StoredAuth | null;
  status: LoginStatus;
  /** Why the last sign-in failed or why the user was signed out, shown on the login page. */
  reason: string | null;
}

const STORAGE_KEY = 'lms.auth';

/** Spec 01 §9: the session window is expires_in × 100000 ms; access tokens are refreshed on 401 within it. */
export const EXPIRY_FACTOR_MS = 100_000;

export function fromTokenReply(reply: TokenReply, now = Date.now()): StoredAuth {
  return {
    accessToken: reply.access_token,
    refreshToken: reply.refresh_token,
    expirationDate: now + reply.expires_in * EXPIRY_FACTOR_MS,
    verified: true,
  };
}

/** Spec 01 §4: valid only if stored auth exists, is verified and has not expired. */
export function isAuthValid(auth: StoredAuth | null | undefined, now = Date.now()): auth is StoredAuth {
  return Boolean(auth && auth.verified === true && auth.accessToken && auth.expirationDate > now);
}

/** Seconds since the epoch at which a JWT access token expires (its `exp` claim), if it is a JWT. */
export function accessTokenExpiry(token: string | undefined): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Renew the access token this long before it expires. */
export const REFRESH_MARGIN_MS = 60_000;
const MIN_REFRESH_DELAY_MS = 5_000;
/** setTimeout cannot wait longer than 2^31-1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * When the silent refresh should run (ms from now): a minute before the access token expires, at
 * least a few seconds from now; null when the token carries no expiry or the session has ended.
 */
export function refreshDelay(auth: StoredAuth | null, now = Date.now()): number | null {
  if (!isAuthValid(auth, now)) return null;
  const exp = accessTokenExpiry(auth.accessToken);
  if (exp === null) return null;
  const at = Math.min(exp * 1000 - REFRESH_MARGIN_MS, auth.expirationDate);
  return Math.min(Math.max(at - now, MIN_REFRESH_DELAY_MS), MAX_TIMER_MS);
}

/** Ms until the session window (expirationDate) closes, capped for setTimeout; null without a session. */
export function sessionEndDelay(auth: StoredAuth | null, now = Date.now()): number | null {
  if (!auth) return null;
  return Math.min(Math.max(auth.expirationDate - now, 0), MAX_TIMER_MS);
}

export function loadStoredAuth(storage: Storage = window.localStorage): StoredAuth | null {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as StoredAuth | null;
    return isAuthValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveStoredAuth(auth: StoredAuth | null, storage: Storage = window.localStorage): void {
  if (auth) storage.setItem(STORAGE_KEY, JSON.stringify(auth));
  else storage.removeItem(STORAGE_KEY);
}

const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ stored: loadStoredAuth(), status: 'neutral', reason: null }),
  reducers: {
    loginStarted: (state) => {
      state.status = 'loggingIn';
      state.reason = null;
    },
    loginSucceeded: (state) => {
      state.status = 'succeeded';
      state.reason = null;
    },
    loginFailed: (state, action: PayloadAction<string>) => {
      state.stored = null;
      state.status = 'failed';
      state.reason = action.payload;
    },
    /** New tokens: from signing in (before the user-info check) or from a refresh. */
    tokensReceived: (state, action: PayloadAction<StoredAuth>) => {
      state.stored = action.payload;
    },
    /** Renewed tokens of the signed-in account (a 401 retry or the silent refresh before expiry). */
    tokensRefreshed: (state, action: PayloadAction<StoredAuth>) => {
      state.stored = action.payload;
    },
    /** Signed out by the user, by a 401 that refreshing could not cure, or by the guard (with a reason). */
    loggedOut: (state, action: PayloadAction<string | undefined>) => {
      state.stored = null;
      state.status = 'neutral';
      state.reason = action.payload ?? null;
    },
  },
});

export const { loginStarted, loginSucceeded, loginFailed, tokensReceived, tokensRefreshed, loggedOut } =
  authSlice.actions;
export default authSlice.reducer;
