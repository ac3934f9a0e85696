import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../app/store';
import { signedIn, start } from '../test/app';
import { campus, errorDocument, many, one, resource, tokens, user } from '../test/factories';
import { json, serve } from '../test/server';
import { leaveFor, signOut } from './signIn';

const site = (sso: { button_label: string } | null) => () => json(200, many([campus({ sso })]));

describe('sign-in through the campus identity provider', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(cleanup);

  it('shows no provider button when the campus signs in with passwords only', async () => {
    serve({ 'GET /api/public/lptk': site(null) });
    start('/pages/login');
    await screen.findByText('Universitas Demo', { selector: 'h1' });
    expect(screen.queryByText('or')).toBeNull();
  });

  it("offers the campus's button and, adding an account, asks the provider to let the person choose", async () => {
    const calls = serve({
      'GET /api/public/lptk': site({ button_label: 'Masuk dengan SSO Kampus' }),
      'POST /api/sso/authorize': () =>
        json(
          200,
          one(resource('sso-authorizations', { authorization_url: 'about:blank#idp', state: 's-1' }, 's-1')),
        ),
    });
    start('/pages/login?account=add');
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Masuk dengan SSO Kampus' })),
    );
    await waitFor(() => expect(sessionStorage.getItem('lms.sso')).not.toBeNull());
    expect(JSON.parse(sessionStorage.getItem('lms.sso')!)).toEqual({ state: 's-1' });
    const authorize = calls.find((call) => call.url.endsWith('/api/sso/authorize'))!;
    expect(await authorize.json()).toEqual({ prompt: 'select_account' });
  });

  it('finishes the sign-in this tab started and goes home', async () => {
    sessionStorage.setItem('lms.sso', JSON.stringify({ state: 's-1' }));
    const calls = serve({
      'GET /api/public/lptk': site({ button_label: 'SSO' }),
      'POST /api/sso/callback': () => json(200, one(tokens('t-sso'))),
      'GET /api/login/me': () => json(200, one(user({ level: 'student' }))),
    });
    const router = start('/callback?code=the-code&state=s-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const callback = calls.find((call) => call.url.endsWith('/api/sso/callback'))!;
    expect(await callback.json()).toEqual({ code: 'the-code', state: 's-1' });
    expect(JSON.parse(localStorage.getItem('lms.auth')!)).toMatchObject({ accessToken: 't-sso' });
    expect(sessionStorage.getItem('lms.sso')).toBeNull();
  });

  it('says why a sign-in could not finish: refused by the server, by the provider, or not started here', async () => {
    sessionStorage.setItem('lms.sso', JSON.stringify({ state: 's-1' }));
    const calls = serve({
      'GET /api/public/lptk': site({ button_label: 'SSO' }),
      'POST /api/sso/callback': () =>
        json(401, errorDocument(401, 'Unauthorized', { detail: 'The ID token has expired' })),
    });
    start('/callback?code=c&state=s-1');
    expect((await screen.findByRole('alert')).textContent).toBe('The ID token has expired');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/pages/login');
    cleanup();

    start('/callback?error=access_denied&error_description=User%20cancelled');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your campus sign-in service refused: User cancelled',
    );
    cleanup();

    sessionStorage.setItem('lms.sso', JSON.stringify({ state: 'another' }));
    start('/callback?code=c&state=s-1');
    expect((await screen.findByRole('alert')).textContent).toContain('was not started in this browser tab');
    expect(calls.filter((call) => call.url.endsWith('/api/sso/callback'))).toHaveLength(1);
  });

  it("signs the person out at the provider too when the session was the provider's, and not otherwise", async () => {
    const leave = vi.spyOn(leaveFor, 'provider').mockImplementation(() => undefined);
    const url = 'https://idp.example/session/end?client_id=lms&id_token_hint=a.b.c';
    serve({
      'POST /api/user/auth/logout': () => json(200, one(resource('logouts', { logout_url: url }, 'sid-1'))),
    });
    signedIn();
    expect(await createStore().dispatch(signOut(undefined)).unwrap()).toBe(false);
    expect(leave).toHaveBeenCalledWith(url);

    leave.mockClear();
    serve({ 'POST /api/user/auth/logout': () => json(204, null) });
    signedIn();
    await createStore().dispatch(signOut(undefined)).unwrap();
    expect(leave).not.toHaveBeenCalled();
    leave.mockRestore();
  });
});
