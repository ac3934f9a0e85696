import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { signedIn, start } from '../test/app';
import { campus, course, many, one, tokens, user } from '../test/factories';
import { json, serve } from '../test/server';

const site = (defaultLanguage: 'en' | 'id' | null) => () =>
  json(200, many([campus({ default_language: defaultLanguage })]));

describe('the interface language and theme', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    cleanup();
    await applyLanguage('en');
    delete document.documentElement.dataset.theme;
  });

  it('follows the account after sign-in, on a browser that never chose anything', async () => {
    serve({
      'POST /api/user/auth/login': () => json(200, one(tokens('t1'))),
      'GET /api/login/me': () => json(200, one(user({ language: 'id', theme: 'dark' }))),
      'GET /api/course/courses': () => json(200, many([course({}, '1')])),
    });
    start('/courses');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'student1' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'lms-demo' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));

    expect(await screen.findByRole('heading', { name: 'Mata kuliah saya' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('id');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('lms.language')).toBe('id');
    expect(localStorage.getItem('lms.theme')).toBe('dark');
  });

  it("shows a visitor the campus's default language, unless they chose one on this browser", async () => {
    serve({ 'GET /api/public/lptk': site('id') });
    start('/pages/login');
    expect(await screen.findByLabelText('Nama pengguna')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Masuk' })).toBeTruthy();
    cleanup();

    localStorage.setItem('lms.language', 'en');
    start('/pages/login');
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('lms.campusLanguage')).toBe('id'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('saves a choice made signed in to the account, and "automatic" forgets it', async () => {
    signedIn();
    let account = {};
    const calls = serve({
      'GET /api/login/me': () => json(200, one(user(account, '4'))),
      'GET /api/public/lptk': site('id'),
      'PATCH /api/course/users/4': async (request) => {
        const { data } = (await request.json()) as { data: { attributes: Record<string, unknown> } };
        account = { ...account, ...data.attributes };
        return json(200, one(user(account, '4')));
      },
    });
    start('/settings/account');
    // nothing chosen: the campus's default
    const select = (await screen.findByRole('combobox', { name: 'Bahasa' })) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.options[0].textContent).toBe('Otomatis (Bahasa Indonesia)');

    await act(async () => fireEvent.change(select, { target: { value: 'de' } }));
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Dunkel' })));
    expect(
      await screen.findAllByText('In Ihrem Konto gespeichert: gilt überall, wo Sie sich anmelden.'),
    ).not.toHaveLength(0);
    expect(document.documentElement.dataset.theme).toBe('dark');

    await act(async () =>
      fireEvent.change(screen.getByRole('combobox', { name: 'Sprache' }), { target: { value: '' } }),
    );
    expect(await screen.findByRole('combobox', { name: 'Bahasa' })).toBeTruthy();

    const saves = calls.filter((call) => call.method === 'PATCH');
    expect(await Promise.all(saves.map((call) => call.json()))).toEqual([
      { data: { attributes: { language: 'de' } } },
      { data: { attributes: { theme: 'dark' } } },
      { data: { attributes: { language: null } } },
    ]);
    expect(localStorage.getItem('lms.language')).toBeNull();
  });

  it('keeps a visitor’s choice in this browser until they sign in', async () => {
    const calls = serve({ 'GET /api/public/lptk': site(null) });
    start('/pages/login');
    await screen.findByLabelText('Username');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Language/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bahasa Indonesia' })));
    expect(await screen.findByLabelText('Nama pengguna')).toBeTruthy();
    expect(localStorage.getItem('lms.language')).toBe('id');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('takes a choice made before signing in to the account: the newest choice wins', async () => {
    const calls = serve({
      'GET /api/public/lptk': site(null),
      'POST /api/user/auth/login': () => json(200, one(tokens('t1'))),
      'GET /api/login/me': () => json(200, one(user({ language: 'de' }, '4'))),
      'PATCH /api/course/users/4': () => json(200, one(user({ language: 'id' }, '4'))),
      'GET /api/course/courses': () => json(200, many([course({}, '1')])),
    });
    start('/courses');
    await screen.findByLabelText('Username');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Language/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bahasa Indonesia' })));
    fireEvent.change(await screen.findByLabelText('Nama pengguna'), { target: { value: 'student1' } });
    fireEvent.change(screen.getByLabelText('Kata sandi'), { target: { value: 'lms-demo' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Masuk' })));

    expect(await screen.findByRole('heading', { name: 'Mata kuliah saya' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    const [save] = calls.filter((call) => call.method === 'PATCH');
    expect(await save.json()).toEqual({ data: { attributes: { language: 'id' } } });
    await waitFor(() => expect(localStorage.getItem('lms.unsavedPreferences')).toBe(''));
  });
});
