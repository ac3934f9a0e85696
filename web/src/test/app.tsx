/** Helpers of the app tests: the app started on a path in a memory router, and a stored session. */
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { routes } from '../app/routes';
import { createStore } from '../app/store';

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
