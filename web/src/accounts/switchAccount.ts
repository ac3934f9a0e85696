import { createAsyncThunk } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import { authApi } from '../auth/authApi';
import { isAuthValid, tokensReceived } from '../auth/authSlice';
import { accountActivated, accountForgotten, type AccountsState } from './accountsSlice';

/**
 * Switches to another held account: its tokens become the session's and every cached reply of the
 * previous account is dropped. An account whose session has ended is forgotten instead (false).
 */
export const switchAccount = createAsyncThunk(
  'accounts/switch',
  async (id: string, { dispatch, getState }): Promise<boolean> => {
    const { accounts } = getState() as { accounts: AccountsState };
    const account = accounts.list.find((candidate) => candidate.id === id);
    if (!account) return false;
    if (!isAuthValid(account.auth)) {
      dispatch(accountForgotten(id));
      return false;
    }
    dispatch(tokensReceived(account.auth));
    dispatch(accountActivated(id));
    dispatch(api.util.resetApiState());
    return true;
  },
);

/** Forgets a held account that is not the active one; its refresh token is revoked first. */
export const forgetAccount = createAsyncThunk(
  'accounts/forget',
  async (id: string, { dispatch, getState }) => {
    const { accounts } = getState() as { accounts: AccountsState };
    const account = accounts.list.find((candidate) => candidate.id === id);
    if (!account || account.id === accounts.activeId) return;
    await dispatch(authApi.endpoints.logout.initiate({ refresh_token: account.auth.refreshToken }));
    dispatch(accountForgotten(id));
  },
);
