import { createAsyncThunk } from '@reduxjs/toolkit';
import { authApi } from './authApi';

/** The sign-in this browser sent to the identity provider, kept until `/callback` (this tab only). */
export interface SsoAttempt {
  state: string;
}

const STORAGE_KEY = 'lms.sso';

/**
 * Sends the browser to the campus's identity provider. Adding an account asks the provider to let
 * the person choose (or sign in to) another account (`prompt=select_account`). The state is kept
 * so that `/callback` finishes only the sign-in this browser started.
 */
export const startSsoSignIn = createAsyncThunk('auth/ssoStart', async (adding: boolean, { dispatch }) => {
  const started = await dispatch(
    authApi.endpoints.ssoAuthorize.initiate(adding ? { prompt: 'select_account' } : {}),
  ).unwrap();
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ state: started.state } satisfies SsoAttempt));
  window.location.assign(started.authorization_url);
});

/** The sign-in this browser started, forgotten as it is read: an answer is used once. */
export function takeSsoAttempt(storage: Storage = window.sessionStorage): SsoAttempt | null {
  const stored = storage.getItem(STORAGE_KEY);
  storage.removeItem(STORAGE_KEY);
  try {
    const attempt = JSON.parse(stored ?? 'null') as SsoAttempt | null;
    return attempt && typeof attempt.state === 'string' ? attempt : null;
  } catch {
    return null;
  }
}
