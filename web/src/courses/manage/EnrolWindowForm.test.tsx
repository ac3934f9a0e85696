import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import '../../i18n/i18n';
import { Toasts } from '../../notifications/Toasts';
import { signedIn } from '../../test/app';
import { course, many, one, resource } from '../../test/factories';
import { json, serve } from '../../test/server';
import { coursesApi } from '../coursesApi';
import { enrolmentApi } from '../enrol/enrolmentApi';
import { EnrolWindowForm } from './EnrolWindowForm';

const opened = resource(
  'enrolls',
  { course_id: 7, start_at: '2026-08-01 08:00:00', end_at: '2026-08-15 08:00:00', tokens: [] },
  '3',
);

/** The form with the toasts; resolves once the course and its current window (or none) are read. */
async function show() {
  const store = createStore();
  render(
    <Provider store={store}>
      <EnrolWindowForm courseId="7" />
      <Toasts />
    </Provider>,
  );
  await waitFor(() =>
    expect([
      enrolmentApi.endpoints.enrolWindow.select('7')(store.getState()).isSuccess,
      coursesApi.endpoints.course.select('7')(store.getState()).isSuccess,
    ]).toEqual([true, true]),
  );
}

const posts = (calls: Request[]) => calls.filter((call) => call.method === 'POST');

describe('opening enrolment', () => {
  beforeEach(() => {
    localStorage.clear();
    signedIn();
  });
  afterEach(cleanup);

  it('asks before replacing the current window, whose tokens stop working, and says when it is open', async () => {
    const calls = serve({
      'GET /api/course/courses/7': () => json(200, one(course({ name: 'Algorithms' }, '7'))),
      'GET /api/course/enrolls': () => json(200, many([opened])),
      'POST /api/course/enrolls': () => json(201, one(opened)),
    });
    await show();

    fireEvent.click(screen.getByRole('button', { name: 'Open enrolment' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Open a new enrolment window for “Algorithms”?',
    });
    expect(dialog.textContent).toContain('the current tokens stop working');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Open enrolment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open a new window' }));
    const status = screen.getByRole('status');
    await waitFor(() =>
      expect(status.textContent).toMatch(/Enrolment is open from .+ to .+; every class has a new token\./),
    );
    expect(posts(calls)).toHaveLength(1);
  });

  it('opens the first window without asking', async () => {
    const calls = serve({
      'GET /api/course/courses/7': () => json(200, one(course({ name: 'Algorithms' }, '7'))),
      'GET /api/course/enrolls': () => json(200, many([])),
      'POST /api/course/enrolls': () => json(201, one(opened)),
    });
    await show();
    fireEvent.click(screen.getByRole('button', { name: 'Open enrolment' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
