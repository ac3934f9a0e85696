import { describe, expect, it } from 'vitest';
import { ADMIN_REFUSED, decideRoute, safeTarget, type GuardInput } from './guard';

const input = (overrides: Partial<GuardInput>): GuardInput => ({
  pathname: '/courses',
  search: '',
  rule: {},
  authValid: true,
  role: 'student',
  ...overrides,
});

describe('decideRoute', () => {
  it('sends an unauthenticated visitor to the login page with where they wanted to go', () => {
    expect(decideRoute(input({ authValid: false, role: undefined, search: '?page=2' }))).toEqual({
      kind: 'redirect',
      to: '/pages/login?to=%2Fcourses%3Fpage%3D2',
    });
  });

  it('sends an unauthenticated visitor of the root to the landing page when one is configured', () => {
    const root = { pathname: '/', authValid: false, role: undefined };
    expect(decideRoute(input({ ...root, landingPageUrl: 'https://uni.example/welcome' }))).toEqual({
      kind: 'leave',
      href: 'https://uni.example/welcome',
    });
    expect(decideRoute(input({ ...root, landingPageUrl: null }))).toEqual({
      kind: 'redirect',
      to: '/pages/login?to=%2F',
    });
  });

  it('waits for the user info before deciding on roles', () => {
    expect(decideRoute(input({ role: undefined }))).toEqual({ kind: 'wait' });
  });

  it('signs admin and lptk accounts out with "Cannot login using Admin Account"', () => {
    expect(decideRoute(input({ role: 'admin' }))).toEqual({ kind: 'logout', reason: ADMIN_REFUSED });
    expect(decideRoute(input({ role: 'lptk' }))).toEqual({ kind: 'logout', reason: ADMIN_REFUSED });
    expect(ADMIN_REFUSED).toBe('Cannot login using Admin Account');
  });

  it('sends a user whose role a route does not allow to the 404 page with from', () => {
    const rule = { roles: ['admin' as const, 'lecturer' as const] };
    expect(decideRoute(input({ rule, pathname: '/exam/4/statistic' }))).toEqual({
      kind: 'redirect',
      to: '/pages/error-404?from=%2Fexam%2F4%2Fstatistic',
    });
    expect(decideRoute(input({ rule, role: 'lecturer' }))).toEqual({ kind: 'render' });
  });

  it('renders public pages for everyone, but moves a signed-in user off the login page', () => {
    const login = { pathname: '/pages/login', rule: { public: true } };
    expect(decideRoute(input({ ...login, authValid: false, role: undefined }))).toEqual({ kind: 'render' });
    expect(decideRoute(input(login))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute(input({ ...login, search: '?to=%2Fcourses' }))).toEqual({
      kind: 'redirect',
      to: '/courses',
    });
    expect(decideRoute(input({ ...login, signingIn: true }))).toEqual({ kind: 'render' });
    expect(decideRoute(input({ ...login, pathname: '/pages/login/new' }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(
      decideRoute(input({ pathname: '/pages/error-404', rule: { public: true }, authValid: false })),
    ).toEqual({ kind: 'render' });
  });

  it('keeps a signed-in user on the login page to add another account', () => {
    const login = { pathname: '/pages/login', rule: { public: true }, search: '?account=add' };
    expect(decideRoute(input(login))).toEqual({ kind: 'render' });
  });
});

describe('safeTarget', () => {
  it('follows only paths of this site', () => {
    expect(safeTarget('/courses?page=2')).toBe('/courses?page=2');
    expect(safeTarget('https://evil.example')).toBeNull();
    expect(safeTarget('//evil.example')).toBeNull();
    expect(safeTarget('/\\evil.example')).toBeNull();
    expect(safeTarget('/pages/login?to=/x')).toBeNull();
    expect(safeTarget(null)).toBeNull();
  });
});
