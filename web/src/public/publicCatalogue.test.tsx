import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { json, queryOf, serve, type Handler } from '../test/server';

const site = () =>
  json(200, {
    data: [{ type: 'lptk', id: '1', attributes: { name: 'Universitas Demo', whatsapp: [] } }],
    meta: { total: 1 },
  });

const courseResource = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  type: 'courses',
  id: String(id),
  attributes: {
    name,
    code: `C${id}`,
    is_active: true,
    is_public: true,
    is_free: true,
    period_year: 2025,
    period_type: 'GANJIL',
    ...extra,
  },
});

/** A catalogue of `total` courses answering the requested page (9 a page); `matches` answers a search. */
const catalogue = (total: number, matches: Record<string, string[]> = {}): Handler => {
  const all = Array.from({ length: total }, (_, index) => courseResource(index + 1, `Course ${index + 1}`));
  return (request) => {
    const url = new URL(request.url);
    const search = url.searchParams.get('filter[name][like]');
    const found = all.filter((course) => !search || matches[search]?.includes(course.attributes.name));
    const offset = Number(url.searchParams.get('page[offset]') ?? 0);
    return json(200, {
      data: found.slice(offset, offset + 9),
      meta: { total: found.length, limit: 9, offset },
    });
  };
};

const explore =
  (count: number): Handler =>
  () =>
    json(200, {
      data: Array.from({ length: count }, (_, index) =>
        courseResource(100 + index, `Free course ${index + 1}`),
      ),
      meta: { total: count },
    });

