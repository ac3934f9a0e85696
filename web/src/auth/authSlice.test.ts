import { beforeEach, describe, expect, it } from 'vitest';
import reducer, {
  EXPIRY_FACTOR_MS,
  fromTokenReply,
  isAuthValid,
  loadStoredAuth,
  loggedOut,
  loginFailed,
  loginStarted,
  saveStoredAuth,
  tokensReceived,
  type StoredAuth,
} from './authSlice';

const NOW = Date.UTC(2026, 10, 23, 8, 0, 0);
const auth = (overrides: Partial<StoredAuth> = {}): StoredAuth => ({
  accessToken: 'a.b.c',
  refreshToken: 'r',
  expirationDate: NOW + 60_000,
  verified: true,
  ...overrides,
});

describe('auth validity', () => {
  it('is valid only when stored, verified and not expired', () => {
    expect(isAuthValid(auth(), NOW)).toBe(true);
    expect(isAuthValid(null, NOW)).toBe(false);
    expect(isAuthValid(auth({ verified: false }), NOW)).toBe(false);
    expect(isAuthValid(auth({ expirationDate: NOW }), NOW)).toBe(false);
    expect(isAuthValid(auth({ accessToken: '' }), NOW)).toBe(false);
  });

  it('computes the expiry as expires_in × 100000 ms', () => {
    const stored = fromTokenReply({ access_token: 'x', refresh_token: 'y', expires_in: 900 }, NOW);
    expect(stored).toEqual({
      accessToken: 'x',
      refreshToken: 'y',
      expirationDate: NOW + 900 * EXPIRY_FACTOR_MS,
      verified: true,
    });
    expect(EXPIRY_FACTOR_MS).toBe(100_000);
  });
});

describe('stored auth', () => {
  beforeEach(() => localStorage.clear());

  it('survives a reload and is removed on sign-out', () => {
    const stored = auth({ expirationDate: Date.now() + 60_000 });
    saveStoredAuth(stored);
    expect(loadStoredAuth()).toEqual(stored);
    saveStoredAuth(null);
    expect(loadStoredAuth()).toBeNull();
  });

  it('ignores damaged or expired storage', () => {
    localStorage.setItem('lms.auth', '{not json');
    expect(loadStoredAuth()).toBeNull();
    saveStoredAuth(auth({ expirationDate: Date.now() - 1 }));
    expect(loadStoredAuth()).toBeNull();
  });
});

describe('auth reducer', () => {
  it('goes neutral → logging in → failed with a reason, and keeps a sign-out reason', () => {
    let state = reducer(undefined, loginStarted());
    expect(state.status).toBe('loggingIn');
    state = reducer(state, loginFailed('Invalid username or password'));
    expect(state).toMatchObject({ status: 'failed', reason: 'Invalid username or password', stored: null });
    state = reducer(state, tokensReceived(auth()));
    expect(state.stored).toEqual(auth());
    state = reducer(state, loggedOut('Cannot login using Admin Account'));
    expect(state).toEqual({ stored: null, status: 'neutral', reason: 'Cannot login using Admin Account' });
  });
});
