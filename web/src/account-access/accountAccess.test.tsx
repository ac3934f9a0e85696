import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { start } from '../test/app';
import { campus, errorDocument, many } from '../test/factories';
import { json, serve } from '../test/server';

type Registration = { email_domains: string[] } | null;
const site =
  (registration: Registration, sso: { button_label: string } | null = null) =>
  () =>
    json(200, many([campus({ registration, sso })]));
const noContent = () => json(204, null);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const bodyOf = async (calls: Request[], path: string) =>
  (await calls.find((call) => call.url.endsWith(path))!.json()) as { data: { attributes: unknown } };

describe('pages reached without an account', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('links the sign-in page to a forgotten password, and to registration only where the campus allows it', async () => {
    serve({ 'GET /api/public/lptk': site(null) });
    start('/pages/login');
    expect((await screen.findByRole('link', { name: 'Forgot password' })).getAttribute('href')).toBe(
      '/pages/forgot-password',
    );
    await screen.findByText('Universitas Demo', { selector: 'h1' });
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    cleanup();

    serve({ 'GET /api/public/lptk': site({ email_domains: [] }) });
    start('/pages/login');
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/pages/register',
    );
  });

  it('asks for a reset link and says the same whatever the address; a throttle is named', async () => {
    let answer = noContent;
    const calls = serve({ 'POST /api/account/password/forgot': () => answer() });
    start('/pages/forgot-password');
    await screen.findByLabelText('E-mail address');
    type('E-mail address', ' rina@mail.example ');
    await press('Send the link');
    const sent = await screen.findByText(/If an account of this campus has the address rina@mail\.example/);
    expect(sent.getAttribute('role')).toBe('status');
    expect((await bodyOf(calls, '/api/account/password/forgot')).data.attributes).toEqual({
      email: 'rina@mail.example',
    });
    cleanup();

    answer = () => json(429, errorDocument(429, 'Too Many Requests', { detail: 'Too many password resets' }));
    start('/pages/forgot-password');
    await screen.findByLabelText('E-mail address');
    type('E-mail address', 'rina@mail.example');
    await press('Send the link');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests from here. Wait a few minutes and try again.',
    );
  });

  it('sets a new password with the link, once the two are the same; a used link asks for a new one', async () => {
    let answer = noContent;
    const calls = serve({ 'POST /api/account/password/reset': () => answer() });
    start('/pages/reset-password?token=tok-1');
    await screen.findByLabelText('New password');
    type('New password', 'a new secret');
    type('Repeat the password', 'a new secrex');
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(screen.getByLabelText('Repeat the password').getAttribute('aria-invalid')).toBe('true');
    await press('Set the password');
    expect(calls.filter((call) => call.url.endsWith('/api/account/password/reset'))).toHaveLength(0);
    type('Repeat the password', 'a new secret');
    await press('Set the password');
    const done = await screen.findByText('Your new password is set. Sign in with it.');
    expect(done.getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/pages/login');
    expect((await bodyOf(calls, '/api/account/password/reset')).data.attributes).toEqual({
      token: 'tok-1',
      password: 'a new secret',
    });
    cleanup();

    answer = () =>
      json(
        422,
        errorDocument(422, 'Unprocessable Entity', {
          pointer: '/data/attributes/token',
          code: 'reset_link_invalid',
          detail: 'This link is invalid',
        }),
      );
    start('/pages/reset-password?token=tok-1');
    await screen.findByLabelText('New password');
    type('New password', 'a new secret');
    type('Repeat the password', 'a new secret');
    await press('Set the password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is invalid, was used already or has expired. Ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/pages/forgot-password',
    );
    cleanup();

    start('/pages/reset-password');
    expect((await screen.findByRole('alert')).textContent).toContain('opens from the link in the mail');
  });

  it('registers where the campus allows it, naming its e-mail domains, and says to look in the mailbox', async () => {
    let answer = noContent;
    const calls = serve({
      'GET /api/public/lptk': site({ email_domains: ['students.kampus.ac.id'] }),
      'POST /api/account/register': () => answer(),
    });
    start('/pages/register');
    expect(await screen.findByText('Use an address at students.kampus.ac.id.')).toBeTruthy();
    type('Full name', ' Rina Wati ');
    type('Username', 'rina.w');
    type('E-mail address', 'rina@students.kampus.ac.id');
    type('New password', 'my own secret');
    type('Repeat the password', 'my own secret');
    await press('Create the account');
    const sent = await screen.findByText(/Look in your mailbox at rina@students\.kampus\.ac\.id/);
    expect(sent.getAttribute('role')).toBe('status');
    expect((await bodyOf(calls, '/api/account/register')).data.attributes).toEqual({
      name: 'Rina Wati',
      username: 'rina.w',
      email: 'rina@students.kampus.ac.id',
      password: 'my own secret',
    });
    cleanup();

    answer = () =>
      json(
        422,
        errorDocument(422, 'Unprocessable Entity', {
          pointer: '/data/attributes/email',
          code: 'email_domain_not_allowed',
          detail: 'This campus accepts addresses at students.kampus.ac.id only',
        }),
      );
    start('/pages/register');
    await screen.findByLabelText('Full name');
    type('Full name', 'Rina');
    type('Username', 'rina.w');
    type('E-mail address', 'rina@gmail.example');
    type('New password', 'my own secret');
    type('Repeat the password', 'my own secret');
    await press('Create the account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This campus accepts addresses at students.kampus.ac.id only.',
    );
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
  });

  it('says where registration is closed, and that a single sign-on campus signs in with its service', async () => {
    serve({ 'GET /api/public/lptk': site(null) });
    start('/pages/register');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This campus does not let visitors create accounts. Ask its administrators for one.',
    );
    expect(screen.queryByLabelText('Username')).toBeNull();
    cleanup();

    serve({ 'GET /api/public/lptk': site(null, { button_label: 'SSO Kampus' }) });
    start('/pages/register');
    expect((await screen.findByRole('alert')).textContent).toContain('come from its sign-in service');
  });

  it('confirms the address of a registration link once, or says why it cannot', async () => {
    let answer = noContent;
    const calls = serve({ 'POST /api/account/register/verify': () => answer() });
    start('/pages/verify-email?token=v-1');
    expect((await screen.findByText(/Your address is confirmed/)).getAttribute('role')).toBe('status');
    const verifications = calls.filter((call) => call.url.endsWith('/api/account/register/verify'));
    expect(verifications).toHaveLength(1);
    expect(((await verifications[0].json()) as { data: { attributes: unknown } }).data.attributes).toEqual({
      token: 'v-1',
    });
    cleanup();

    answer = () =>
      json(422, errorDocument(422, 'Unprocessable Entity', { code: 'username_taken', detail: 'taken' }));
    start('/pages/verify-email?token=v-2');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone took that username in the meantime. Register again with another one.',
    );
    expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/pages/register');
    await waitFor(() => expect(document.title).toContain('Confirm your e-mail address'));
  });
});
