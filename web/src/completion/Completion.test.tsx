import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { content, course, many, moduleOf, one, related, resource, user } from '../test/factories';
import { json, queryOf, serve } from '../test/server';
import { distributionBins } from './CompletionPage';

const withModule = (attributes: Record<string, unknown>) => {
  const week = moduleOf({ name: 'Week 1' }, '10');
  return one(related(course(attributes, '7'), { modules: [week] }), [week]);
};
const contents = () =>
  json(
    200,
    many([
      content({ name: 'Welcome', index: 0, completion_required: true }, '31'),
      content({ name: 'Slides', index: 1, completion_required: true }, '32'),
      content({ name: 'Optional reading', index: 2, completion_required: false }, '33'),
    ]),
  );

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('a student marking contents done', () => {
  it('shows "mark as done" on each content that counts, and the progress changes at once', async () => {
    signedIn();
    let done = ['31'];
    const calls = serve({
      'GET /api/login/me': () => json(200, one(user({ level: 'student' }))),
      'GET /api/course/courses/7': () =>
        json(200, withModule({ name: 'Databases', status: 'STUDENT', completion_tracking: true })),
      'GET /api/course/contents': contents,
      'GET /api/course/completions/course/7': () =>
        json(200, {
          ...many(done.map((id) => resource('completions', { completionable_id: Number(id) }, id))),
          meta: {
            total: done.length,
            completion_tracking: true,
            completed: done.length,
            required: 2,
            percentage: done.length * 50,
          },
        }),
      'POST /api/course/completions': () => {
        done = ['31', '32'];
        return json(200, one(resource('completions', { completionable_id: 32, is_completed: true }, '32')));
      },
    });
    start('/courses/7');
    const progress = await screen.findByRole('region', { name: 'Your progress' });
    expect((await within(progress).findByTestId('my-progress')).textContent).toBe('1 of 2 done');
    const welcome = await screen.findByRole('checkbox', { name: 'Done: Welcome' });
    expect((welcome as HTMLInputElement).checked).toBe(true);
    const slides = screen.getByRole('checkbox', { name: 'Mark as done: Slides' });
    // A content the lecturer excluded has no checkbox.
    expect(screen.queryByRole('checkbox', { name: /Optional reading/ })).toBeNull();

    fireEvent.click(slides);
    await waitFor(() => expect(within(progress).getByTestId('my-progress').textContent).toBe('2 of 2 done'));
    const post = calls.find(
      (request) => request.method === 'POST' && request.url.endsWith('/api/course/completions'),
    )!;
    expect(await post.json()).toEqual({
      data: {
        attributes: { course_id: 7, completionable_type: 'contents', completionable_id: 32, is_delete: 0 },
      },
    });
    expect(
      ((await screen.findByRole('checkbox', { name: 'Done: Slides' })) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('hides it all when the course does not track completion', async () => {
    signedIn();
    serve({
      'GET /api/login/me': () => json(200, one(user({ level: 'student' }))),
      'GET /api/course/courses/7': () =>
        json(200, withModule({ name: 'Databases', status: 'STUDENT', completion_tracking: false })),
      'GET /api/course/contents': contents,
    });
    start('/courses/7');
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(screen.queryByRole('region', { name: 'Your progress' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('the completion report of the staff', () => {
  const report = () =>
    json(200, {
      ...many([
        resource(
          'completion-reports',
          {
            user_id: 41,
            name: 'Ayu Lestari',
            nim: '2301001',
            avatar: null,
            class_ids: [5],
            class_name: 'IF101-A',
            completed: 2,
            required: 3,
            percentage: 66.67,
          },
          '41',
        ),
      ]),
      meta: {
        total: 12,
        limit: 10,
        offset: 0,
        required: 3,
        completion_tracking: true,
        distribution: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 10],
      },
    });

  it('lists each student with done of counting and the percentage, filters by class, pages, and counts contents', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': () => json(200, one(user({ level: 'lecturer' }))),
      'GET /api/course/courses/7': () =>
        json(
          200,
          one(
            related(course({ name: 'Databases', status: 'LECTURER', completion_tracking: true }, '7'), {
              class: [resource('classes', { name: 'IF101-A' }, '5')],
              modules: [moduleOf({ name: 'Week 1' }, '10')],
            }),
            [resource('classes', { name: 'IF101-A' }, '5'), moduleOf({ name: 'Week 1' }, '10')],
          ),
        ),
      'GET /api/completion/report': report,
      'GET /api/course/contents': contents,
      'PATCH /api/course/contents/33': () => json(200, one(content({ completion_required: true }, '33'))),
    });
    start('/courses/7/completion');
    await screen.findByRole('heading', { name: 'Completion' });
    const table = await screen.findByRole('table', { name: 'Completion of each student' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1].textContent).toBe('Ayu Lestari · 2301001IF101-A2 of 366.67 %');
    expect(screen.getByRole('switch', { name: 'Completion tracking' })).toHaveProperty('checked', true);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Class'), { target: { value: '5' } });
    await waitFor(() =>
      expect(
        calls.filter((call) => new URL(call.url).pathname === '/api/completion/report').map(queryOf),
      ).toContain('course_id=7&class_id=5&limit=10&offset=0'),
    );

    const optional = await screen.findByRole('checkbox', { name: 'Counts: Optional reading' });
    expect((optional as HTMLInputElement).checked).toBe(false);
    fireEvent.click(optional);
    const patch = await waitFor(() => {
      const found = calls.find((call) => call.method === 'PATCH');
      expect(found).toBeDefined();
      return found!;
    });
    expect(await patch.json()).toEqual({ data: { attributes: { completion_required: true } } });
  });

  it('draws the distribution in bands of ten points and 100', () => {
    expect(distributionBins([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 10]).map((bin) => [bin.label, bin.count])).toEqual(
      [
        ['0–9', 1],
        ['10–19', 0],
        ['20–29', 0],
        ['30–39', 0],
        ['40–49', 0],
        ['50–59', 0],
        ['60–69', 1],
        ['70–79', 0],
        ['80–89', 0],
        ['90–99', 0],
        ['100', 10],
      ],
    );
  });
});
