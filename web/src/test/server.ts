/**
 * The API the client tests talk to: Mock Service Worker intercepts every request the app makes
 * and answers it from the handlers a test declares; anything else under `/api` answers 404 the
 * way the gateway does. Not shipped: only tests import this folder.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { errorDocument, many } from './factories';

/**
 * What every test gets unless it says otherwise: a campus without a site record, presence pings
 * accepted, and 404 for anything else under `/api`.
 */
export const server = setupServer(
  http.get('*/api/public/lptk', () => HttpResponse.json(many([]))),
  http.post('*/api/course/online', () => new HttpResponse(null, { status: 204 })),
  http.all('*/api/*', () => HttpResponse.json(errorDocument(404, 'Not Found'), { status: 404 })),
);

export type Handler = (request: Request) => Response | Promise<Response>;

/** A JSON:API answer (204 without a body). */
export const json = (status: number, body: JsonBodyType) =>
  status === 204
    ? new HttpResponse(null, { status })
    : HttpResponse.json(body, { status, headers: { 'content-type': 'application/vnd.api+json' } });

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/**
 * Answers `METHOD /path` with its handler for this test, on top of the defaults, and returns the
 * requests the app makes from now on (cloned, so their bodies can be read).
 */
export function serve(routes: Record<string, Handler>): Request[] {
  const calls: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push(request.clone());
  });
  server.use(
    ...Object.entries(routes).map(([route, handler]) => {
      const [method, path] = route.split(' ') as [keyof typeof METHODS, string];
      return METHODS[method](`*${path}`, ({ request }) => handler(request));
    }),
  );
  return calls;
}

/** The query of a request, decoded (`filter[name][like]=x&page[limit]=9`). */
export const queryOf = (request: Request) => decodeURIComponent(new URL(request.url).search.slice(1));
