import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { errorDocument, many, one, resource, user } from '../test/factories';
import { json, queryOf, serve } from '../test/server';

const student = () => json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' })));
const course = { course_id: 1, course_name: 'Algorithms and Programming', course_code: 'IF101' };

const agendaItem = (itemType: string, itemId: number, event: 'opens' | 'closes', at: string, name: string) =>
  resource(
    'agendas',
    {
      item_type: itemType,
      item_id: itemId,
      event,
      at,
      name,
      ...course,
      start_at: event === 'opens' ? at : null,
      end_at: event === 'closes' ? at : null,
    },
    `${itemType}-${itemId}-${event}`,
  );

const todoItem = (todoType: string, itemId: number, patch: object = {}) =>
  resource(
    'todos',
    {
      todo_type: todoType,
      item_id: itemId,
      name: 'Quiz 1',
      ...course,
      status: 'not_started',
      start_at: null,
      end_at: null,
      due_at: null,
      since: null,
      count: null,
      ...patch,
    },
    `${todoType}-${itemId}`,
  );

/** March 2026 in the campus's calendar: three items on the 10th, four on the 15th, one on the 20th. */
const MARCH = [
  agendaItem('exam', 5, 'opens', '2026-03-10 09:00:00', 'Quiz 1'),
  agendaItem('form', 9, 'closes', '2026-03-10 17:00:00', 'Lab logbook'),
  agendaItem('task', 7, 'opens', '2026-03-15 08:00:00', 'Essay'),
  agendaItem('module', 2, 'opens', '2026-03-15 08:00:00', 'Week 3'),
  agendaItem('activity', 3, 'opens', '2026-03-15 08:00:00', 'Sorting'),
  agendaItem('activity', 4, 'opens', '2026-03-15 10:00:00', 'Searching'),
  agendaItem('task', 8, 'closes', '2026-03-20 23:59:00', 'Report'),
];

