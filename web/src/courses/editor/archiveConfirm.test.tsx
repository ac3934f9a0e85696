import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { json, serve } from '../../test/server';
import { content, course, many, moduleOf, one, related, resource, user } from '../../test/factories';

const activity = (name: string, id: string) =>
  resource('activities', { name, index: Number(id), is_active: true }, id);

describe('deleting a module in the editor', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('says what goes to the archive with it, then archives it', async () => {
    signedIn();
    const activities = [activity('Lecture', '21'), activity('Lab', '22'), activity('Quiz', '23')];
    const week = related(moduleOf({ name: 'Week 2' }, '10'), { activities });
    const contents = [
      content({ contentable_type: 'modules', contentable_id: 10, name: 'Notes' }, '31'),
      ...['32', '33', '34'].map((id) => content({ contentable_type: 'activities', contentable_id: 21 }, id)),
      ...['35', '36'].map((id) => content({ contentable_type: 'activities', contentable_id: 22 }, id)),
      content({ contentable_type: 'activities', contentable_id: 23 }, '37'),
      content({ contentable_type: 'modules', contentable_id: 99, name: 'Elsewhere' }, '38'),
    ];
    const calls = serve({
      'GET /api/login/me': () => json(200, one(user({ level: 'lecturer' }))),
      'GET /api/course/courses/1': () =>
        json(
          200,
          one(related(course({ status: 'LECTURER' }, '1'), { modules: [week] }), [week, ...activities]),
        ),
      'GET /api/course/contents': () => json(200, many(contents)),
      'DELETE /api/course/modules/10': () => new Response(null, { status: 204 }),
    });
    start('/courses/1/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Week 2' }));
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        'Module “Week 2” and its 3 activities and 7 contents will be moved to the archive, from where they can be restored together.',
      ),
    );
    expect(within(dialog).getByRole('heading', { name: 'Delete module “Week 2”?' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to the archive' }));
    await waitFor(() =>
      expect(
        calls.some(
          (request) => request.method === 'DELETE' && request.url.endsWith('/api/course/modules/10'),
        ),
      ).toBe(true),
    );
  });
});
