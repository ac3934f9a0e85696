import type { Role } from './authApi';

/** What a route asks of its visitor (spec 01 §2). */
export interface RouteRule {
  /** Public full-page routes need no sign-in. */
  public?: boolean;
  /** Roles allowed; absent means every role that may use the app. */
  roles?: Role[];
}

export interface GuardInput {
  pathname: string;
  search: string;
  rule: RouteRule;
  authValid: boolean;
  /** Signing in is under way: the login page stays put until it finishes. */
  signingIn?: boolean;
  /** The signed-in user's role, undefined while user info loads. */
  role: Role | undefined;
  landingPageUrl?: string | null;
}

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'leave'; href: string }
  | { kind: 'logout'; reason: string };

export const LOGIN_PATH = '/pages/login';
/** The second sign-in page of the route map; a signed-in user leaves it too. */
export const LOGIN_NEW_PATH = '/pages/login/new';
export const NOT_FOUND_PATH = '/pages/error-404';
/** `?account=add` keeps a signed-in user on the login page to sign in a further account (spec 01 §1). */
export const ADD_ACCOUNT_QUERY = 'account=add';
export const ADMIN_REFUSED = 'Cannot login using Admin Account';
const REFUSED_ROLES: Role[] = ['admin', 'lptk'];

/** A `to` target is followed only when it is a path of this site (no open redirects). */
export function safeTarget(to: string | null | undefined): string | null {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return null;
  return to.startsWith(LOGIN_PATH) ? null : to;
}

export function decideRoute(input: GuardInput): GuardDecision {
  const here = `${input.pathname}${input.search}`;
  if (input.rule.public) {
    const onLogin = input.pathname === LOGIN_PATH || input.pathname === LOGIN_NEW_PATH;
    const query = new URLSearchParams(input.search);
    if (onLogin && input.authValid && !input.signingIn && query.get('account') !== 'add') {
      const to = query.get('to');
      return { kind: 'redirect', to: safeTarget(to) ?? '/' };
    }
    return { kind: 'render' };
  }
  if (!input.authValid) {
    if (input.pathname === '/' && input.landingPageUrl) return { kind: 'leave', href: input.landingPageUrl };
    return { kind: 'redirect', to: `${LOGIN_PATH}?to=${encodeURIComponent(here)}` };
  }
  if (input.role === undefined) return { kind: 'wait' };
  if (REFUSED_ROLES.includes(input.role)) return { kind: 'logout', reason: ADMIN_REFUSED };
  if (input.rule.roles && !input.rule.roles.includes(input.role)) {
    return { kind: 'redirect', to: `${NOT_FOUND_PATH}?from=${encodeURIComponent(here)}` };
  }
  return { kind: 'render' };
}
