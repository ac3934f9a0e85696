import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { json, serve } from '../../test/server';
import { errorDocument, many, one, resource, user } from '../../test/factories';
import { storageKey } from './outbox';

const student = () => json(200, one(user({ name: 'Ayu Lestari', level: 'student' })));

/** The server's wall-clock time in the campus's zone, as `GET /time` and every date write it. */
const SERVER_NOW = '2026-12-01 09:00:00';
const serverTime = () =>
  json(
    200,
    one(resource('server-times', { time: SERVER_NOW, timestamp: 0, time_zone: 'Asia/Jakarta' }, '1')),
  );

const examResource = (patch: object = {}) =>
  resource(
    'exams',
    {
      name: 'Midterm',
      intro: 'Calculators allowed.',
      start_at: '2026-12-01 08:00:00',
      end_at: '2026-12-01 10:00:00',
      is_duration: true,
      duration: 90,
      retry: 1,
      is_back: true,
      is_shuffle: true,
      is_token: false,
      is_safe: false,
      ...patch,
    },
    '7',
  );

const attemptAttributes = {
  exam_id: 7,
  student_id: 4,
  attempt: 1,
  package: 1,
  is_finished: false,
  is_stopped: false,
  start_at: '2026-12-01 08:50:00',
  end_at: '2026-12-01 10:00:00',
  finished_at: null,
  current_index: 1,
  score: null,
  is_passed: null,
};
const attempt = (patch: object = {}) => resource('studentexams', { ...attemptAttributes, ...patch }, '70');

const takeDocument = (meta: object = {}, examPatch: object = {}) => ({
  ...one(examResource(examPatch)),
  meta: {
    attempt: null,
    retries_left: 2,
    can_start: true,
    reasons: [],
    needs_token: false,
    token_validated: false,
    is_safe: false,
    server_time: '2026-12-01T02:00:00.000Z',
    ...meta,
  },
});

const studentQuestion = (id: string, index: number, type: string, text: string, patch: object = {}) =>
  resource(
    'studentquestions',
    {
      index,
      flagged: false,
      answered: false,
      seq: null,
      answer: null,
      question: {
        question: `<p>${text}</p>`,
        questions_type: type,
        weight: 1,
        files: [],
        answers:
          type === 'multiple_choices' || type === 'multiple_answers'
            ? [
                { id: `${id}1`, index: 1, answer: 'Three' },
                { id: `${id}2`, index: 2, answer: 'Four' },
                { id: `${id}3`, index: 3, answer: 'Five' },
              ]
            : [],
      },
      ...patch,
    },
    id,
  );

const questions = (patch: Record<string, object> = {}) =>
  many([
    studentQuestion('101', 1, 'multiple_choices', 'What is 2 + 2?', patch['101']),
    studentQuestion('102', 2, 'exact', 'Give pi to two decimals.', patch['102']),
    studentQuestion('103', 3, 'multiple_answers', 'Which are odd?', patch['103']),
  ]);

/** The save endpoint as the service answers it: the highest seq per question wins. */
function answerStore() {
  const stored = new Map<string, { seq: number; answer: unknown; flagged: boolean }>();
  let down = false;
  const handler = async (request: Request) => {
    if (down) return HttpResponse.error();
    const id = new URL(request.url).pathname.split('/').pop()!;
    const body = (await request.json()) as {
      data: { attributes: { seq: number; answer: unknown; flagged: boolean } };
    };
    const { seq, answer, flagged } = body.data.attributes;
    const kept = stored.get(id);
    if (!kept || kept.seq < seq) stored.set(id, { seq, answer, flagged });
    return json(
      200,
      one(resource('studentquestions', { seq: stored.get(id)!.seq, saved_at: SERVER_NOW }, id)),
    );
  };
  return {
    stored,
    handler,
    setDown(value: boolean) {
      down = value;
    },
  };
}

