import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadChunk } from './chunks';
import { RouteError } from './RouteError';
import { createStore } from './store';
import type { Role } from '../auth/authApi';
import { signedIn, start } from '../test/app';
import { json, serve } from '../test/server';
import {
  course,
  errorDocument,
  many,
  moduleOf,
  one,
  related,
  resource,
  tokens as tokenReply,
  user,
} from '../test/factories';

const tokens = (access: string) => json(200, one(tokenReply(access)));
const me = (level: Role) => json(200, one(user({ level })));
const courses = () => json(200, many([course({}, '1')]));

async function signIn(username: string) {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'lms-demo' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
}

describe('the app', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('takes a visitor of /courses through sign-in back to their course list', async () => {
    const calls = serve({
      'POST /api/user/auth/login': () => tokens('t1'),
      'GET /api/login/me': () => me('student'),
      'GET /api/course/courses': courses,
    });
    const router = start('/courses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login'));
    expect(router.state.location.search).toBe('?to=%2Fcourses');

    await signIn('student1');
    const card = await screen.findByRole('article');
    expect(card.textContent).toContain('Algorithms and Programming');
    expect(card.textContent).toContain('IF101');
    expect(router.state.location.pathname).toBe('/courses');

    const login = calls.find((call) => call.url.endsWith('/api/user/auth/login'))!;
    expect(await login.json()).toEqual({ username: 'student1', password: 'lms-demo' });
    const list = calls.find((call) => call.url.includes('/api/course/courses'))!;
    expect(list.headers.get('authorization')).toBe('Bearer t1');
    expect(decodeURIComponent(new URL(list.url).search)).toContain('page[limit]=9');
    expect(JSON.parse(localStorage.getItem('lms.auth')!)).toMatchObject({
      accessToken: 't1',
      verified: true,
    });
  });

  it('refuses an admin account and revokes its session', async () => {
    const calls = serve({
      'POST /api/user/auth/login': () => tokens('t-admin'),
      'GET /api/login/me': () => me('admin'),
      'POST /api/user/auth/logout': () => json(204, null),
    });
    const router = start('/pages/login');
    await signIn('admin');
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot login using Admin Account');
    expect(router.state.location.pathname).toBe('/pages/login');
    const logout = calls.find((call) => call.url.endsWith('/api/user/auth/logout'))!;
    expect(await logout.json()).toEqual({ refresh_token: 'refresh-t-admin' });
    expect(localStorage.getItem('lms.auth')).toBeNull();
  });

  it('shows why a sign-in failed', async () => {
    serve({
      'POST /api/user/auth/login': () => json(401, errorDocument(401, 'Invalid username or password')),
    });
    start('/pages/login');
    await signIn('student1');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
  });

  it("shows what the server says happened (its detail), and a 422's field by its label", async () => {
    serve({
      'POST /api/user/auth/login': () =>
        json(401, errorDocument(401, 'Unauthorized', { detail: 'Username or password is incorrect' })),
    });
    start('/pages/login');
    await signIn('student1');
    expect((await screen.findByRole('alert')).textContent).toBe('Username or password is incorrect');
    cleanup();

    signedIn();
    let answer = json(
      409,
      errorDocument(409, 'Conflict', { detail: 'You are already enrolled in this course' }),
    );
    serve({
      'GET /api/login/me': () => me('student'),
      'GET /api/course/courses': courses,
      'POST /api/course/enrolls/take': () => answer,
    });
    start('/courses');
    fireEvent.change(await screen.findByLabelText('Token'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You are already enrolled in this course')).toBeTruthy();
    expect(screen.queryByText('Conflict')).toBeNull();

    answer = json(
      422,
      errorDocument(422, 'Invalid attribute', {
        detail: 'Token is wrong',
        pointer: '/data/attributes/token',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Token: Token is wrong')).toBeTruthy();
    expect(screen.queryByText(/token:/)).toBeNull();
  });

  it('joins with the token of a join link, after signing in when the visitor was signed out', async () => {
    const calls = serve({
      'GET /api/login/me': () => me('student'),
      'GET /api/course/courses': courses,
      'GET /api/course/courses/1': () => json(200, one(course({}, '1'))),
      'POST /api/user/auth/login': () => json(200, one(tokenReply('access-1'))),
      'POST /api/course/enrolls/take': () => json(201, one(course({}, '1'))),
    });
    const router = start('/courses?token=ab12cd34');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login'));
    await signIn('student1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/1'));
    const takes = calls.filter((request) => request.url.endsWith('/api/course/enrolls/take'));
    expect(takes).toHaveLength(1);
    expect(await takes[0].json()).toEqual({ data: { attributes: { token: 'AB12CD34' } } });
  });

  it('leads a visitor from the sign-in page back to the course catalogue', async () => {
    serve({ 'GET /api/public/courses': () => json(200, many([])) });
    const router = start('/pages/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Browse the course catalogue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home-landing'));
  });

  it('refreshes an expired access token once and retries the call', async () => {
    let refreshed = false;
    const calls = serve({
      'POST /api/user/auth/login': () => tokens('old'),
      'POST /api/user/auth/refresh': () => {
        refreshed = true;
        return tokens('new');
      },
      'GET /api/login/me': (request) =>
        request.headers.get('authorization') === 'Bearer old' && refreshed
          ? json(401, errorDocument(401, 'Expired'))
          : me('student'),
      'GET /api/course/courses': (request) =>
        request.headers.get('authorization') === 'Bearer new'
          ? courses()
          : json(401, errorDocument(401, 'Expired')),
    });
    const router = start('/pages/login?to=%2Fcourses');
    await signIn('student1');
    await screen.findByRole('article');
    expect(router.state.location.pathname).toBe('/courses');
    const refresh = calls.find((call) => call.url.endsWith('/api/user/auth/refresh'))!;
    expect(await refresh.json()).toEqual({ refresh_token: 'refresh-old' });
    expect(JSON.parse(localStorage.getItem('lms.auth')!)).toMatchObject({ accessToken: 'new' });
  });

  it('signs the user out when the session cannot be refreshed', async () => {
    localStorage.setItem(
      'lms.auth',
      JSON.stringify({
        accessToken: 'gone',
        refreshToken: 'r',
        expirationDate: Date.now() + 60_000,
        verified: true,
      }),
    );
    serve({
      'GET /api/login/me': () => json(401, errorDocument(401, 'Expired')),
      'POST /api/user/auth/refresh': () => json(401, errorDocument(401, 'Refresh token reused')),
    });
    const router = start('/courses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login'));
    expect(router.state.location.search).toBe('?to=%2Fcourses');
    expect(localStorage.getItem('lms.auth')).toBeNull();
    // the tab names the sign-in page, not the page the user was sent away from
    await waitFor(() => expect(document.title).toBe('Sign in · Learning Management System'));
  });

  const courseWithModule = () => {
    const introduction = moduleOf({ name: 'Introduction' }, '10');
    return json(200, one(related(course({}, '1'), { modules: [introduction] }), [introduction]));
  };

  it("shows the role's sidebar and breadcrumbs built from route metadata and the course's name", async () => {
    signedIn();
    serve({
      'GET /api/login/me': () => me('student'),
      'GET /api/course/courses/1': courseWithModule,
    });
    start('/courses/1');
    await screen.findByRole('heading', { name: 'Algorithms and Programming' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = [...nav.querySelectorAll('a')].map((link) => link.textContent);
    // entries of features not offered yet say so
    expect(links).toEqual(
      expect.arrayContaining(['Home', 'Dashboard', 'Courses', 'Exams', 'Messages', 'Workspaces', 'Surveys']),
    );
    expect(links).not.toContain('Admin dashboard');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect([...crumbs.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Home',
      'Courses',
      'Algorithms and Programming',
    ]);
    // the outline links the module; with nothing chosen, the first module's contents are shown
    expect(screen.getByRole('link', { name: /Introduction/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Introduction' })).toBeTruthy();
    expect(document.title).toBe('Course · Learning Management System');
  });

  it("shows an activity the service named by default as an untitled activity, in the interface's term", async () => {
    signedIn();
    const activity = resource('activities', { name: 'Untitled Submodule', index: 0, is_active: true }, '20');
    const introduction = related(moduleOf({ name: 'Introduction' }, '10'), { activities: [activity] });
    serve({
      'GET /api/login/me': () => me('student'),
      'GET /api/course/courses/1': () =>
        json(200, one(related(course({}, '1'), { modules: [introduction] }), [introduction, activity])),
    });
    start('/courses/1');
    const outline = await screen.findByRole('list', { name: 'Activities of Introduction' });
    expect(outline.textContent).toBe('Untitled activity');
    expect(screen.queryByText(/Submodule/)).toBeNull();
  });

  it('shows a course that does not exist as one not-found state, without Try again or a toast', async () => {
    signedIn();
    serve({
      'GET /api/login/me': () => me('lecturer'),
      'GET /api/course/courses/999': () =>
        json(404, errorDocument(404, 'Not Found', { detail: 'Course 999 does not exist' })),
      'GET /api/course/lecturers': () => json(200, many([])),
    });
    const pages = ['', '/edit', '/preview', '/settings', '/enroll', '/deleted'].map(
      (page) => `/courses/999${page}`,
    );
    for (const path of pages) {
      start(path);
      await screen.findByRole('heading', { name: 'Course not found' });
      expect(screen.getByText('This course does not exist or is not open to you.')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to my courses' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      // the page says it once: no second warning in a toast
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('Warning')).toBeNull();
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      cleanup();
    }
  });

  it('offers Try again when a course could not be loaded for another reason', async () => {
    signedIn();
    serve({
      'GET /api/login/me': () => me('student'),
      'GET /api/course/courses/1': () => json(503, errorDocument(503, 'Service Unavailable')),
    });
    start('/courses/1');
    await screen.findByRole('heading', { name: 'This course could not be loaded' });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("names a default-named activity in the interface's term in the editor and the archive too", async () => {
    signedIn();
    const activity = resource('activities', { name: 'Untitled Submodule', index: 0, is_active: true }, '20');
    const introduction = related(moduleOf({ name: 'Introduction' }, '10'), { activities: [activity] });
    const archived = resource(
      'contents',
      { name: 'Old notes', type: 'text', contentable_type: 'activities', contentable_id: 20, index: 0 },
      '30',
    );
    serve({
      'GET /api/login/me': () => me('lecturer'),
      'GET /api/course/courses/1': () =>
        json(200, one(related(course({}, '1'), { modules: [introduction] }), [introduction, activity])),
      'GET /api/course/contents': () => json(200, many([archived])),
    });
    start('/courses/1/edit');
    const tree = await screen.findByRole('list', { name: 'Activities of Introduction' });
    expect(tree.querySelector('a')?.textContent).toBe('Untitled activity');
    expect(screen.getByRole('button', { name: 'Rename Untitled activity' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Submodule/);
    cleanup();

    start('/courses/1/deleted');
    await screen.findByText('Old notes');
    expect(screen.getByText('Introduction · Untitled activity')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Submodule/);
  });

  it('sends a student away from a lecturer-only page to the 404 page with from', async () => {
    signedIn();
    serve({
      'GET /api/login/me': () => me('student'),
      'GET /api/course/courses/1': courseWithModule,
    });
    const router = start('/courses/1/gradebook');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/error-404'));
    expect(router.state.location.search).toBe('?from=%2Fcourses%2F1%2Fgradebook');
  });

  it('says honestly when a part of the LMS is not available yet', async () => {
    signedIn();
    serve({
      'GET /api/login/me': () => me('lecturer'),
    });
    start('/test/poc-whiteboard');
    await screen.findByRole('heading', { name: 'Whiteboard' });
    expect(screen.getByText('This part of the LMS is not available yet')).toBeTruthy();
    // in the user's terms: nothing about services
    const explanation = screen.getByText(/^The whiteboard is not offered on this campus yet/);
    expect(explanation.textContent).not.toMatch(/service/i);
  });

  it('shows a page whose chunk did not load as an error with a Reload button', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        hydrateFallbackElement: <span />,
        lazy: async () => {
          await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
          return {};
        },
      },
    ]);
    render(
      <Provider store={createStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByText('ChunkLoadError')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('sends unknown paths to the 404 page', async () => {
    serve({});
    const router = start('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/error-404'));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
