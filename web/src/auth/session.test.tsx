import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../app/store';
import { one, resource } from '../test/factories';
import { json, serve } from '../test/server';
import {
  REFRESH_MARGIN_MS,
  accessTokenExpiry,
  refreshDelay,
  sessionEndDelay,
  tokensReceived,
  type StoredAuth,
} from './authSlice';
import { SessionKeeper } from './SessionKeeper';

const NOW = Date.UTC(2026, 0, 1);
const base64url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** A JWT-shaped access token expiring at `exp` (seconds); the signature does not matter to the client. */
const jwt = (exp: number) =>
  `${base64url('{"alg":"EdDSA"}')}.${base64url(JSON.stringify({ sub: '4', exp }))}.sig`;
const session = (accessToken: string, expirationDate = NOW + 90_000_000): StoredAuth => ({
  accessToken,
  refreshToken: 'r1',
  expirationDate,
  verified: true,
});

describe('silent refresh timing', () => {
  it('reads the expiry of a JWT access token, and nothing from other tokens', () => {
    expect(accessTokenExpiry(jwt(1_800_000_000))).toBe(1_800_000_000);
    expect(accessTokenExpiry('opaque-token')).toBeNull();
    expect(accessTokenExpiry('a.%%%.c')).toBeNull();
    expect(accessTokenExpiry(undefined)).toBeNull();
  });

  it('renews a minute before the access token expires, never sooner than a few seconds from now', () => {
    const in15Minutes = NOW / 1000 + 900;
    expect(refreshDelay(session(jwt(in15Minutes)), NOW)).toBe(900_000 - REFRESH_MARGIN_MS);
    expect(refreshDelay(session(jwt(NOW / 1000 + 10)), NOW)).toBe(5_000);
    expect(refreshDelay(session('opaque'), NOW)).toBeNull();
    expect(refreshDelay(null, NOW)).toBeNull();
    expect(refreshDelay(session(jwt(in15Minutes), NOW - 1), NOW)).toBeNull();
  });

  it('ends the session when its window closes', () => {
    expect(sessionEndDelay(session('x', NOW + 5_000), NOW)).toBe(5_000);
    expect(sessionEndDelay(session('x', NOW - 5_000), NOW)).toBe(0);
    expect(sessionEndDelay(null, NOW)).toBeNull();
  });
});

describe('SessionKeeper', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('refreshes the tokens before the access token expires, then schedules the next refresh', async () => {
    const calls = serve({
      'POST /api/user/auth/refresh': () =>
        json(
          200,
          one(
            resource('auth-tokens', {
              access_token: jwt(Date.now() / 1000 + 900),
              refresh_token: 'r2',
              expires_in: 900,
            }),
          ),
        ),
    });
    const paths = () => calls.map((call) => `${call.method} ${new URL(call.url).pathname}`);
    const store = createStore();
    store.dispatch(tokensReceived(session(jwt(NOW / 1000 + 900))));
    render(
      <Provider store={store}>
        <SessionKeeper />
      </Provider>,
    );

    await act(async () => vi.advanceTimersByTime(900_000 - REFRESH_MARGIN_MS - 1));
    expect(paths()).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    for (let turn = 0; turn < 50 && store.getState().auth.stored?.refreshToken !== 'r2'; turn++) {
      await act(() => new Promise<void>((resolve) => queueMicrotask(resolve)));
    }
    expect(store.getState().auth.stored?.refreshToken).toBe('r2');
    expect(paths()).toEqual(['POST /api/user/auth/refresh']);
    // the renewed token is renewed in turn, a minute before it expires
    await act(async () => vi.advanceTimersByTime(900_000 - REFRESH_MARGIN_MS - 1_000));
    expect(paths()).toHaveLength(1);
  });

  it('signs the user out when the session window closes', async () => {
    const store = createStore();
    store.dispatch(tokensReceived(session('opaque', NOW + 10_000)));
    render(
      <Provider store={store}>
        <SessionKeeper />
      </Provider>,
    );
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(store.getState().auth.stored).toBeNull();
  });
});
