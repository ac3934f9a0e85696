import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { course, errorDocument, many, one, resource, user } from '../test/factories';
import { json, serve } from '../test/server';

const student = () => json(200, one(user({ name: 'Ayu Lestari', level: 'student' }, '41')));
const courseDocument = (published: boolean) => () =>
  json(200, one(course({ name: 'Algorithms', status: 'STUDENT', gradebook_publish: published }, '3')));
const columns = [
  {
    key: 'exams:12',
    gradeable_type: 'exams',
    gradeable_id: 12,
    title: 'Quiz 1',
    percentage: 60,
    grade_id: 7,
  },
  {
    key: 'forms:4',
    gradeable_type: 'forms',
    gradeable_id: 4,
    title: 'Logbook',
    percentage: 0,
    grade_id: null,
  },
  {
    key: 'courseactivities:9',
    gradeable_type: 'courseactivities',
    gradeable_id: 9,
    title: 'Oral test',
    percentage: 40,
    grade_id: 9,
  },
];
const ownRow = () =>
  json(200, {
    ...many([
      resource(
        'gradebook-rows',
        {
          student_id: 41,
          name: 'Ayu Lestari',
          username: 'ayu',
          nim: '2301001',
          class_id: 21,
          class_name: 'IF101-A',
          scores: { 'exams:12': 85.5, 'forms:4': 70, 'courseactivities:9': null },
          final_score: 51.3,
          index: 'D',
        },
        '41',
      ),
    ]),
    meta: {
      columns,
      bands: [],
      published: true,
      weights_total: 100,
      class_id: null,
      course_id: 3,
      total: 1,
    },
  });

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('a student’s own grades on the course page', () => {
  it('says the grades are not published yet, without asking the service for them', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/courses/3': courseDocument(false),
    });
    start('/courses/3');
    const grades = await screen.findByRole('region', { name: 'Your grades' });
    expect(
      within(grades).getByText('Your lecturer has not published the grades of this course yet.'),
    ).toBeTruthy();
    expect(within(grades).queryByRole('table')).toBeNull();
    expect(calls.some((call) => new URL(call.url).pathname === '/api/gradebook')).toBe(false);
  });

  it('says the same when the gradebook was hidden since the course was read (the service answers 404)', async () => {
    signedIn();
    serve({
      'GET /api/login/me': student,
      'GET /api/course/courses/3': courseDocument(true),
      'GET /api/gradebook': () =>
        json(404, errorDocument(404, 'Not Found', { detail: 'The gradebook is not published' })),
    });
    start('/courses/3');
    const grades = await screen.findByRole('region', { name: 'Your grades' });
    expect(
      await within(grades).findByText('Your lecturer has not published the grades of this course yet.'),
    ).toBeTruthy();
    expect(within(grades).queryByRole('table')).toBeNull();
  });

  it('shows their row once published: each weighted item with its score, the final score and band', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/courses/3': courseDocument(true),
      'GET /api/gradebook': ownRow,
    });
    start('/courses/3');
    const grades = await screen.findByRole('region', { name: 'Your grades' });
    expect((await within(grades).findByTestId('my-final-score')).textContent).toBe('51.30');
    expect(within(grades).getByTestId('my-band').textContent).toBe('D');
    const rows = within(within(grades).getByRole('table')).getAllByRole('row');
    // the unweighted logbook is not listed; a missing score reads as a dash
    expect(rows.map((item) => item.textContent)).toEqual([
      'Graded itemWeightScore',
      'Quiz 160 %85.50',
      'Oral test40 %—',
    ]);
    const asked = calls.find((call) => new URL(call.url).pathname === '/api/gradebook')!;
    expect(new URL(asked.url).search).toBe('?course_id=3');
    // never the lecturer's grid
    expect(screen.queryByRole('table', { name: 'Grades' })).toBeNull();
  });
});