const cell = (day: string) => document.querySelector<HTMLElement>(`[data-day="${day}"]`)!;
const dayItems = () =>
  within(screen.getByTestId('agenda-day-items'))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('agenda page', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('shows the month’s items in their days and the chosen day’s items with where they open', async () => {
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/agenda': () => json(200, many(MARCH)),
    });
    start('/agenda?day=2026-03-10');
    await waitFor(() => expect(screen.getByTestId('agenda-day-items')).toBeTruthy());
    expect(
      calls.filter((call) => call.url.includes('/api/course/agenda')).map((call) => queryOf(call)),
    ).toEqual(['month=2026-03']);
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeTruthy();
    expect(dayItems()).toEqual([
      ['Quiz 1', '/exam/5'],
      ['Lab logbook', '/forms/9'],
    ]);
    const rows = within(screen.getByTestId('agenda-day-items')).getAllByRole('listitem');
    expect(rows[1].textContent).toMatch(
      /^Lab logbookLogbook · closes .*17.00 · IF101 Algorithms and Programming$/,
    );
    // A busy day's cell names three items and counts the rest; its label counts them all.
    expect(
      within(cell('2026-03-15'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Essay', 'Week 3', 'Sorting', '+1 more']);
    expect(cell('2026-03-15').textContent).toMatch(/4 items/);
    expect(cell('2026-03-10').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('list', { name: 'Colours of the items' }).textContent).toBe(
      'ExamAssignmentModuleActivityLogbook',
    );
  });

  it('moves the chosen day with the keyboard and fetches the next month on Page Down', async () => {
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/agenda': (request) =>
        json(200, many(queryOf(request) === 'month=2026-03' ? MARCH : [])),
    });
    const router = start('/agenda?day=2026-03-10');
    await screen.findByTestId('agenda-day-items');
    const grid = screen.getByRole('grid');
    const press = async (key: string, day: string) => {
      act(() => {
        fireEvent.keyDown(document.activeElement ?? grid, { key });
      });
      await waitFor(() => expect(router.state.location.search).toBe(`?day=${day}`));
      await waitFor(() => expect(document.activeElement).toBe(cell(day)));
      expect(cell(day).getAttribute('aria-selected')).toBe('true');
    };
    cell('2026-03-10').focus();
    await press('ArrowRight', '2026-03-11');
    expect(screen.getByText('Nothing opens or closes on this day.')).toBeTruthy();
    await press('ArrowDown', '2026-03-18');
    await press('ArrowLeft', '2026-03-17');
    await press('ArrowUp', '2026-03-10');
    expect(dayItems().map(([name]) => name)).toEqual(['Quiz 1', 'Lab logbook']);
    // The week runs Monday to Sunday: 10 March 2026 is a Tuesday.
    await press('Home', '2026-03-09');
    await press('End', '2026-03-15');
    expect(dayItems().map(([name]) => name)).toEqual(['Essay', 'Week 3', 'Sorting', 'Searching']);
    await press('PageDown', '2026-04-15');
    await screen.findByText('Nothing is planned in April 2026.');
    await press('PageUp', '2026-03-15');
    expect(
      calls.filter((call) => call.url.includes('/api/course/agenda')).map((call) => queryOf(call)),
    ).toEqual(['month=2026-03', 'month=2026-04']);
  });

  it('shows an empty month, not an error, when the agenda cannot be read', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/course/agenda': () => json(500, errorDocument(500, 'Internal Server Error')),
    });
    start('/agenda?day=2026-03-10');
    expect(await screen.findByText('Nothing is planned in March 2026.')).toBeTruthy();
    expect(screen.getByText('Nothing opens or closes on this day.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('to-do page', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lists what to do with its course, state and date, and pages through the rest', async () => {
    const page = [
      todoItem('task', 7, { name: 'Essay', status: 'change_requested', due_at: '2026-03-12 23:59:00' }),
      todoItem('form', 9, { name: 'Lab logbook', status: 'not_sent', due_at: '2026-03-10 23:59:59' }),
      todoItem('exam', 5, { name: 'Quiz 1', status: 'in_progress' }),
      todoItem('score_answers', 8, {
        name: 'Report',
        status: 'waiting',
        since: '2026-03-01 10:00:00',
        count: 3,
      }),
    ];
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/todo': (request) =>
        json(200, many(queryOf(request).includes('page[offset]=10') ? [page[0]] : page, 11)),
    });
    const router = start('/todo');
    const list = await screen.findByTestId('todo-items');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Send EssayIF101 · Algorithms and ProgrammingChanges requestedDue .*12.*$/),
      expect.stringMatching(/^Write your entry in Lab logbookIF101 · .*Not sentDue .*10.*$/),
      expect.stringMatching(/^Take Quiz 1IF101 · .*In progressNo end date$/),
      expect.stringMatching(/^Score 3 answers to ReportIF101 · .*WaitingWaiting since .*1.*$/),
    ]);
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/assignment/7', '/forms/9', '/exam/5', '/assignment/8/submissions']);
    expect(within(rows[0]).getByText('Changes requested').className).toMatch(/badge-warning/);
    expect(within(rows[1]).getByText('Not sent').className).toMatch(/badge-muted/);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('todo-items')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/api/todo')).map((call) => queryOf(call))).toEqual([
      'page[limit]=10&page[offset]=0',
      'page[limit]=10&page[offset]=10',
    ]);
  });

  it('says there is nothing to do when the list is empty, and when it cannot be read', async () => {
    serve({ 'GET /api/login/me': student, 'GET /api/todo': () => json(200, many([])) });
    start('/todo');
    expect(await screen.findByText('Nothing to do right now.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages of the to-do' })).toBeNull();
    cleanup();
    serve({
      'GET /api/login/me': student,
      'GET /api/todo': () => json(503, errorDocument(503, 'Service Unavailable')),
    });
    start('/todo');
    expect(await screen.findByText('Nothing to do right now.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('dashboard activity card', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('gives screen readers the weeks as a table, hidden in a box a phone’s page cannot be widened by', async () => {
    const weeks = ['2026-03-02', '2026-03-09'].map((weekStart, at) => ({
      week_start: weekStart,
      total: at + 2,
      counts: {},
    }));
    serve({
      'GET /api/login/me': student,
      'GET /api/todo': () => json(200, many([])),
      'GET /api/timeline/statistic/me': () =>
        json(200, one(resource('timeline_statistics', { weeks, totals: {} }, '3'))),
      'GET /api/timeline/me': () => json(200, many([])),
    });
    start('/dashboard');
    const table = await screen.findByRole('table', { name: 'Activity per week, last 8 weeks' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // .sr-only's 1 px width does not hold a table (it is as wide as its cells): its box holds it
    expect(table.classList.contains('sr-only')).toBe(false);
    expect(table.parentElement!.classList.contains('sr-only')).toBe(true);
  });
});
