/** Runs before every client test file: the mocked API (see server.ts) and the browser's URL resolution. */
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './server';

// The first render of a page transforms its chunk: on a busy shared machine that exceeds the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

/** Relative URLs resolve against the page's address, as in a browser (Node's Request needs absolute ones). */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(
      typeof input === 'string' ? new URL(input, globalThis.location?.href ?? 'http://localhost') : input,
      init,
    );
  }
}
globalThis.Request = PageRequest;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());
