import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '../auth/authApi';
import { isAuthValid, loggedOut, loginStarted, tokensRefreshed, type StoredAuth } from '../auth/authSlice';

/**
 * The accounts signed in on this browser (spec 01 §1: several accounts held, switch between them).
 * Each keeps its own tokens; the active one's tokens are also `auth.stored`, which every call uses.
 */
export interface Account {
  id: string;
  username: string;
  fullname: string;
  role: Role;
  avatar: string | null;
  auth: StoredAuth;
}

export interface AccountsState {
  list: Account[];
  /** The account whose tokens `auth.stored` holds; null while a sign-in is being checked. */
  activeId: string | null;
}

const STORAGE_KEY = 'lms.accounts';
/** How many accounts one browser holds at most. */
export const MAX_ACCOUNTS = 5;

export function loadAccounts(storage: Storage | undefined = globalThis.localStorage, now = Date.now()) {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as AccountsState | null;
    if (!parsed || !Array.isArray(parsed.list)) return { list: [], activeId: null };
    const list = parsed.list.filter((account) => account?.id && isAuthValid(account.auth, now));
    const activeId = list.some((account) => account.id === parsed.activeId) ? parsed.activeId : null;
    return { list, activeId };
  } catch {
    return { list: [], activeId: null };
  }
}

export function saveAccounts(state: AccountsState, storage: Storage | undefined = globalThis.localStorage) {
  try {
    if (state.list.length === 0) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Not remembered across reloads, still usable now.
  }
}

const accountsSlice = createSlice({
  name: 'accounts',
  initialState: (): AccountsState => loadAccounts(),
  reducers: {
    /** A sign-in passed the user-info check: the account is held (or updated) and becomes the active one. */
    accountSaved: (state, action: PayloadAction<Account>) => {
      const index = state.list.findIndex((account) => account.id === action.payload.id);
      if (index >= 0) state.list[index] = action.payload;
      else {
        if (state.list.length >= MAX_ACCOUNTS) state.list.shift();
        state.list.push(action.payload);
      }
      state.activeId = action.payload.id;
    },
    /** Switched to a held account (its tokens go to `auth.stored` with `tokensReceived`). */
    accountActivated: (state, action: PayloadAction<string>) => {
      if (state.list.some((account) => account.id === action.payload)) state.activeId = action.payload;
    },
    accountForgotten: (state, action: PayloadAction<string>) => {
      state.list = state.list.filter((account) => account.id !== action.payload);
      if (state.activeId === action.payload) state.activeId = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // The tokens of a sign-in belong to nobody held until the user info confirms who signed in.
      .addCase(loginStarted, (state) => {
        state.activeId = null;
      })
      // A refresh rotates the active account's tokens.
      .addCase(tokensRefreshed, (state, action) => {
        const active = state.list.find((account) => account.id === state.activeId);
        if (active) active.auth = action.payload;
      })
      // Signing out (or a session that cannot be renewed) ends the active account only.
      .addCase(loggedOut, (state) => {
        state.list = state.list.filter((account) => account.id !== state.activeId);
        state.activeId = null;
      });
  },
});

export const { accountSaved, accountActivated, accountForgotten } = accountsSlice.actions;
export default accountsSlice.reducer;
