import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { errorDocument, many, one, resource, user } from '../test/factories';
import { json, queryOf, serve } from '../test/server';
import { searchWords } from './Marked';

const student = () => json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' })));
const inCourse = { course_id: 7, course_name: 'Algorithms and Programming', course_code: 'IF101' };

const hit = (
  kind: string,
  itemId: number,
  title: string,
  link: string,
  extra: Record<string, unknown> = {},
) =>
  resource(
    'search-hits',
    {
      kind,
      item_id: itemId,
      title,
      detail: null,
      snippet: null,
      hidden: false,
      ...inCourse,
      link,
      ...extra,
    },
    `${kind}-${itemId}`,
  );

const HITS = [
  hit('content', 31, 'Algoritma sorting', '/courses/7?module=10#content-31', {
    detail: 'text',
    snippet: 'We compare algorithms by their steps',
  }),
  hit('exam', 40, 'Algoritma quiz', '/exam/40'),
  hit('content', 32, 'Algoritma graphs', '/courses/7?module=10#content-32', { detail: 'text' }),
  hit('person', 9, 'Algo Classmate', '/messages/new?to=9&course=7', { detail: 'student' }),
];

beforeEach(() => {
  localStorage.clear();
  signedIn();
});
afterEach(cleanup);

describe('the search box of the top bar', () => {
  it('shows the best hits grouped by kind as the user types, moves with the arrows and opens the one chosen', async () => {
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/bookmarks': () => json(200, many([])),
      'GET /api/course/search': () => json(200, many(HITS)),
    });
    const router = start('/bookmark');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'algo' } });
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    await within(listbox).findByRole('option', { name: /Algoritma quiz/ });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    // grouped by kind, the kind of the best hit first: both contents before the exam
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Contents', 'Exams', 'People']);
    expect(
      within(groups[0])
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Algoritma sortingContent · IF101 · Algorithms and Programming',
      'Algoritma graphsContent · IF101 · Algorithms and Programming',
    ]);
    // the matched word is marked
    expect(within(groups[1]).getByText('Algoritma').tagName).toBe('MARK');
    expect(within(groups[2]).getByRole('option').textContent).toContain('Person · Student');
    expect(queryOf(calls.find((call) => call.url.includes('/course/search'))!)).toBe(
      'q=algo&page[limit]=8&page[offset]=0',
    );

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const quiz = within(listbox).getByRole('option', { name: /Algoritma quiz/ });
    expect(quiz.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(quiz.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/40'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens the full results page on Enter, and says when nothing matches', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/course/bookmarks': () => json(200, many([])),
      'GET /api/course/search': (request) =>
        json(200, many(new URL(request.url).searchParams.get('q') === 'zzz' ? [] : HITS)),
    });
    const router = start('/bookmark');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'zzz' } });
    await screen.findByText('Nothing matches “zzz”.');
    fireEvent.change(box, { target: { value: 'algo rit' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=algo+rit'));
    expect(router.state.location.pathname).toBe('/search');
    await screen.findByRole('heading', { name: 'Search', level: 1 });
  });

  it('gives the focus back to its icon when the phone closes the field (Escape or the close button)', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/course/bookmarks': () => json(200, many([])),
      'GET /api/course/search': () => json(200, many(HITS)),
    });
    start('/bookmark');
    const opener = await screen.findByRole('button', { name: 'Open the search' });
    const box = screen.getByRole('combobox', { name: 'Search' });
    fireEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.change(box, { target: { value: 'algo' } });
    await screen.findByRole('listbox', { name: 'Search results' });
    fireEvent.keyDown(box, { key: 'Escape' }); // the dropdown closes, the field stays
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'Escape' }); // the field closes
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.click(screen.getByRole('button', { name: 'Close the search' }));
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(opener);
  });
});

describe('the search results page', () => {
  it('lists the results with their snippet, words marked, filters by kind and pages', async () => {
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/search': (request) => {
        const kind = new URL(request.url).searchParams.get('filter[kind][is]');
        if (kind === 'exam') return json(200, many([HITS[1]]));
        return json(200, many(HITS, 45));
      },
    });
    start('/search?q=algo');
    const results = await screen.findByTestId('search-results');
    const link = within(results).getByRole('link', { name: 'Algoritma sorting' });
    expect(link.getAttribute('href')).toBe('/courses/7?module=10#content-31');
    const snippet = screen.getByText(/We compare/);
    expect(within(snippet).getByText('algorithms').tagName).toBe('MARK');
    expect(screen.getByText('Results: 45')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.map(queryOf)).toContain('q=algo&page[limit]=20&page[offset]=20'));
    fireEvent.click(screen.getByRole('button', { name: 'Exams' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('search-results'))
          .getAllByRole('link')
          .map((each) => each.textContent),
      ).toEqual(['Algoritma quiz']),
    );
    expect(screen.getByRole('button', { name: 'Exams' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.map(queryOf)).toContain('q=algo&filter[kind][is]=exam&page[limit]=20&page[offset]=0');
  });

  it('asks for more characters, and offers to try again after a failure', async () => {
    let fail = true;
    serve({
      'GET /api/login/me': student,
      'GET /api/course/search': () => (fail ? json(500, errorDocument(500, 'Boom')) : json(200, many([]))),
    });
    start('/search?q=a');
    await screen.findByText('Type at least 2 characters to search.');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'algo' } });
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Nothing matches “algo”.');
  });
});

describe('the words a search marks', () => {
  it('are those of its words and phrases, never the ones left out nor an OR', () => {
    expect(searchWords('Algo "Data Structures" -draft -"old exam" graph OR tree')).toEqual([
      'algo',
      'data',
      'structures',
      'graph',
      'tree',
    ]);
    expect(searchWords('e-learning, 2024!')).toEqual(['e', 'learning', '2024']);
  });
});
