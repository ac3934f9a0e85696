import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { errorDocument, many, one, resource, user } from '../../test/factories';
import { json, queryOf, serve } from '../../test/server';

const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));
const exam = () =>
  one(
    resource(
      'exams',
      {
        course_id: 3,
        name: 'Midterm',
        start_at: '2026-12-01 08:00:00',
        end_at: '2026-12-01 10:00:00',
        passing_grade: 60,
        package: 1,
        can_edit: true,
      },
      '7',
    ),
  );
const progress = (id: string, name: string, status: string, answered: number, extra: object = {}) =>
  resource(
    'attempt-progress',
    {
      student_exam_id: Number(id),
      student_id: Number(id) + 100,
      student_name: name,
      attempt: 1,
      answered,
      total: 5,
      current_index: answered + 1,
      last_saved_at: '2026-12-01 08:10:00',
      status,
      score: status === 'started' ? null : '80',
      signals: 0,
      ...extra,
    },
    id,
  );
const monitor = () =>
  json(200, {
    ...many([
      progress('11', 'Ayu Lestari', 'started', 3, { signals: 2 }),
      progress('12', 'Budi Santoso', 'started', 1),
      progress('13', 'Citra Dewi', 'finished', 5),
    ]),
    meta: { students: 4, not_started: 1, started: 2, finished: 1, stopped: 0 },
  });

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the live monitor of an exam', () => {
  it('shows every attempt with its progress and stops the chosen ones after asking', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, exam()),
      'GET /api/exam/exams/7/monitor': monitor,
      'PUT /api/exam/studentexams/stop': () => json(204, {}),
    });
    start('/exam/7');
    const ayu = await screen.findByRole('row', { name: /Ayu Lestari/ });
    const summary = screen.getByRole('list', { name: 'Attempts by status' });
    expect(summary.textContent).toBe('1 Not started2 In progress1 Finished0 Stopped2 signals');
    expect(within(ayu).getByText('3/5')).toBeTruthy();
    expect(within(ayu).getByText('In progress')).toBeTruthy();
    const citra = screen.getByRole('row', { name: /Citra Dewi/ });
    expect(within(citra).getByText('80')).toBeTruthy();
    // a finished attempt cannot be chosen to stop
    expect((within(citra).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);

    const stop = screen.getByRole('button', { name: /^Stop 0 attempts/ }) as HTMLButtonElement;
    expect(stop.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose the attempt of Ayu Lestari' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop 1 attempt' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop the attempt of Ayu Lestari now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop attempt' }));
    await screen.findByText('Attempt of Ayu Lestari stopped.');
    const put = calls.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toEqual({ data: { attributes: { student_exam_ids: [11] } } });
  });

  it('shows the signals of an attempt, and refuses an override that ends before it starts', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, exam()),
      'GET /api/exam/exams/7/monitor': monitor,
      'GET /api/exam/studentexams/11/signals': () =>
        json(
          200,
          many([
            resource(
              'attempt-signals',
              { student_exam_id: 11, kind: 'window_blur', at: null, received_at: '2026-12-01 08:12:01' },
              's2',
            ),
            resource(
              'attempt-signals',
              {
                student_exam_id: 11,
                kind: 'tab_hidden',
                at: '2026-12-01 08:05:00',
                received_at: '2026-12-01 08:05:01',
              },
              's1',
            ),
          ]),
        ),
      'PATCH /api/exam/studentexams/12/override': () => json(204, {}),
    });
    start('/exam/7');
    fireEvent.click(await screen.findByRole('button', { name: '2 signals of Ayu Lestari' }));
    const signals = await screen.findByRole('dialog', { name: 'Signals of Ayu Lestari' });
    await within(signals).findByText('Left the exam tab');
    const items = within(signals).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Left the exam tab'),
      expect.stringContaining('Switched to another window'),
    ]);
    fireEvent.keyDown(signals, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Times of Budi Santoso' }));
    const times = await screen.findByRole('dialog', { name: 'Times of Budi Santoso' });
    fireEvent.change(within(times).getByLabelText('Must finish by'), {
      target: { value: '2026-12-01T07:00' },
    });
    expect(within(times).getByText('The end must come after the start.')).toBeTruthy();
    fireEvent.change(within(times).getByLabelText('Must finish by'), {
      target: { value: '2026-12-01T10:30' },
    });
    fireEvent.click(within(times).getByRole('button', { name: 'Save times' }));
    await screen.findByText('Times of Budi Santoso saved.');
    const patch = calls.find((request) => request.method === 'PATCH')!;
    expect(await patch.json()).toEqual({
      data: {
        attributes: { override_start_at: '2026-12-01 08:00:00', override_end_at: '2026-12-01 10:30:00' },
      },
    });
  });

  it('says why the attempts could not be read', async () => {
    signedIn();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, exam()),
      'GET /api/exam/exams/7/monitor': () =>
        json(403, errorDocument(403, 'Forbidden', { detail: 'Only the staff of the exam watch it' })),
    });
    start('/exam/7');
    expect(await screen.findByText('Only the staff of the exam watch it')).toBeTruthy();
  });
});

