import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, start } from '../test/app';
import { errorDocument, one, user } from '../test/factories';
import { json, serve } from '../test/server';

const AVATAR = '/api/course/users/4/avatar/0b6f1c9e-2d7a-4c1b-9e59-1f0f6f1a2b3c';

/** The browser opening a chosen picture of 600×400 pixels (jsdom decodes no images). */
class LoadedPicture {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 600;
  naturalHeight = 400;
  set src(_url: string) {
    setTimeout(() => this.onload?.());
  }
}

const picture = (name: string, type = 'image/jpeg', size = 1000) =>
  new File([new Uint8Array(size)], name, { type });

const slider = (name: string) => screen.getByRole('slider', { name }) as HTMLInputElement;

describe('the profile page', () => {
  beforeEach(() => {
    localStorage.clear();
    signedIn();
    vi.stubGlobal('Image', LoadedPicture);
    URL.createObjectURL = vi.fn(() => 'blob:picture');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('uploads a picture with the square the user chose, and shows it', async () => {
    let me = user({}, '4');
    const calls = serve({
      'GET /api/login/me': () => json(200, one(me)),
      'POST /api/course/users/4/avatar': () => {
        me = user({ thumbnail: AVATAR }, '4');
        return json(200, one(me));
      },
    });
    start('/settings/profile');
    const input = await screen.findByLabelText('Add a picture');
    fireEvent.change(input, { target: { files: [picture('me.jpg')] } });

    // the middle square of 600×400 at first, then zoomed in to 200 and moved left
    expect(await screen.findByRole('img', { name: 'The picture you chose' })).toBeTruthy();
    expect(slider('Zoom').value).toBe('40');
    expect(slider('Up – down').disabled).toBe(true);
    fireEvent.change(slider('Zoom'), { target: { value: '240' } });
    expect(slider('Left – right').value).toBe('200');
    expect(slider('Up – down').value).toBe('100');
    fireEvent.change(slider('Left – right'), { target: { value: '50' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save the picture' })));

    expect(await screen.findByText('Your picture is saved.')).toBeTruthy();
    const [post] = calls.filter((call) => call.method === 'POST' && call.url.endsWith('/avatar'));
    const form = await post.formData();
    expect([form.get('crop_x'), form.get('crop_y'), form.get('crop_size')]).toEqual(['50', '100', '200']);
    expect((form.get('file') as Blob).size).toBe(1000);
    await waitFor(() =>
      expect(document.querySelectorAll(`img[src="${AVATAR}"]`).length).toBeGreaterThanOrEqual(1),
    );
    expect(screen.getByLabelText('Change the picture')).toBeTruthy();
  });

  it('refuses a file that is not a picture before sending it, and says why the server refused one', async () => {
    const calls = serve({
      'GET /api/login/me': () => json(200, one(user({}, '4'))),
      'POST /api/course/users/4/avatar': () =>
        json(
          422,
          errorDocument(422, 'Unprocessable Entity', {
            detail: 'The file could not be read as a picture; allowed: PNG, JPEG, GIF, WebP',
            pointer: '/data/attributes/file',
          }),
        ),
    });
    start('/settings/profile');
    fireEvent.change(await screen.findByLabelText('Add a picture'), {
      target: { files: [picture('me.svg', 'image/svg+xml')] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not a PNG, JPEG, GIF or WebP picture.',
    );
    fireEvent.change(screen.getByLabelText('Add a picture'), {
      target: { files: [picture('huge.png', 'image/png', 6 * 1024 * 1024)] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The picture is larger than 5 MB.');
    expect(calls.filter((call) => call.url.endsWith('/avatar'))).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Add a picture'), {
      target: { files: [picture('me.png', 'image/png')] },
    });
    const save = await screen.findByRole('button', { name: 'Save the picture' });
    await act(async () => fireEvent.click(save));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The file could not be read as a picture',
    );
    // still cropping: the user may choose another square or cancel
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('Add a picture')).toBeTruthy();
  });

  it('removes the picture', async () => {
    let me = user({ thumbnail: AVATAR }, '4');
    const calls = serve({
      'GET /api/login/me': () => json(200, one(me)),
      'PATCH /api/course/users/4': () => {
        me = user({ thumbnail: null }, '4');
        return json(200, one(me));
      },
    });
    start('/settings/profile');
    const remove = await screen.findByRole('button', { name: 'Remove the picture' });
    await act(async () => fireEvent.click(remove));
    expect(await screen.findByText('Your picture was removed.')).toBeTruthy();
    const [patch] = calls.filter((call) => call.method === 'PATCH');
    expect(await patch.json()).toEqual({ data: { attributes: { thumbnail: null } } });
    expect(await screen.findByLabelText('Add a picture')).toBeTruthy();
  });

  it('keeps the notification e-mail (empty: the account’s own)', async () => {
    let me = user({ notification_email: null }, '4');
    const calls = serve({
      'GET /api/login/me': () => json(200, one(me)),
      'PATCH /api/course/users/4': async (request) => {
        const { data } = (await request.json()) as { data: { attributes: Record<string, unknown> } };
        me = user({ notification_email: data.attributes.notification_email as string | null }, '4');
        return json(200, one(me));
      },
    });
    start('/settings/profile');
    const field = (await screen.findByLabelText('Notification email')) as HTMLInputElement;
    expect(field.placeholder).toBe('sam@example.ac.id');
    fireEvent.change(field, { target: { value: ' sam.notes@mail.test ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Your profile is saved.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Notification email') as HTMLInputElement).value).toBe(
        'sam.notes@mail.test',
      ),
    );

    fireEvent.change(screen.getByLabelText('Notification email'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    const bodies = await Promise.all(
      calls.filter((call) => call.method === 'PATCH').map((call) => call.json() as Promise<unknown>),
    );
    expect(bodies).toEqual([
      { data: { attributes: { notification_email: 'sam.notes@mail.test' } } },
      { data: { attributes: { notification_email: null } } },
    ]);
    // the language is chosen here too
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });
});
