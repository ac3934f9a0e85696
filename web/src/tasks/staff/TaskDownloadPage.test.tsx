import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { course, one, resource, task, user } from '../../test/factories';
import { json, serve } from '../../test/server';

const zip = (attributes: object) =>
  one(
    resource(
      'task-exports',
      {
        task_id: 5,
        status: 'queued',
        filename: null,
        size: null,
        answer_count: null,
        error: null,
        created_at: '2026-11-24 10:00:00',
        started_at: null,
        finished_at: null,
        download_url: null,
        ...attributes,
      },
      '7',
    ),
  );
const base = {
  'GET /api/login/me': () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' }))),
  'GET /api/course/tasks/5': () => json(200, one(task())),
  'GET /api/course/courses/3': () => json(200, one(course({ name: 'Algorithms', status: 'LECTURER' }, '3'))),
};

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the answers of a task as a zip', () => {
  it('asks the server to prepare one when none exists and shows that it waits', async () => {
    signedIn();
    const calls = serve({
      ...base,
      'GET /api/course/task/5/export': () => json(200, { data: null }),
      'POST /api/course/task/5/export': () => json(202, zip({ status: 'queued' })),
    });
    start('/assignment/5/download');
    const card = await screen.findByRole('region', { name: 'Answers of this assignment (.zip)' });
    expect(await within(card).findByText('No .zip prepared yet.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Prepare the .zip' }));
    expect(await within(card).findByText('Waiting to start')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Waiting to start' })).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Prepare again' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      calls.filter((call) => call.method === 'POST' && call.url.endsWith('/task/5/export')),
    ).toHaveLength(1);
  });

  it('offers a ready zip through a fresh link, and shows why one failed', async () => {
    signedIn();
    let latest = zip({
      status: 'ready',
      filename: 'Essay 1 answers.zip',
      size: 2048,
      answer_count: 12,
      finished_at: '2026-11-24 10:01:00',
      download_url: '/api/task/blobs/task/old-token',
    });
    const calls = serve({ ...base, 'GET /api/course/task/5/export': () => json(200, latest) });
    start('/assignment/5/download');
    const card = await screen.findByRole('region', { name: 'Answers of this assignment (.zip)' });
    expect(await within(card).findByText(/^12 answers, 2 KB, prepared /)).toBeTruthy();
    const asked = calls.length;
    latest = zip({ ...latest.data.attributes, download_url: '/api/task/blobs/task/new-token' });
    fireEvent.click(within(card).getByRole('button', { name: 'Download .zip' }));
    await waitFor(() => expect(calls.length).toBe(asked + 1));
    expect(calls.at(-1)!.url).toMatch(/\/api\/course\/task\/5\/export$/);
    cleanup();

    latest = zip({ status: 'failed', error: 'The task was deleted' });
    start('/assignment/5/download');
    expect(await screen.findByText('Failed: The task was deleted')).toBeTruthy();
  });
});
