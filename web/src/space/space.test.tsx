import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import {
  content,
  course,
  errorDocument,
  many,
  moduleOf,
  one,
  related,
  resource,
  user,
} from '../test/factories';
import { json, queryOf, serve } from '../test/server';

const student = () => json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' })));
const inCourse = { course_id: 7, course_name: 'Algorithms and Programming', course_code: 'IF101' };

const bookmark = (id: string, kind: string, title: string, link: string) =>
  resource(
    'bookmarks',
    {
      kind,
      item_id: Number(id) * 10,
      title,
      detail: kind === 'content' ? 'text' : null,
      ...inCourse,
      link,
      created_at: '2026-03-10 09:00:00',
    },
    id,
  );

const note = (id: string, name: string, excerpt: string) =>
  resource(
    'notes',
    {
      content_id: 31,
      content_name: name,
      ...inCourse,
      body: `<p>${excerpt}</p>`,
      excerpt,
      link: '/courses/7?module=10#content-31',
      created_at: '2026-03-10 09:00:00',
      updated_at: '2026-03-11 10:00:00',
    },
    id,
  );

const conference = (id: string, attributes: Record<string, unknown>) =>
  resource(
    'conferences',
    {
      name: 'Weekly consultation',
      provider: 'zoom',
      url: 'https://zoom.us/j/1234567890',
      ...inCourse,
      start_at: '2026-03-12 09:00:00',
      end_at: '2026-03-12 10:00:00',
      upcoming: true,
      link: '/courses/7?module=10&activity=20#content-35',
      updated_at: '2026-03-01 09:00:00',
      ...attributes,
    },
    id,
  );

beforeEach(() => {
  localStorage.clear();
  signedIn();
});
afterEach(cleanup);

describe('the bookmarks page', () => {
  it('lists the bookmarks with their kind, course and link, and removes one', async () => {
    let items = [
      bookmark('1', 'thread', 'When do I use for?', '/discussion/10'),
      bookmark('2', 'content', 'Loops explained', '/courses/7?module=10#content-20'),
    ];
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/bookmarks': () => json(200, many(items)),
      'DELETE /api/course/bookmarks/1': () => {
        items = items.slice(1);
        return json(204, null);
      },
    });
    start('/bookmark');
    const thread = await screen.findByRole('link', { name: 'When do I use for?' });
    expect(thread.getAttribute('href')).toBe('/discussion/10');
    expect(screen.getByRole('link', { name: 'Loops explained' }).getAttribute('href')).toBe(
      '/courses/7?module=10#content-20',
    );
    expect(screen.getByText('Discussion')).toBeTruthy();
    expect(screen.getAllByText('IF101 · Algorithms and Programming')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove the bookmark of When do I use for?' }));
    await screen.findByText('Bookmark of “When do I use for?” removed.');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'When do I use for?' })).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('says so when there is none, and offers to try again after a failure', async () => {
    let fail = true;
    serve({
      'GET /api/login/me': student,
      'GET /api/course/bookmarks': () => (fail ? json(500, errorDocument(500, 'Boom')) : json(200, many([]))),
    });
    start('/bookmark');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Try again');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText(/No bookmarks yet/);
  });
});

describe('the notes page', () => {
  it('lists the notes with a link back to their content and searches them as the user types', async () => {
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/notes': (request) => {
        const search = new URL(request.url).searchParams.get('filter[search][is]');
        if (search === 'nothing') return json(200, many([]));
        return json(
          200,
          many(
            search
              ? [note('2', 'Recursion', 'Base case first')]
              : [
                  note('1', 'Loops explained', 'Remember the invariant'),
                  note('2', 'Recursion', 'Base case first'),
                ],
          ),
        );
      },
    });
    start('/notes');
    const link = await screen.findByRole('link', { name: 'Loops explained' });
    expect(link.getAttribute('href')).toBe('/courses/7?module=10#content-31');
    expect(screen.getByText('Remember the invariant')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search your notes' }), {
      target: { value: 'base case' },
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Loops explained' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Recursion' })).toBeTruthy();
    expect(calls.map((call) => queryOf(call)).filter((query) => query.includes('search'))).toContain(
      'filter[search][is]=base+case&page[limit]=20&page[offset]=0',
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search your notes' }), {
      target: { value: 'nothing' },
    });
    await screen.findByText('No note matches “nothing”.');
  });
});

