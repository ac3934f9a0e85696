import { createAsyncThunk } from '@reduxjs/toolkit';
import { notificationFor } from '../notifications/notification';
import { authApi } from './authApi';
import {
  fromTokenReply,
  loggedOut,
  loginFailed,
  loginStarted,
  loginSucceeded,
  tokensReceived,
} from './authSlice';
import { ADMIN_REFUSED } from './guard';

/** Signs out: the refresh token is revoked (a failure to reach the server still clears this browser). */
export const signOut = createAsyncThunk(
  'auth/signOut',
  async (reason: string | undefined, { dispatch, getState }) => {
    const refreshToken = (getState() as { auth: { stored: { refreshToken: string } | null } }).auth.stored
      ?.refreshToken;
    if (refreshToken) await dispatch(authApi.endpoints.logout.initiate({ refresh_token: refreshToken }));
    dispatch(loggedOut(reason));
  },
);

/**
 * Signs in, then checks the user info before the session counts: admin and lptk accounts are
 * signed out again at once (their refresh token revoked) with 'Cannot login using Admin Account'.
 */
export const signIn = createAsyncThunk(
  'auth/signIn',
  async (credentials: { username: string; password: string }, { dispatch }) => {
    dispatch(loginStarted());
    try {
      const reply = await dispatch(authApi.endpoints.login.initiate(credentials)).unwrap();
      dispatch(tokensReceived(fromTokenReply(reply)));
      const request = dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
      const me = await request.unwrap().finally(() => request.unsubscribe());
      if (me.role === 'admin' || me.role === 'lptk') {
        await dispatch(signOut(ADMIN_REFUSED));
        return;
      }
      dispatch(loginSucceeded());
    } catch (error) {
      dispatch(loginFailed(notificationFor(error, 'Sign-in failed').text));
    }
  },
);
