import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import {
  course,
  errorDocument,
  many,
  one,
  related,
  resource,
  task as taskResource,
  user,
} from '../../test/factories';
import { json, queryOf, serve } from '../../test/server';

const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));
const rubric = {
  criteria: [
    {
      name: 'Content',
      weight: 60,
      levels: [
        { name: 'Good', point: 100 },
        { name: 'Fair', point: 50 },
      ],
    },
    {
      name: 'Form',
      weight: 40,
      levels: [
        { name: 'Good', point: 80 },
        { name: 'Poor', point: 25 },
      ],
    },
  ],
};
const task = (attributes: object = {}) =>
  one(taskResource({ assesment_method: 'rubric', rubric, ...attributes }));
const classA = resource('classes', { name: 'IF101-A' }, '21');
const courseDocument = () =>
  json(
    200,
    one(related(course({ name: 'Algorithms', status: 'LECTURER' }, '3'), { class: [classA] }), [classA]),
  );
const row = (id: string, name: string, answer: object | null, state: string) =>
  resource(
    'task-students',
    {
      student: { id: Number(id), name, username: name.split(' ')[0].toLowerCase(), class: 'IF101-A' },
      answer,
      group: null,
      state,
    },
    id,
  );
const students = () =>
  json(
    200,
    many([
      row(
        '41',
        'Ayu Lestari',
        { id: 90, is_sent: true, is_late: false, sent_at: '2026-11-19T10:00:00.000Z', score: null },
        'sent',
      ),
      row(
        '42',
        'Budi Santoso',
        { id: 91, is_sent: true, is_late: true, sent_at: '2026-11-21T10:00:00.000Z', score: 0 },
        'scored',
      ),
      row('43', 'Citra Dewi', null, 'not_started'),
    ]),
  );