describe('the video-conference page', () => {
  it('shows each conference with its time and course, joined in a new tab without an opener', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/course/conferences': () =>
        json(
          200,
          many([
            conference('35', {}),
            conference('36', {
              name: 'Kick-off',
              provider: 'google-meet',
              url: 'https://meet.google.com/abc-defg-hij',
              start_at: null,
              end_at: null,
              upcoming: false,
            }),
          ]),
        ),
    });
    start('/vicon');
    const row = (await screen.findByRole('link', { name: 'Weekly consultation' })).closest('li')!;
    expect(within(row).getByText('Upcoming')).toBeTruthy();
    expect(within(row).getByText('Zoom')).toBeTruthy();
    const join = within(row).getByRole('link', { name: 'Join Weekly consultation (opens in a new tab)' });
    expect(join.getAttribute('href')).toBe('https://zoom.us/j/1234567890');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toBe('noopener noreferrer');
    const kickOff = screen.getByRole('link', { name: 'Kick-off' }).closest('li')!;
    expect(within(kickOff).getByText('No time set')).toBeTruthy();
    expect(within(kickOff).queryByText('Upcoming')).toBeNull();
  });

  it('says so when the user’s courses have none', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/course/conferences': () => json(200, many([])),
    });
    start('/vicon');
    await screen.findByText('No video conference in your courses.');
  });
});

describe('a content in the course reader', () => {
  const week = moduleOf({ name: 'Week 1' }, '10');
  const courseDocument = () =>
    json(
      200,
      one(related(course({ name: 'Databases', status: 'STUDENT' }, '7'), { modules: [week] }), [week]),
    );

  it('is bookmarked and unbookmarked with a toggle, and takes a private note', async () => {
    let bookmarks: ReturnType<typeof bookmark>[] = [];
    let notes: ReturnType<typeof note>[] = [];
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/courses/7': courseDocument,
      'GET /api/course/contents': () => json(200, many([content({ name: 'Welcome' }, '31')])),
      'GET /api/course/bookmarks': () => json(200, many(bookmarks)),
      'POST /api/course/bookmarks': () => {
        bookmarks = [bookmark('9', 'content', 'Welcome', '/courses/7?module=10#content-31')];
        return json(201, one(bookmarks[0]));
      },
      'DELETE /api/course/bookmarks/9': () => {
        bookmarks = [];
        return json(204, null);
      },
      'GET /api/course/notes': () => json(200, many(notes)),
      'POST /api/course/notes': () => {
        notes = [note('4', 'Welcome', 'Read twice')];
        return json(201, one(notes[0]));
      },
    });
    start('/courses/7');
    const toggle = await screen.findByRole('button', { name: 'Bookmark Welcome' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    const pressed = await screen.findByRole('button', { name: 'Bookmarked: Welcome' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await screen.findByText('Bookmarked “Welcome”.');
    const posted = calls.find((call) => call.method === 'POST' && call.url.endsWith('/bookmarks'))!;
    expect(await posted.json()).toEqual({ data: { attributes: { kind: 'content', item_id: 31 } } });
    fireEvent.click(pressed);
    await screen.findByRole('button', { name: 'Bookmark Welcome' });

    // No note is fetched before the panel opens.
    expect(calls.some((call) => call.url.includes('/api/course/notes'))).toBe(false);
    const panelToggle = screen.getByRole('button', { name: 'My note on Welcome' });
    fireEvent.click(panelToggle);
    expect(panelToggle.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'My note on Welcome' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Save note' }));
    await within(panel).findByText('Write something first.');
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/notes'))).toBe(false);
  });

  it('shows the note there is, and deletes it', async () => {
    let notes = [note('4', 'Welcome', 'Read twice')];
    serve({
      'GET /api/login/me': student,
      'GET /api/course/courses/7': courseDocument,
      'GET /api/course/contents': () => json(200, many([content({ name: 'Welcome' }, '31')])),
      'GET /api/course/bookmarks': () => json(200, many([])),
      'GET /api/course/notes': () => json(200, many(notes)),
      'DELETE /api/course/notes/4': () => {
        notes = [];
        return json(204, null);
      },
    });
    start('/courses/7');
    fireEvent.click(await screen.findByRole('button', { name: 'My note on Welcome' }));
    const panel = await screen.findByRole('region', { name: 'My note on Welcome' });
    await within(panel).findByText('Read twice');
    expect(within(panel).getByRole('button', { name: 'Edit' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete note' }));
    await screen.findByText('Note deleted.');
    await within(panel).findByRole('button', { name: 'Save note' });
  });
});

describe('the bookmark toggle’s names', () => {
  it('hold the visible text in every language, so a spoken command finds the button (WCAG 2.5.3)', async () => {
    for (const language of ['de', 'en', 'fr', 'id', 'pt']) {
      const { default: texts } = (await import(`./locales/${language}.ts`)) as {
        default: Record<string, unknown>;
      };
      const named = (key: string) => String(texts[key]).replace('{{title}}', 'T').toLowerCase();
      expect(named('bookmarkNamed'), language).toContain(String(texts.bookmark).toLowerCase());
      expect(named('bookmarkedNamed'), language).toContain(String(texts.bookmarked).toLowerCase());
    }
  });
});
