import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { many, one, resource, user } from '../../test/factories';
import { json, queryOf, serve } from '../../test/server';

const ended = (id: string, name: string, endAt: string, toScore: number) =>
  resource(
    'tasks',
    {
      course_id: 3,
      taskable_type: 'module',
      taskable_id: 31,
      name,
      end_at: endAt,
      tasks_type: 'PERSONAL',
      is_active: true,
      meta: { counts: { students: 30, sent: 20, late: 2, scored: 20 - toScore, to_score: toScore } },
    },
    id,
  );

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the dashboard’s assignments to grade', () => {
  it('shows a lecturer the ended assignments whose answers wait for a score, the latest end first', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' }))),
      'GET /api/course/tasks': () =>
        json(
          200,
          many([
            ended('1', 'Essay 1', '2026-10-01T16:00:00.000Z', 3),
            ended('2', 'Lab report', '2026-11-01T16:00:00.000Z', 1),
            ended('3', 'Quiz notes', '2026-11-10T16:00:00.000Z', 0),
          ]),
        ),
    });
    start('/dashboard');
    const card = await screen.findByRole('region', { name: 'To grade' });
    const rows = await within(card).findAllByRole('listitem');
    // all graded: not listed; the latest ended first
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Lab report', 'Essay 1']);
    expect(within(rows[0]).getByText('1 to score')).toBeTruthy();
    expect(within(rows[1]).getByText('3 to score')).toBeTruthy();
    expect(within(rows[1]).getByRole('link', { name: 'Grade “Essay 1”' }).getAttribute('href')).toBe(
      '/assignment/1/submissions',
    );
    expect(within(card).getByRole('link', { name: 'All ended (3)' }).getAttribute('href')).toBe(
      '/assignment',
    );
    // the server applies the homepage rule of the caller (spec 02 §6)
    const listed = calls.find((call) => new URL(call.url).pathname === '/api/course/tasks')!;
    expect(queryOf(listed)).toBe('filter[homepage][is]=1&sort=end_at&page[limit]=0');
  });

  it('says when nothing waits, and is not shown to a student', async () => {
    signedIn();
    serve({
      'GET /api/login/me': () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' }))),
      'GET /api/course/tasks': () =>
        json(200, many([ended('3', 'Quiz notes', '2026-11-10T16:00:00.000Z', 0)])),
    });
    start('/dashboard');
    const card = await screen.findByRole('region', { name: 'To grade' });
    expect(await within(card).findByText('No ended assignment is waiting for grading.')).toBeTruthy();
    cleanup();

    serve({ 'GET /api/login/me': () => json(200, one(user({ name: 'Ayu Lestari', level: 'student' }))) });
    start('/dashboard');
    // the student's cards, and no "To grade"
    await screen.findByRole('region', { name: 'Next up' });
    expect(screen.getByRole('region', { name: 'Your activity' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'To grade' })).toBeNull();
  });
});