/** A result as the service answers it (`studentexam-results`). */
const resultDocument = (patch: object = {}) =>
  one(
    resource(
      'studentexam-results',
      {
        exam_id: 7,
        student_id: 4,
        attempt: 1,
        is_finished: true,
        is_stopped: false,
        start_at: '2026-12-01 08:50:00',
        finished_at: '2026-12-01 09:20:00',
        score: null,
        is_passed: null,
        grading_pending: null,
        final_score: null,
        final_is_passed: null,
        show_score: false,
        show_solution: false,
        solution_at: null,
        questions: [],
        ...patch,
      },
      '70',
    ),
  );

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the exam lobby', () => {
  it('shows the rules, checks the token and names why a start is refused', async () => {
    signedIn();
    let validated = false;
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () =>
        json(
          200,
          takeDocument(
            {
              needs_token: true,
              token_validated: validated,
              can_start: validated,
              reasons: validated ? [] : [{ code: 'token_required', detail: 'Enter the exam’s token first.' }],
            },
            { is_back: false },
          ),
        ),
      'POST /api/exam/exams/token/validate': async (request) => {
        const body = (await request.json()) as { data: { attributes: { token: string } } };
        if (body.data.attributes.token !== 'K7PX2M') {
          return json(403, {
            errors: [
              {
                status: '403',
                code: 'token_wrong',
                title: 'Forbidden',
                detail: 'That token is not this exam’s: check it with your supervisor.',
              },
            ],
          });
        }
        validated = true;
        return json(200, one(resource('exam-token-grants', { valid_until: '2026-12-01 09:10:00' }, '1')));
      },
    });
    start('/exam/7/start');
    await screen.findByRole('heading', { name: 'Midterm' });
    expect(screen.getByText('90 minutes')).toBeTruthy();
    expect(screen.getByText('2 attempts left')).toBeTruthy();
    expect(screen.getByText('Forward only: you cannot go back to a question you left')).toBeTruthy();
    expect(screen.getByText('Shuffled for each student')).toBeTruthy();
    expect(screen.getByText('Calculators allowed.')).toBeTruthy();
    const startButton = screen.getByRole('button', { name: 'Start the exam' }) as HTMLButtonElement;
    expect(startButton.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Check token' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Type the token first.');
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: 'k7px2n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check token' }));
    await screen.findByText('That token is not this exam’s: check it with your supervisor.');
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: ' k7px2m ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check token' }));
    await waitFor(() => expect(screen.queryByLabelText('Token')).toBeNull());
    expect((screen.getByRole('button', { name: 'Start the exam' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    const tokens = calls.filter((call) => call.url.endsWith('/token/validate'));
    expect(await tokens[1].json()).toEqual({ data: { attributes: { exam_id: 7, token: 'K7PX2M' } } });
  });

  it('names why the student cannot start yet, in the service’s words', async () => {
    signedIn();
    serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () =>
        json(
          200,
          takeDocument({
            can_start: false,
            reasons: [{ code: 'not_open_yet', detail: 'The exam opens on 1 Dec 2026 at 10:00.' }],
          }),
        ),
    });
    start('/exam/7/start');
    await screen.findByText('You cannot start this exam now:');
    expect(screen.getByText('The exam opens on 1 Dec 2026 at 10:00.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start the exam' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the reasons from the service and shows its words when a start is refused', async () => {
    signedIn();
    serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () => json(200, takeDocument({ can_start: true, is_safe: true })),
      'GET /api/exam/exams/7/generate': () =>
        json(403, {
          errors: [
            {
              status: '403',
              code: 'safe_exam_browser_required',
              title: 'Forbidden',
              detail: 'Open this exam with its .seb file in Safe Exam Browser.',
            },
          ],
        }),
    });
    start('/exam/7/start');
    await screen.findByRole('heading', { name: 'Safe Exam Browser required' });
    fireEvent.click(screen.getByRole('button', { name: 'Start the exam' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Open this exam with its .seb file in Safe Exam Browser.',
    );
  });
});

