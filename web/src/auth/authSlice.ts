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
    /** Signed out by the user, by a 401 that refreshing could not cure, or by the guard (with a reason). */
    loggedOut: (state, action: PayloadAction<string | undefined>) => {
      state.stored = null;
      state.status = 'neutral';
      state.reason = action.payload ?? null;
    },
  },
});

export const { loginStarted, loginSucceeded, loginFailed, tokensReceived, loggedOut } = authSlice.actions;
export default authSlice.reducer;
