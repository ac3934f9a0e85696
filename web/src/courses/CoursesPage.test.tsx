import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { json, queryOf, serve } from '../test/server';
import { course, errorDocument, many, one, period, user } from '../test/factories';

const periods = () =>
  json(
    200,
    many([
      period({ name: '2025/2026 Odd Semester', year: 2025, period_type: 'GANJIL' }, '3'),
      period({ name: '2025/2026 Even Semester', year: 2025, period_type: 'GENAP' }, '4'),
      period({ name: '2024/2025 Odd Semester', year: 2024, period_type: 'GANJIL' }, '1'),
    ]),
  );
const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));

/** Courses of period 3 (twelve "Algorithms" courses) and period 1 (one "Data" course). */
const courses = (request: Request) => {
  const url = new URL(request.url);
  const period = url.searchParams.get('filter[period_id][is]');
  const search = url.searchParams.get('filter[name][like]')?.toLowerCase();
  const all = [
    ...Array.from({ length: 12 }, (_, index) => ({
      id: String(index + 1),
      name: `Algorithms ${index + 1}`,
      period: '3',
    })),
    { id: '50', name: 'Data Structures', period: '1' },
  ].filter(
    (course) =>
      (!period || course.period === period) && (!search || course.name.toLowerCase().includes(search)),
  );
  const offset = Number(url.searchParams.get('page[offset]') ?? 0);
  return json(
    200,
    many(
      all.slice(offset, offset + 9).map((item) => course({ name: item.name, status: 'LECTURER' }, item.id)),
      all.length,
    ),
  );
};

describe('the course list', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('filters by an active period (grouped by year), with search and pages, all kept in the URL', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/periods': periods,
      'GET /api/course/courses': courses,
      'GET /api/course/request/assistant': () => json(200, many([])),
    });
    const router = start('/courses');
    await screen.findByText('13 courses');

    const select = screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    await waitFor(() => expect(select.querySelectorAll('option')).toHaveLength(4));
    expect([...select.querySelectorAll('optgroup')].map((group) => group.label)).toEqual([
      'Academic year 2025/2026',
      'Academic year 2024/2025',
    ]);
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'All periods',
      '2025/2026 Odd Semester',
      '2025/2026 Even Semester',
      '2024/2025 Odd Semester',
    ]);
    const periodCall = calls.find((call) => call.url.includes('/api/course/periods'))!;
    expect(queryOf(periodCall)).toContain('filter[is_active][is]=1');

    // a period: the list is filtered and starts again at page 1
    await act(async () => fireEvent.change(select, { target: { value: '3' } }));
    await screen.findByText('12 courses');
    expect(router.state.location.search).toBe('?period=3');
    expect(queryOf(calls[calls.length - 1])).toContain('filter[period_id][is]=3');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('Page 2 of 2');
    expect(router.state.location.search).toBe('?period=3&page=2');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));

    // a search keeps the period and goes back to page 1
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search courses' }), {
      target: { value: 'data' },
    });
    await screen.findByText('No course matches “data”.');
    expect(router.state.location.search).toBe('?period=3&q=data');
    const last = queryOf(calls[calls.length - 1]);
    expect(last).toContain('filter[period_id][is]=3');
    expect(last).toContain('filter[name][like]=data');
    expect(last).toContain('page[offset]=0');

    // all periods again: the search alone
    await act(async () => fireEvent.change(select, { target: { value: '' } }));
    await screen.findByText('1 course');
    expect(router.state.location.search).toBe('?q=data');
    expect(within(screen.getByRole('article')).getByRole('link', { name: 'Data Structures' })).toBeTruthy();
  });

  it('says when a period has no courses, and lists without the filter when periods cannot be loaded', async () => {
    signedIn();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/periods': () => json(500, errorDocument(500, 'Down')),
      'GET /api/course/courses': (request) =>
        new URL(request.url).searchParams.get('filter[period_id][is]') === '9'
          ? json(200, many([]))
          : courses(request),
      'GET /api/course/request/assistant': () => json(200, many([])),
    });
    start('/courses?period=9');
    await screen.findByText('You have no courses in this period.');
    const select = screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    // the period of the URL stays selectable, though the list of periods failed
    await waitFor(() => expect(select.value).toBe('9'));
    expect([...select.options].map((option) => option.textContent)).toEqual(['All periods', 'Period 9']);
    expect(screen.queryByText('Down')).toBeNull();
  });

  it("says when a student's enrolments could not be read, not that there are none, and tries again", async () => {
    signedIn();
    let enrolmentCalls = 0;
    serve({
      'GET /api/login/me': () => json(200, one(user({ name: 'Ayu Lestari', level: 'student' }))),
      'GET /api/course/periods': () => json(200, many([])),
      'GET /api/course/courses': () => json(200, many([])),
      'GET /api/course/enrolls/courses': () =>
        ++enrolmentCalls === 1
          ? json(500, errorDocument(500, 'Down'))
          : json(200, many([course({ name: 'Algorithms and Programming', status: 'STUDENT' }, '1')])),
    });
    start('/courses');
    const card = (await screen.findByRole('heading', { name: 'Your enrolments' })).closest('section')!;
    await within(card).findByRole('alert');
    expect(within(card).queryByText('You are not enrolled in any course.')).toBeNull();
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Try again' })));
    await within(card).findByRole('heading', { name: 'Enrolled in 1 course' });
    expect(within(card).getByRole('link', { name: 'Algorithms and Programming' })).toBeTruthy();
  });
});