const answer = (id: string, attributes: object = {}) =>
  one(
    resource(
      'task-answers',
      {
        task_id: 5,
        student_id: 41,
        group_id: null,
        answer: '<p>Sorting is <strong>hard</strong>.</p>',
        files: [{ key: 'k1', name: 'essay.pdf', size: 2048, mime: 'application/pdf' }],
        is_sent: true,
        sent_at: '2026-11-19T10:00:00.000Z',
        is_late: false,
        comment: null,
        score: null,
        rubrics: null,
        scored_at: null,
        created_at: '2026-11-19T09:00:00.000Z',
        updated_at: '2026-11-19T10:00:00.000Z',
        ...attributes,
      },
      id,
    ),
  );

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the submissions of a task', () => {
  it('lists the students with their state, grades one by the rubric and asks another for a change', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/tasks/5': () => json(200, task()),
      'GET /api/course/courses/3': courseDocument,
      'GET /api/course/tasks/5/students': students,
      'GET /api/course/task/answers/90': () => json(200, answer('90')),
      'PUT /api/course/task/answers/score': () => json(200, answer('90', { score: 62 })),
      'PATCH /api/course/task/answers/90': () =>
        json(200, answer('90', { is_sent: false, comment: 'Cite sources' })),
    });
    start('/assignment/5/submissions');
    const ayu = await screen.findByRole('row', { name: /Ayu Lestari/ });
    expect(within(ayu).getByText('Sent')).toBeTruthy();
    const budi = screen.getByRole('row', { name: /Budi Santoso/ });
    // 0 is a score
    expect(within(budi).getByText('Scored')).toBeTruthy();
    expect(within(budi).getByText('0')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Citra Dewi/ })).getByText('Not started')).toBeTruthy();
    const listed = calls.find((call) => call.url.includes('/students'))!;
    expect(queryOf(listed)).toBe('page[limit]=0');

    fireEvent.click(within(ayu).getByRole('button', { name: 'Grade Ayu Lestari' }));
    const grader = await screen.findByRole('region', { name: 'Ayu Lestari' });
    expect(await within(grader).findByText('hard')).toBeTruthy();
    expect(within(grader).getByText(/· 1 of 3$/)).toBeTruthy();
    // a PDF opens in the annotation screen
    expect(within(grader).getByRole('link', { name: 'Annotate “essay.pdf”' }).getAttribute('href')).toBe(
      '/assignment/annotate-pdf/90?file=k1',
    );

    const save = within(grader).getByRole('button', { name: 'Save score' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(
      within(within(grader).getByRole('group', { name: /Content/ })).getByRole('radio', { name: /Fair/ }),
    );
    fireEvent.click(
      within(within(grader).getByRole('group', { name: /Form/ })).getByRole('radio', { name: /Good/ }),
    );
    // 60 × 50 / 100 + 40 × 80 / 100
    expect(within(grader).getByText('Score: 62')).toBeTruthy();
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const scored = calls.find((call) => call.method === 'PUT')!;
    expect(await scored.json()).toEqual({
      data: {
        attributes: {
          answer_id: 90,
          rubrics: [
            { criterion: 0, level: 1 },
            { criterion: 1, level: 0 },
          ],
        },
      },
    });
    await screen.findByText('Score of Ayu Lestari saved.');

    fireEvent.change(within(grader).getByLabelText('What to change'), { target: { value: 'Cite sources' } });
    fireEvent.click(within(grader).getByRole('button', { name: 'Ask for a change' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const change = calls.find((call) => call.method === 'PATCH')!;
    expect(await change.json()).toEqual({ data: { attributes: { is_sent: 0, comment: 'Cite sources' } } });

    // next student, by the button
    fireEvent.click(within(grader).getByRole('button', { name: 'Next' }));
    await screen.findByRole('region', { name: 'Budi Santoso' });
  });

  it('scores several sent answers at once, an empty score counting as 0, and names the refused', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/tasks/5': () => json(200, task({ assesment_method: 'score', rubric: null })),
      'GET /api/course/courses/3': courseDocument,
      'GET /api/course/tasks/5/students': students,
      'PUT /api/course/task/answers/score': async (request) => {
        const body = (await request.json()) as { data: { attributes: { answer_id: number } } };
        return body.data.attributes.answer_id === 91
          ? json(
              422,
              errorDocument(422, 'Unprocessable Entity', {
                detail: 'the task is not scored yet',
                pointer: '/data/attributes/score',
              }),
            )
          : json(200, answer('90', { score: 0 }));
      },
    });
    start('/assignment/5/submissions');
    await screen.findByRole('row', { name: /Ayu Lestari/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose every student listed' }));
    // Citra has no sent answer: two answers to score
    fireEvent.click(screen.getByRole('button', { name: 'Score 2 answers' }));
    await screen.findByText('Not scored: Budi Santoso.');
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(await puts[0].json()).toEqual({ data: { attributes: { answer_id: 90, score: 0 } } });

    fireEvent.change(screen.getByLabelText(/One score for the/), { target: { value: '101' } });
    expect(screen.getByText('A score from 0 to 100 (empty counts as 0).')).toBeTruthy();
  });

  it('goes on to the next student when the one scored leaves the filtered list', async () => {
    signedIn();
    const sent = (id: string, name: string, answerId: number) =>
      row(
        id,
        name,
        { id: answerId, is_sent: true, is_late: false, sent_at: '2026-11-19T10:00:00.000Z', score: null },
        'sent',
      );
    let scored = false;
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/tasks/5': () => json(200, task({ assesment_method: 'score', rubric: null })),
      'GET /api/course/courses/3': courseDocument,
      // "Sent" lists the answers not scored yet: Ayu's leaves it once scored
      'GET /api/course/tasks/5/students': () =>
        json(200, many([...(scored ? [] : [sent('41', 'Ayu Lestari', 90)]), sent('44', 'Dedi Pratama', 92)])),
      'GET /api/course/task/answers/90': () => json(200, answer('90')),
      'GET /api/course/task/answers/92': () => json(200, answer('92', { student_id: 44 })),
      'PUT /api/course/task/answers/score': () => {
        scored = true;
        return json(200, answer('90', { score: 75 }));
      },
    });
    start('/assignment/5/submissions?state=sent&student=41');
    const grader = await screen.findByRole('region', { name: 'Ayu Lestari' });
    fireEvent.change(await within(grader).findByLabelText('Score'), { target: { value: '75' } });
    fireEvent.click(within(grader).getByRole('button', { name: 'Save score' }));
    const next = await screen.findByRole('region', { name: 'Dedi Pratama' });
    expect(within(next).getByText(/· 1 of 1$/)).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Ayu Lestari/ })).toBeNull();
  });

  it('filters by class and state through the service', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/tasks/5': () => json(200, task()),
      'GET /api/course/courses/3': courseDocument,
      'GET /api/course/tasks/5/students': students,
    });
    start('/assignment/5/submissions');
    await screen.findByRole('row', { name: /Ayu Lestari/ });
    fireEvent.change(screen.getByLabelText('Class'), { target: { value: '21' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'late' } });
    await waitFor(() =>
      expect(calls.map(queryOf)).toContain('filter[class_id][is]=21&filter[state][is]=late&page[limit]=0'),
    );
    fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'budi' } });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ayu Lestari/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Budi Santoso/ })).toBeTruthy();
  });
});
