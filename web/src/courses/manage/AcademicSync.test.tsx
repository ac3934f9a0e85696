import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from '../../app/store';
import { signedIn } from '../../test/app';
import { json, serve } from '../../test/server';
import '../../i18n/i18n';
import type { Course } from '../coursesApi';
import { AcademicSync, syncArgs } from './AcademicSync';

const course = {
  id: '7',
  name: 'Algorithms and Programming',
  code: 'IF101',
  period_id: 3,
  period_year: 2025,
  period_type: 'GANJIL',
} as Course;

function show(subject: Course) {
  render(
    <Provider store={createStore()}>
      <AcademicSync course={subject} />
    </Provider>,
  );
}

describe('sync with the academic system', () => {
  beforeEach(() => {
    localStorage.clear();
    signedIn();
  });
  afterEach(cleanup);

  it('syncs by the course code and period only when the course has both', () => {
    expect(syncArgs(course)).toEqual({
      courseId: '7',
      code: 'IF101',
      periodId: 3,
      year: 2025,
      type: 'GANJIL',
    });
    expect(syncArgs({ ...course, code: null } as unknown as Course)).toBeNull();
    expect(syncArgs({ ...course, period_id: null } as unknown as Course)).toBeNull();
    show({ ...course, code: null } as unknown as Course);
    expect(screen.getByRole('button', { name: 'Sync classes and students' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('names the period as every other screen does, not by its raw year and type', () => {
    show(course);
    expect(screen.getByText(/IF101 \(2025\/2026 Odd Semester\)/)).toBeTruthy();
    expect(screen.queryByText(/GANJIL/)).toBeNull();
  });

  it('sends the course code and period and shows what changed and whom it could not match', async () => {
    const calls = serve({
      'POST /api/sync/sync/syncByCourse': () =>
        json(200, {
          data: { type: 'courses', id: '7', attributes: { name: 'Algorithms and Programming' } },
          meta: {
            changed: true,
            course_created: false,
            course_updated: false,
            classes_created: 1,
            students_added: 2,
            students_removed: 1,
            students_total: 3,
            unmatched_students: [{ nim: '2301999', name: 'Budi', class_name: 'B' }],
            unmatched_lecturer: null,
          },
        }),
    });
    show(course);
    fireEvent.click(screen.getByRole('button', { name: 'Sync classes and students' }));
    // students may leave their class: it asks first, naming the course
    const dialog = screen.getByRole('alertdialog', {
      name: 'Sync the classes and students of “Algorithms and Programming” with the academic system?',
    });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sync classes and students' }));
    await screen.findByText('1 new classes, 2 students added, 1 removed; 3 students in the synced classes.');
    expect(screen.getByText('1 student of the academic system has no account here yet:')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '2301999' })).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(await sent.json()).toEqual({
      data: { attributes: { year: 2025, type: 'GANJIL', code: 'IF101', period_id: 3 } },
    });
  });

  it('shows the server’s reason when the academic system is not configured', async () => {
    serve({
      'POST /api/sync/sync/syncByCourse': () =>
        json(503, {
          errors: [{ status: '503', title: 'The academic system is not configured for this deployment' }],
        }),
    });
    show(course);
    fireEvent.click(screen.getByRole('button', { name: 'Sync classes and students' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sync classes and students' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The academic system is not configured');
  });
});