describe('the essay grading queue', () => {
  const essay = (id: string, index: number, text: string) =>
    resource(
      'questions',
      { exam_id: 7, question: `<p>${text}</p>`, index, package: 1, questions_type: 'essay', weight: 10 },
      id,
    );
  const student = (id: string, name: string, text: string, score: number | null) =>
    resource(
      'question-students',
      {
        student_exam_id: Number(id) - 490,
        student_id: Number(id) - 400,
        name,
        nim: null,
        attempt: 1,
        finished_at: '2026-12-01 09:30:00',
        answer: { text: `<p>${text}</p>` },
        score,
        graded_at: score === null ? null : '2026-12-01 11:00:00',
        graded_by: score === null ? null : 4,
      },
      id,
    );
  /** The service's answers to the question, graded as the test's PATCHes say (student_question_id → score). */
  const answersOf = (grades: Map<number, number>) => (request: Request) => {
    const rows = [
      ['501', 'Ayu Lestari', 'A limit is what f approaches.'],
      ['502', 'Budi Santoso', 'Epsilon and delta.'],
      ['503', 'Citra Dewi', 'Graded already.'],
    ].map(([id, name, text]) => student(id, name, text, grades.get(Number(id)) ?? null));
    const graded = queryOf(request).includes('filter[graded][is]=true');
    return json(200, many(rows.filter((row) => (row.attributes.score !== null) === graded)));
  };
  const grader = (grades: Map<number, number>) => async (request: Request) => {
    const { data } = (await request.clone().json()) as {
      data: { attributes: { student_question_id: number; score: number } };
    };
    grades.set(data.attributes.student_question_id, data.attributes.score);
    return json(
      200,
      one(
        resource(
          'studentquestions',
          { score: data.attributes.score },
          String(data.attributes.student_question_id),
        ),
      ),
    );
  };

  it('refuses an empty score, saves 0, and goes on to the next answer by keyboard', async () => {
    signedIn();
    const grades = new Map([[503, 60]]);
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, exam()),
      'GET /api/exam/questions': () => json(200, many([essay('41', 2, 'Define a limit.')])),
      'GET /api/v2/exam/exams/7/question/41/students': answersOf(grades),
      'PATCH /api/v2/exam/gradeEssay': grader(grades),
    });
    start('/exam/7?tab=grading');
    await screen.findByRole('heading', { name: 'Answer of Ayu Lestari' });
    expect(screen.getByText('2 answers still to grade')).toBeTruthy();
    const score = screen.getByLabelText('Score, in % of the question’s points (0 to 100)');
    expect(document.activeElement).toBe(score);

    fireEvent.submit(score.closest('form')!);
    expect(screen.getByText('Give a score; 0 is a score too.')).toBeTruthy();
    expect(calls.some((request) => request.url.includes('gradeEssay'))).toBe(false);

    fireEvent.change(score, { target: { value: '101' } });
    fireEvent.submit(score.closest('form')!);
    expect(screen.getByText('The most this question gives is 100.')).toBeTruthy();

    fireEvent.change(score, { target: { value: '0' } });
    fireEvent.submit(score.closest('form')!);
    await screen.findByRole('heading', { name: 'Answer of Budi Santoso' });
    await screen.findByText('Ayu Lestari: score 0 saved.');
    const patch = calls.find((request) => request.url.includes('gradeEssay'))!;
    expect(await patch.json()).toEqual({ data: { attributes: { student_question_id: 501, score: 0 } } });
    expect(screen.getByText('1 answer still to grade')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByLabelText('Score, in % of the question’s points (0 to 100)'),
    );

    // Alt+→ skips without grading; graded answers come back when asked for
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show graded answers too' }));
    await waitFor(() =>
      expect(calls.some((request) => queryOf(request).includes('filter[graded][is]=true'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Loading the graded answers')).toBeNull());
    fireEvent.keyDown(screen.getByLabelText('Score, in % of the question’s points (0 to 100)'), {
      key: 'ArrowRight',
      altKey: true,
    });
    await screen.findByRole('heading', { name: /Answer of Ayu Lestari/ });
    expect(
      (screen.getByLabelText('Score, in % of the question’s points (0 to 100)') as HTMLInputElement).value,
    ).toBe('0');
    fireEvent.keyDown(screen.getByLabelText('Score, in % of the question’s points (0 to 100)'), {
      key: 'ArrowRight',
      altKey: true,
    });
    await screen.findByRole('heading', { name: /Answer of Citra Dewi/ });
    expect(
      (screen.getByLabelText('Score, in % of the question’s points (0 to 100)') as HTMLInputElement).value,
    ).toBe('60');
    fireEvent.keyDown(screen.getByLabelText('Score, in % of the question’s points (0 to 100)'), {
      key: 'ArrowLeft',
      altKey: true,
    });
    await screen.findByRole('heading', { name: /Answer of Ayu Lestari/ });
  });

  it('brings the answer back with the reason when the service refuses the score', async () => {
    signedIn();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, exam()),
      'GET /api/exam/questions': () => json(200, many([essay('41', 2, 'Define a limit.')])),
      'GET /api/v2/exam/exams/7/question/41/students': answersOf(new Map([[503, 60]])),
      'PATCH /api/v2/exam/gradeEssay': () =>
        json(
          422,
          errorDocument(422, 'Unprocessable Entity', {
            detail: 'the attempt of this answer was reset',
            pointer: '/data/attributes/score',
          }),
        ),
    });
    start('/exam/7?tab=grading');
    const score = await screen.findByLabelText('Score, in % of the question’s points (0 to 100)');
    fireEvent.change(score, { target: { value: '80' } });
    fireEvent.submit(score.closest('form')!);
    expect(await screen.findByText(/the attempt of this answer was reset/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Answer of Ayu Lestari' })).toBeTruthy();
    expect(screen.getByText('2 answers still to grade')).toBeTruthy();
  });

  it('says when the exam has no essay question', async () => {
    signedIn();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, exam()),
      'GET /api/exam/questions': () => json(200, many([])),
    });
    start('/exam/7?tab=grading');
    expect(await screen.findByText('This exam has no essay question.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Essay grading' }).getAttribute('aria-selected')).toBe('true'),
    );
  });
});
