import { createAsyncThunk } from '@reduxjs/toolkit';
import { accountSaved, type AccountsState } from '../accounts/accountsSlice';
import { switchAccount } from '../accounts/switchAccount';
import { api } from '../api/baseApi';
import i18n from '../i18n/i18n';
import { notificationFor } from '../notifications/notification';
import { authApi } from './authApi';
import {
  fromTokenReply,
  loggedOut,
  type StoredAuth,
  loginFailed,
  loginStarted,
  loginSucceeded,
  tokensReceived,
} from './authSlice';
import { ADMIN_REFUSED } from './guard';

interface SignInState {
  auth: { stored: StoredAuth | null };
  accounts?: AccountsState;
}

/** Sends the browser to the campus's identity provider to end its session there too. */
export const leaveFor = {
  provider: (url: string) => window.location.assign(url),
};

/**
 * Signs out: the refresh token is revoked (a failure to reach the server still clears this browser).
 * When the user signs out of their own accord and holds other accounts, the first of them takes
 * over; resolves to true then. Otherwise, a session the campus's identity provider opened ends
 * there too: the browser goes to the provider's logout, which sends it back to the sign-in page.
 */
export const signOut = createAsyncThunk(
  'auth/signOut',
  async (reason: string | undefined, { dispatch, getState }): Promise<boolean> => {
    const refreshToken = (getState() as SignInState).auth.stored?.refreshToken;
    const ended = refreshToken
      ? await dispatch(authApi.endpoints.logout.initiate({ refresh_token: refreshToken }))
      : undefined;
    const providerLogout = (ended && 'data' in ended && ended.data?.logout_url) || null;
    dispatch(loggedOut(reason));
    if (reason !== undefined) return false;
    for (const account of (getState() as SignInState).accounts?.list ?? []) {
      if (await dispatch(switchAccount(account.id)).unwrap()) return true;
    }
    if (providerLogout) leaveFor.provider(providerLogout);
    return false;
  },
);

/**
 * Who signs in: a username and password, or the answer of the campus's identity provider (the
 * code and state it sent the browser back to `/callback` with).
 */
export type SignInProof = { username: string; password: string } | { code: string; state: string };

/**
 * Signs in, then checks the user info before the session counts: admin and lptk accounts are
 * signed out again at once (their refresh token revoked) with 'Cannot login using Admin Account'.
 */
export const signIn = createAsyncThunk(
  'auth/signIn',
  async (proof: SignInProof, { dispatch, getState }): Promise<boolean> => {
    // Adding another account: nothing cached for the account signed in so far may leak into the new one.
    if ((getState() as SignInState).auth.stored) dispatch(api.util.resetApiState());
    dispatch(loginStarted());
    try {
      const reply =
        'code' in proof
          ? await dispatch(authApi.endpoints.ssoCallback.initiate(proof)).unwrap()
          : await dispatch(authApi.endpoints.login.initiate(proof)).unwrap();
      dispatch(tokensReceived(fromTokenReply(reply)));
      const request = dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
      const me = await request.unwrap().finally(() => request.unsubscribe());
      if (me.role === 'admin' || me.role === 'lptk') {
        await dispatch(signOut(ADMIN_REFUSED));
        return false;
      }
      const auth = (getState() as SignInState).auth.stored;
      if (auth) {
        dispatch(
          accountSaved({
            id: me.id,
            username: me.username,
            fullname: me.fullname,
            role: me.role,
            avatar: me.avatar,
            auth,
          }),
        );
      }
      dispatch(loginSucceeded());
      return true;
    } catch (error) {
      dispatch(loginFailed(notificationFor(error, i18n.t('auth.signInFailed')).text));
      return false;
    }
  },
);
