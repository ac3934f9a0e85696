/**
 * Helpers of the app tests (not shipped: nothing in the app imports this file): the API answered
 * by a mocked fetch, route by route, and the app started on a path in a memory router.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { App } from './App';
import { routes } from './routes';
import { createStore } from './store';

/** Relative URLs as a browser resolves them (Node's Request needs absolute ones). */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
  }
}

export type Handler = (request: Request) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/vnd.api+json' },
  });

/**
 * Answers `METHOD /path` with its handler (404 for anything else) and returns the requests made,
 * cloned so their bodies can be read.
 */
export function serve(routes: Record<string, Handler>): Request[] {
  const calls: Request[] = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push(request.clone());
      const url = new URL(request.url);
      const handler = routes[`${request.method} ${url.pathname}`];
      return handler ? handler(request) : json(404, { errors: [{ status: '404', title: 'Not found' }] });
    }),
  );
  return calls;
}

/** The app on `path`, with a fresh store; returns the router to follow the location. */
export function start(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App store={createStore()} router={router} />);
  return router;
}

/** A stored session that is valid for a minute. */
export function signedIn() {
  localStorage.setItem(
    'lms.auth',
    JSON.stringify({
      accessToken: 't1',
      refreshToken: 'r',
      expirationDate: Date.now() + 60_000,
      verified: true,
    }),
  );
}

/** The query of a request, decoded (`filter[name][like]=x&page[limit]=9`). */
export const queryOf = (request: Request) => decodeURIComponent(new URL(request.url).search.slice(1));