describe('exam taking for staff', () => {
  it('leads a lecturer to the preview instead of starting an attempt', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' }))),
    });
    start('/exam/7/start');
    const link = await screen.findByRole('link', { name: 'Preview package 1' });
    expect(link.getAttribute('href')).toBe('/exam/7/preview/1');
    expect(calls.some((call) => call.url.includes('/take') || call.url.includes('/generate'))).toBe(false);
  });

  it('shows a student the not-found page for an exam they may not see', async () => {
    signedIn();
    serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () => json(404, errorDocument(404, 'Not Found')),
      'GET /api/exam/studentexams': () => json(200, many([])),
    });
    const router = start('/exam/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/error-404'));
  });
});

describe('taking an exam', () => {
  it('saves every change with its sequence number, keeps answers through an outage and hands in', async () => {
    signedIn();
    const saves = answerStore();
    let finished = false;
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () => json(200, takeDocument()),
      'GET /api/exam/exams/7/generate': () => json(200, one(attempt())),
      'GET /api/exam/studentquestions': () => json(200, questions()),
      'PATCH /api/exam/studentquestions/:id': saves.handler,
      'PATCH /api/exam/studentexams/70/indexes': () => json(204, null),
      'POST /api/exam/studentexams/70/signals': () => json(204, null),
      'POST /api/v2/exam/finish/70': () => {
        finished = true;
        return json(204, null);
      },
      'GET /api/exam/studentexams': () =>
        json(200, many(finished ? [attempt({ is_finished: true, finished_at: '2026-12-01 09:20:00' })] : [])),
      'GET /api/exam/studentexams/70/result': () =>
        json(200, resultDocument({ score: 66.67, is_passed: true, show_score: true })),
    });
    const router = start('/exam/7/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Start the exam' }));
    await screen.findByRole('heading', { name: 'Question 1 of 3' });
    expect(screen.getByText('What is 2 + 2?')).toBeTruthy();
    // an hour left on the server's clock (the computer's says 3 a.m. or whatever it likes)
    expect(screen.getByRole('timer').textContent).toMatch(/^(1:00:00|59:5\d)$/);

    fireEvent.click(screen.getByRole('radio', { name: /Four/ }));
    await waitFor(() =>
      expect(saves.stored.get('101')).toEqual({ seq: 1, answer: { answer_index: [2] }, flagged: false }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Flag for review/ }));
    await waitFor(() => expect(saves.stored.get('101')?.seq).toBe(2));
    expect(saves.stored.get('101')?.flagged).toBe(true);
    expect(screen.getByRole('button', { name: 'Question 1, answered, flagged' })).toBeTruthy();

    // the network goes: the answer is kept in the browser and the student is told
    saves.setDown(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await screen.findByRole('heading', { name: 'Question 2 of 3' });
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '3.14' } });
    act(() => void window.dispatchEvent(new Event('blur'))); // leaving the window sends what is typed
    const banner = await screen.findByText(
      /You are offline\. 1 answer is kept in this browser/,
      {},
      { timeout: 4000 },
    );
    expect(banner).toBeTruthy();
    const kept = JSON.parse(localStorage.getItem(storageKey('70'))!);
    expect(kept.entries[0]).toMatchObject({
      kind: 'answer',
      question: '102',
      seq: 1,
      answer: { value: '3.14' },
    });
    expect(within(screen.getByRole('article')).getByText('Kept offline, not sent yet')).toBeTruthy();

    // it comes back: the browser's online event resends at once
    saves.setDown(false);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() =>
      expect(saves.stored.get('102')).toEqual({ seq: 1, answer: { value: '3.14' }, flagged: false }),
    );
    await waitFor(() => expect(screen.queryByText(/You are offline/)).toBeNull());
    expect(screen.getByText('All answers saved')).toBeTruthy();

    // handing in names the unanswered question
    fireEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('1 question is not answered: 3.')).toBeTruthy();
    expect(within(dialog).getByText('1 question is flagged for review: 1.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand in my answers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/7'));
    await screen.findByText('66.67');
    expect(screen.getByText('Passed')).toBeTruthy();
    expect(localStorage.getItem(storageKey('70'))).toBeNull();
    const moves = calls.filter((call) => call.url.endsWith('/indexes'));
    expect(await moves[0].json()).toEqual({ data: { attributes: { current_index: 2 } } });
    const signals = calls.filter((call) => call.url.endsWith('/signals'));
    expect(
      await Promise.all(
        signals.map(
          async (call) =>
            ((await call.json()) as { data: { attributes: { kind: string } } }).data.attributes.kind,
        ),
      ),
    ).toEqual(expect.arrayContaining(['window_blur', 'online']));
  });

  it('resumes after a reload with the unsent answers of this browser, and sends them', async () => {
    signedIn();
    localStorage.setItem(
      storageKey('70'),
      JSON.stringify({
        seqs: { '101': 4, '103': 1 },
        entries: [
          { kind: 'answer', question: '103', seq: 1, answer: { answer_index: [1, 3] }, flagged: false },
        ],
      }),
    );
    const saves = answerStore();
    serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () =>
        json(200, takeDocument({ attempt: one(attempt({ current_index: 3 })) })),
      'GET /api/exam/exams/7/generate': () => json(200, one(attempt({ current_index: 3 }))),
      'GET /api/exam/studentquestions': () =>
        json(200, questions({ '101': { seq: 4, answered: true, answer: { answer_index: [2] } } })),
      'PATCH /api/exam/studentquestions/:id': saves.handler,
      'PATCH /api/exam/studentexams/70/indexes': () => json(204, null),
    });
    start('/exam/7/start');
    // straight back to where the student was, without the lobby
    await screen.findByRole('heading', { name: 'Question 3 of 3' });
    expect((screen.getByRole('checkbox', { name: /Three/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Five/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() =>
      expect(saves.stored.get('103')).toEqual({ seq: 1, answer: { answer_index: [1, 3] }, flagged: false }),
    );
    // the next save of question 1 is numbered above what the server keeps
    fireEvent.click(screen.getByRole('button', { name: 'Question 1, answered' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Three/ }));
    await waitFor(() => expect(saves.stored.get('101')?.seq).toBe(5));
  });

  it('offers no way back when going back is not allowed', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () => json(200, takeDocument({}, { is_back: false })),
      'GET /api/exam/exams/7/generate': () => json(200, one(attempt())),
      'GET /api/exam/studentquestions': () => json(200, questions()),
      'PATCH /api/exam/studentexams/70/indexes': () => json(204, null),
    });
    start('/exam/7/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Start the exam' }));
    await screen.findByRole('heading', { name: 'Question 1 of 3' });
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await screen.findByRole('heading', { name: 'Question 2 of 3' });
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Question 1, not answered' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/indexes'))).toHaveLength(1));
  });

  it('ends the attempt when the server says it is over', async () => {
    signedIn();
    serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () => json(200, takeDocument()),
      'GET /api/exam/exams/7/generate': () => json(200, one(attempt())),
      'GET /api/exam/studentquestions': () => json(200, questions()),
      'PATCH /api/exam/studentquestions/:id': () =>
        json(403, {
          errors: [{ status: '403', code: 'closed', title: 'Forbidden', detail: 'The exam ended at 10:00.' }],
        }),
      'GET /api/exam/studentexams': () =>
        json(200, many([attempt({ is_finished: true, finished_at: '2026-12-01 10:00:00' })])),
      'GET /api/exam/studentexams/70/result': () =>
        json(200, resultDocument({ solution_at: '2026-12-01 10:00:00' })),
    });
    const router = start('/exam/7/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Start the exam' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Four/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/7'));
    await screen.findByText('Your score is not shown yet.');
    expect(screen.getByText('Correct answers and solutions are shown from 1 Dec 2026, 10:00.')).toBeTruthy();
  });

  it('hands in by itself when the server’s time is up', async () => {
    signedIn();
    let finished = 0;
    serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () => json(200, takeDocument()),
      // the computer's clock says nothing: the deadline is the server's time
      'GET /api/exam/exams/7/generate': () => json(200, one(attempt({ end_at: SERVER_NOW }))),
      'GET /api/exam/studentquestions': () => json(200, questions()),
      'POST /api/v2/exam/finish/70': () => {
        finished += 1;
        return json(204, null);
      },
      'GET /api/exam/studentexams': () => json(200, many([])),
    });
    const router = start('/exam/7/start');
    fireEvent.click(await screen.findByRole('button', { name: 'Start the exam' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/7'));
    expect(finished).toBe(1);
    await screen.findByText('You have not finished an attempt of this exam yet.');
  });
});

