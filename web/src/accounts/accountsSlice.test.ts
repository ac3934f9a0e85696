import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from '../app/store';
import { loggedOut, loginStarted, tokensRefreshed, type StoredAuth } from '../auth/authSlice';
import reducer, {
  MAX_ACCOUNTS,
  accountActivated,
  accountForgotten,
  accountSaved,
  loadAccounts,
  saveAccounts,
  type Account,
} from './accountsSlice';
import { switchAccount } from './switchAccount';

const LATER = Date.now() + 3_600_000;
const auth = (token: string, expirationDate = LATER): StoredAuth => ({
  accessToken: token,
  refreshToken: `refresh-${token}`,
  expirationDate,
  verified: true,
});
const account = (id: string, overrides: Partial<Account> = {}): Account => ({
  id,
  username: `user${id}`,
  fullname: `User ${id}`,
  role: 'student',
  avatar: null,
  auth: auth(`t${id}`),
  ...overrides,
});

describe('account switcher reducer', () => {
  beforeEach(() => localStorage.clear());

  it('holds each signed-in account once and makes the last one active', () => {
    let state = reducer(undefined, accountSaved(account('1')));
    state = reducer(state, accountSaved(account('2')));
    state = reducer(state, accountSaved(account('1', { fullname: 'Renamed' })));
    expect(state.list.map((item) => [item.id, item.fullname])).toEqual([
      ['1', 'Renamed'],
      ['2', 'User 2'],
    ]);
    expect(state.activeId).toBe('1');
    expect(reducer(state, accountActivated('2')).activeId).toBe('2');
    expect(reducer(state, accountActivated('nobody')).activeId).toBe('1');
  });

  it(`keeps at most ${MAX_ACCOUNTS} accounts, dropping the oldest`, () => {
    let state = reducer(undefined, { type: 'init' });
    for (let n = 1; n <= MAX_ACCOUNTS + 1; n++) state = reducer(state, accountSaved(account(String(n))));
    expect(state.list.map((item) => item.id)).toEqual(['2', '3', '4', '5', '6']);
  });

  it('rotates only the active account on a refresh, and clears the active one while a sign-in is checked', () => {
    let state = reducer(undefined, accountSaved(account('1')));
    state = reducer(state, accountSaved(account('2')));
    state = reducer(state, tokensRefreshed(auth('renewed')));
    expect(state.list.find((item) => item.id === '2')!.auth.accessToken).toBe('renewed');
    expect(state.list.find((item) => item.id === '1')!.auth.accessToken).toBe('t1');
    state = reducer(state, loginStarted());
    expect(state.activeId).toBeNull();
    state = reducer(state, tokensRefreshed(auth('nobody')));
    expect(state.list.map((item) => item.auth.accessToken)).toEqual(['t1', 'renewed']);
  });

  it('signing out ends the active account only; a held one can be forgotten', () => {
    let state = reducer(undefined, accountSaved(account('1')));
    state = reducer(state, accountSaved(account('2')));
    state = reducer(state, loggedOut());
    expect(state).toEqual({ list: [account('1')], activeId: null });
    expect(reducer(state, accountForgotten('1'))).toEqual({ list: [], activeId: null });
  });

  it('survives a reload without accounts whose session ended', () => {
    const state = {
      list: [account('1'), account('2', { auth: auth('old', Date.now() - 1) })],
      activeId: '2',
    };
    saveAccounts(state);
    expect(loadAccounts()).toEqual({ list: [account('1')], activeId: null });
    saveAccounts({ list: [], activeId: null });
    expect(localStorage.getItem('lms.accounts')).toBeNull();
    localStorage.setItem('lms.accounts', '{oops');
    expect(loadAccounts()).toEqual({ list: [], activeId: null });
  });
});

describe('switching accounts', () => {
  beforeEach(() => localStorage.clear());

  it("puts the chosen account's tokens in the session and remembers it", async () => {
    const store = createStore();
    store.dispatch(accountSaved(account('1')));
    store.dispatch(accountSaved(account('2')));
    expect(await store.dispatch(switchAccount('1')).unwrap()).toBe(true);
    expect(store.getState().auth.stored).toEqual(account('1').auth);
    expect(store.getState().accounts.activeId).toBe('1');
    expect(JSON.parse(localStorage.getItem('lms.auth')!)).toMatchObject({ accessToken: 't1' });
    expect(JSON.parse(localStorage.getItem('lms.accounts')!)).toMatchObject({ activeId: '1' });
  });

  it('forgets an account whose session has ended instead of switching to it', async () => {
    const store = createStore();
    store.dispatch(accountSaved(account('1', { auth: auth('t1', Date.now() + 50) })));
    store.dispatch(accountSaved(account('2')));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await store.dispatch(switchAccount('1')).unwrap()).toBe(false);
    expect(store.getState().accounts.list.map((item) => item.id)).toEqual(['2']);
  });
});