describe('the public landing page with the catalogue', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows the newest free courses and the catalogue, nine a page, each linking to its public view', async () => {
    const calls = serve({
      'GET /api/public/lptk': site,
      'GET /api/public/courses/explore': explore(4),
      'GET /api/public/courses': catalogue(12),
    });
    const router = start('/home-landing');

    const strip = await screen.findByRole('region', { name: 'Explore free courses' });
    expect(await within(strip).findAllByRole('article')).toHaveLength(4);
    const list = await screen.findByRole('region', { name: 'Course catalogue' });
    await within(list).findByText('12 courses in the catalogue');
    expect(within(list).getAllByRole('article')).toHaveLength(9);
    expect(within(list).getByRole('link', { name: 'Course 1' }).getAttribute('href')).toBe(
      '/public/courses/1',
    );
    expect(within(list).getAllByText('Free')).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/pages/login');

    const exploreCall = calls.find((call) => call.url.includes('/api/public/courses/explore'))!;
    expect(queryOf(exploreCall)).toContain('page[limit]=4');
    expect(queryOf(exploreCall)).toContain('sort=-updated_at');
    expect(queryOf(exploreCall)).toContain('filter[is_free][is]=1');
    const listCall = calls.find((call) => new URL(call.url).pathname === '/api/public/courses')!;
    expect(queryOf(listCall)).toContain('page[limit]=9');
    expect(queryOf(listCall)).toContain('page[offset]=0');
    expect(listCall.headers.get('authorization')).toBeNull();

    // the second page
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Next' })));
    await within(list).findByText('Page 2 of 2');
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(router.state.location.search).toBe('?page=2');
    expect(queryOf(calls[calls.length - 1])).toContain('page[offset]=9');
    expect(document.title).toBe('Welcome · Universitas Demo');
  });

  it('does not show a course twice when the catalogue holds no more than the free courses of the strip', async () => {
    serve({
      'GET /api/public/lptk': site,
      'GET /api/public/courses/explore': () =>
        json(200, { data: [courseResource(1, 'Course 1')], meta: { total: 1 } }),
      'GET /api/public/courses': catalogue(1),
    });
    start('/home-landing');
    const list = await screen.findByRole('region', { name: 'Course catalogue' });
    await within(list).findByText('1 course in the catalogue');
    expect(screen.queryByRole('region', { name: 'Explore free courses' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Course 1' })).toHaveLength(1);
  });

  it('searches the catalogue by name once typing pauses, keeping the search in the URL', async () => {
    const calls = serve({
      'GET /api/public/lptk': site,
      'GET /api/public/courses/explore': explore(0),
      'GET /api/public/courses': catalogue(12, { seven: ['Course 7'] }),
    });
    const router = start('/landing?page=2');
    const list = await screen.findByRole('region', { name: 'Course catalogue' });
    await within(list).findByText('Page 2 of 2');
    fireEvent.change(within(list).getByRole('searchbox', { name: 'Search the catalogue' }), {
      target: { value: ' seven ' },
    });
    await within(list).findByText('1 course in the catalogue');
    expect(within(list).getByRole('link', { name: 'Course 7' })).toBeTruthy();
    expect(router.state.location.search).toBe('?q=seven');
    const search = calls.filter((call) => queryOf(call).includes('filter[name][like]=seven'));
    expect(search).toHaveLength(1);
    expect(queryOf(search[0])).toContain('page[offset]=0');

    fireEvent.change(within(list).getByRole('searchbox'), { target: { value: 'nothing' } });
    expect((await within(list).findByRole('status')).textContent).toBe(
      'No course of the catalogue matches “nothing”.',
    );
    // no free courses: no "explore" strip at all
    expect(screen.queryByRole('region', { name: 'Explore free courses' })).toBeNull();
  });

  it('says so when the campus has no public courses, and offers a retry when the catalogue fails', async () => {
    let failing = true;
    serve({
      'GET /api/public/lptk': site,
      'GET /api/public/courses/explore': explore(0),
      'GET /api/public/courses': (request) =>
        failing
          ? json(500, { errors: [{ status: '500', title: 'Database unavailable' }] })
          : catalogue(0)(request),
    });
    start('/home-landing');
    const list = await screen.findByRole('region', { name: 'Course catalogue' });
    expect((await within(list).findByRole('alert')).textContent).toContain('Database unavailable');
    failing = false;
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Try again' })));
    await within(list).findByRole('heading', { name: 'No public courses yet' });
    expect(within(list).getByText(/has not opened any course to the public/)).toBeTruthy();
  });
});

describe('the public course view', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  const publicCourse = (extra: Record<string, unknown> = {}) =>
    json(200, {
      data: {
        ...courseResource(5, 'Digital Literacy for Everyone', {
          description: 'Searching the web well.',
          thumbnail: 'https://cdn.example/thumb.png',
          ...extra,
        }),
        relationships: {
          modules: {
            data: [
              { type: 'modules', id: '10' },
              { type: 'modules', id: '11' },
            ],
          },
          lecturer: { data: { type: 'lecturers', id: '3' } },
          period: { data: { type: 'periods', id: '2' } },
        },
      },
      included: [
        {
          type: 'modules',
          id: '10',
          attributes: { name: 'Finding information', index: 0 },
          relationships: {
            activities: {
              data: [
                { type: 'activities', id: '20' },
                { type: 'activities', id: '21' },
              ],
            },
          },
        },
        {
          type: 'modules',
          id: '11',
          attributes: { name: 'Judging sources', index: 1 },
          relationships: { activities: { data: [] } },
        },
        { type: 'activities', id: '20', attributes: { name: 'Searching the web well', index: 0 } },
        { type: 'activities', id: '21', attributes: { name: 'Search operators', index: 1 } },
        { type: 'lecturers', id: '3', attributes: { name: 'Dr. Ratna Wijaya' } },
        { type: 'periods', id: '2', attributes: { name: '2025/2026 Odd Semester', year: 2025 } },
      ],
    });
  const contents = (request: Request) => {
    const id = new URL(request.url).searchParams.get('filter[contentable_id][is]');
    return json(200, {
      data:
        id === '21'
          ? [
              {
                type: 'contents',
                id: '7',
                attributes: {
                  name: 'Cheat sheet',
                  type: 'file',
                  mime: 'application/pdf',
                  size: 2048,
                  index: 0,
                },
              },
            ]
          : [
              {
                type: 'contents',
                id: '6',
                attributes: {
                  name: 'Start here',
                  type: 'text',
                  content: '<p>Welcome, everyone!</p>',
                  index: 0,
                },
              },
            ],
      meta: { total: 1 },
    });
  };

  it('opens a deep link without signing in: head, outline, contents, public download, one recorded visit', async () => {
    const calls = serve({
      'GET /api/public/lptk': site,
      'GET /api/public/courses/5': () => publicCourse(),
      'GET /api/public/contents': contents,
      'POST /api/public/view/course/5': () => json(201, { data: { type: 'course_views', id: '1' } }),
    });
    const router = start('/public/courses/5/10/21');

    await screen.findByRole('heading', { level: 1, name: 'Digital Literacy for Everyone' });
    expect(screen.getByText('Dr. Ratna Wijaya')).toBeTruthy();
    expect(screen.getByText('2025/2026 Odd Semester')).toBeTruthy();
    expect(screen.getByText('Open to everyone')).toBeTruthy();
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('https://cdn.example/thumb.png');
    expect(screen.getByRole('link', { name: 'Search operators' }).getAttribute('aria-current')).toBe('page');
    const download = await screen.findByRole('link', { name: /Download Cheat sheet/ });
    expect(download.getAttribute('href')).toBe('/api/public/contents/7/download');
    const contentCall = calls.find((call) => call.url.includes('/api/public/contents'))!;
    expect(queryOf(contentCall)).toContain('filter[contentable_type][is]=activities');
    expect(queryOf(contentCall)).toContain('filter[contentable_id][is]=21');
    expect(contentCall.headers.get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/pages/login?to=%2Fcourses%2F5',
    );

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const view = calls.find((call) => call.method === 'POST')!;
    expect(new URL(view.url).pathname).toBe('/api/public/view/course/5');
    expect(await view.json()).toEqual({
      data: {
        attributes: {
          courseId: 5,
          campus: 'Universitas Demo',
          roles: null,
          code: null,
          name: null,
          province: null,
          is_verify: false,
          ip_address: null,
        },
      },
    });

    // another activity of the course: its contents, and still one visit
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Searching the web well' })));
    expect(router.state.location.pathname).toBe('/public/courses/5/10/20');
    await screen.findByText('Welcome, everyone!');
    expect(document.title).toBe('Digital Literacy for Everyone · Universitas Demo');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says honestly that a course is not in the catalogue, and records no visit', async () => {
    const calls = serve({ 'GET /api/public/lptk': site });
    start('/public/courses/99');
    await screen.findByRole('heading', { name: 'Course not found' });
    expect(screen.getByText('This course does not exist or is not open to the public.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the course catalogue' }).getAttribute('href')).toBe(
      '/home-landing',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    cleanup();

    // an id that is no number is not asked for at all
    const more = serve({ 'GET /api/public/lptk': site });
    start('/public/courses/abc');
    await screen.findByRole('heading', { name: 'Course not found' });
    expect(more.some((call) => call.url.includes('/api/public/courses'))).toBe(false);
  });

  it('ignores a failed visit record, and keeps the contents of a free course that is not public closed', async () => {
    const calls = serve({
      'GET /api/public/lptk': site,
      'GET /api/public/courses/5': () => publicCourse({ is_public: false }),
      'POST /api/public/view/course/5': () => json(500, { errors: [{ status: '500', title: 'Boom' }] }),
    });
    start('/public/courses/5');
    await screen.findByRole('heading', { level: 1, name: 'Digital Literacy for Everyone' });
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    // the first activity is chosen; its contents are for those who join
    await screen.findByText(/open to those who join it/);
    expect(calls.some((call) => call.url.includes('/api/public/contents'))).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Boom')).toBeNull();
  });

  it('tells who is signed in on this browser when recording the visit', async () => {
    signedIn();
    const calls = serve({
      'GET /api/public/lptk': site,
      'GET /api/login/me': () =>
        json(200, {
          data: {
            type: 'users',
            id: '4',
            attributes: { name: 'Ayu Lestari', level: 'student', nim: '2301001' },
          },
        }),
      'GET /api/public/courses/5': () => publicCourse(),
      'GET /api/public/contents': contents,
      'POST /api/public/view/course/5': () => json(201, { data: { type: 'course_views', id: '1' } }),
    });
    // the signed-in app was open first (it loads the user), then the public course
    const router = start('/settings/profile');
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/login/me'))).toBe(true));
    await act(async () => router.navigate('/public/courses/5'));
    await screen.findByRole('heading', { level: 1, name: 'Digital Literacy for Everyone' });
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.includes('view'))).toBe(true),
    );
    const view = calls.find((call) => call.url.includes('/api/public/view/course/5'))!;
    expect((await view.json()).data.attributes).toMatchObject({
      roles: 'student',
      name: 'Ayu Lestari',
      code: '2301001',
      is_verify: true,
    });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