describe('the result page', () => {
  it('shows the score, the answers and the solutions the server lets the student see', async () => {
    signedIn();
    serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () =>
        json(
          200,
          takeDocument(
            {
              can_start: false,
              reasons: [{ code: 'no_retries_left', detail: 'You have used your 2 attempts.' }],
            },
            { passing_grade: 60 },
          ),
        ),
      'GET /api/exam/studentexams': () =>
        json(
          200,
          many([
            attempt({ is_finished: true, finished_at: '2026-12-01 09:30:00', score: 50, is_passed: false }),
          ]),
        ),
      'GET /api/exam/studentexams/70/result': () =>
        json(
          200,
          resultDocument({
            score: 50,
            is_passed: false,
            show_score: true,
            show_solution: true,
            grading_pending: 1,
            questions: [
              {
                student_question_id: 102,
                index: 2,
                question_id: 12,
                questions_type: 'exact',
                question: '<p>Give pi.</p>',
                weight: 1,
                answer: { value: '3.15' },
                answered: true,
                score: 0,
                graded_at: null,
                solution: null,
                answers: [
                  { id: 5, index: 1, answer: null, value: null, is_correct: true, exact_answer: '3.14' },
                ],
              },
              {
                student_question_id: 101,
                index: 1,
                question_id: 11,
                questions_type: 'multiple_choices',
                question: '<p>What is 2 + 2?</p>',
                weight: 1,
                answer: { answer_index: [2] },
                answered: true,
                score: 100,
                graded_at: null,
                solution: '<p>Two and two make four.</p>',
                answers: [
                  { id: 1, index: 1, answer: 'Three', value: null, is_correct: false, exact_answer: null },
                  { id: 2, index: 2, answer: 'Four', value: null, is_correct: true, exact_answer: null },
                ],
              },
              {
                student_question_id: 103,
                index: 3,
                question_id: 13,
                questions_type: 'essay',
                question: '<p>Explain.</p>',
                weight: 1,
                answer: { text: '<p>Because it is.</p>' },
                answered: true,
                score: null,
                graded_at: null,
                solution: null,
                answers: [],
              },
            ],
          }),
        ),
    });
    start('/exam/7');
    await screen.findByRole('heading', { name: 'Result: Midterm' });
    await screen.findByText('Not passed');
    expect(screen.getByText('50')).toBeTruthy();
    const items = screen.getAllByRole('article');
    expect(within(items[0]).getByRole('heading').textContent).toBe('Question 1');
    expect(within(items[0]).getByText('Two and two make four.')).toBeTruthy();
    expect(within(items[0]).getByText('your choice')).toBeTruthy();
    expect(within(items[0]).getByText('100 / 100')).toBeTruthy();
    expect(within(items[1]).getByText('3.14')).toBeTruthy();
    expect(within(items[2]).getByText('Waiting to be graded')).toBeTruthy();
    expect(within(items[2]).getByText('Because it is.')).toBeTruthy();
    expect(screen.getByText('1 essay is waiting to be graded: the score may still change.')).toBeTruthy();
    expect(screen.getByText('(passing grade 60)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Start a new attempt/ })).toBeNull();
  });

  it('says so when the student has not finished an attempt, and leads to the lobby', async () => {
    signedIn();
    serve({
      'GET /api/login/me': student,
      'GET /api/time': serverTime,
      'GET /api/exam/exams/7/take': () => json(200, takeDocument()),
      'GET /api/exam/studentexams': () => json(200, many([])),
      'GET /api/exam/studentexams/70/result': () => json(404, errorDocument(404, 'Not Found')),
    });
    start('/exam/7');
    await screen.findByText('You have not finished an attempt of this exam yet.');
    expect(screen.getByRole('link', { name: 'Go to the exam' }).getAttribute('href')).toBe('/exam/7/start');
  });
});
