import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { errorDocument, many, one, resource, user } from '../../test/factories';
import { json, serve } from '../../test/server';
import { readDraft, writeDraft } from './draft';

const me = () => json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' })));

const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const task = (patch: object = {}, id = '7') =>
  resource(
    'tasks',
    {
      name: 'Sorting essay',
      description: '<p>Compare quicksort and mergesort.</p>',
      start_at: iso(-DAY),
      end_at: iso(3 * DAY),
      files: [],
      is_active: true,
      file_required: false,
      is_lateable: false,
      taskable_type: 'module',
      taskable_id: 10,
      course_id: 1,
      assesment_method: 'score',
      rubric: null,
      tasks_type: 'PERSONAL',
      student_percentage: null,
      lecturer_percentage: null,
      is_assesment_open: false,
      show_score: true,
      passing_grade: 60,
      all_class: true,
      class_ids: [],
      created_at: iso(-2 * DAY),
      updated_at: iso(-2 * DAY),
      deleted_at: null,
      ...patch,
    },
    id,
  );

const answer = (patch: object = {}, id = '70') =>
  resource(
    'task-answers',
    {
      task_id: 7,
      student_id: 4,
      group_id: null,
      answer: '<p>Server draft</p>',
      files: [],
      is_sent: false,
      sent_at: null,
      is_late: false,
      comment: null,
      score: null,
      rubrics: null,
      scored_at: null,
      created_at: iso(-DAY),
      updated_at: iso(-DAY),
      ...patch,
    },
    id,
  );

const bodyOf = async (request: Request) =>
  (await request.json()) as { data: { attributes: Record<string, unknown> } };
const setAnswerCalls = (calls: Request[]) =>
  calls.filter((call) => call.method === 'POST' && call.url.endsWith('/api/course/tasks/setAnswer'));

describe('the student’s take page', () => {
  beforeEach(() => signedIn());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('saves at once a draft typed before a reload that the server does not have, then sends it after a confirmation', async () => {
    writeDraft({ taskId: '7' }, '<p>Typed before the reload</p>', Date.now());
    let saved = answer();
    const calls = serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/7': () => json(200, one(task())),
      'GET /api/course/task/answers': () => json(200, many([saved])),
      'POST /api/course/tasks/setAnswer': async (request) => {
        const { attributes } = (await bodyOf(request)).data;
        const sent = attributes.is_sent === 1;
        saved = answer({
          answer: attributes.answer,
          is_sent: sent,
          sent_at: sent ? iso(0) : null,
          updated_at: iso(0),
        });
        return json(200, one(saved));
      },
    });
    start('/assignment/take/7');
    await screen.findByRole('heading', { name: 'Sorting essay' });
    await waitFor(() => expect(setAnswerCalls(calls)).toHaveLength(1));
    expect((await bodyOf(setAnswerCalls(calls)[0])).data.attributes).toEqual({
      task_id: 7,
      answer: '<p>Typed before the reload</p>',
      is_sent: 0,
    });
    await waitFor(() => expect(screen.getByTestId('autosave-status').textContent).toMatch(/^Draft saved at/));
    expect(readDraft({ taskId: '7' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send your answer to “Sorting essay”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(setAnswerCalls(calls)).toHaveLength(2));
    expect((await bodyOf(setAnswerCalls(calls)[1])).data.attributes).toMatchObject({
      answer: '<p>Typed before the reload</p>',
      is_sent: 1,
    });
    expect((await screen.findByTestId('sent-note')).textContent).toMatch(
      /^Sent at .*can be changed again only/,
    );
    expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull();
  });

  it('refuses a send without a file when the task requires one, without asking the server', async () => {
    const calls = serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/7': () => json(200, one(task({ file_required: true }))),
      'GET /api/course/task/answers': () => json(200, many([answer()])),
    });
    start('/assignment/take/7');
    await screen.findByText('A file is required for this assignment.');
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send answer' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This assignment needs a file: add one before sending.',
    );
    expect(setAnswerCalls(calls)).toHaveLength(0);
  });

  it('shows the server’s refusal of a closed task', async () => {
    serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/7': () => json(200, one(task())),
      'GET /api/course/task/answers': () => json(200, many([answer()])),
      'POST /api/course/tasks/setAnswer': () =>
        json(403, {
          errors: [{ status: '403', code: 'closed', title: 'Forbidden', detail: 'The task has ended.' }],
        }),
    });
    start('/assignment/take/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Send answer' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send answer' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The assignment is closed: answers are no longer accepted.',
    );
  });

  it('shows the lecturer’s change request above the editor, and a sent answer read-only', async () => {
    let current = answer({ comment: 'Add the complexity of both.', sent_at: iso(-DAY) });
    serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/7': () => json(200, one(task())),
      'GET /api/course/task/answers': () => json(200, many([current])),
    });
    start('/assignment/take/7');
    expect((await screen.findByTestId('change-request')).textContent).toContain(
      'Add the complexity of both.',
    );
    expect(screen.getByRole('button', { name: 'Send answer' })).toBeTruthy();
    cleanup();

    current = answer({ is_sent: true, is_late: true, sent_at: iso(-DAY) });
    start('/assignment/take/7');
    expect((await screen.findByTestId('sent-note')).textContent).toMatch(/^Sent late/);
    expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull();
  });

  it('removes a file after a confirmation, keeping the others; a draft save leaves the files alone', async () => {
    const files = [
      { key: 'answers/a.pdf', name: 'draft.pdf', size: 2048, mime: 'application/pdf' },
      { key: 'answers/b.png', name: 'figure.png', size: 1024, mime: 'image/png' },
    ];
    const calls = serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/7': () => json(200, one(task())),
      'GET /api/course/task/answers': () => json(200, many([answer({ files })])),
      'POST /api/course/tasks/setAnswer': async (request) => {
        const { attributes } = (await bodyOf(request)).data;
        return json(
          200,
          one(
            answer({
              files: files.filter(
                (file) => attributes.files === undefined || (attributes.files as string[]).includes(file.key),
              ),
            }),
          ),
        );
      },
    });
    start('/assignment/take/7');
    // a draft never sent: no lecturer has seen it, so its PDF has no notes to open
    await screen.findByRole('button', { name: 'Remove draft.pdf' });
    expect(screen.queryByRole('link', { name: 'The lecturer’s notes on draft.pdf' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove draft.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove “draft.pdf” from your answer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(setAnswerCalls(calls)).toHaveLength(1));
    expect((await bodyOf(setAnswerCalls(calls)[0])).data.attributes).toEqual({
      task_id: 7,
      answer: '<p>Server draft</p>',
      files: ['answers/b.png'],
      is_sent: 0,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Download draft.pdf' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Download figure.png' })).toBeTruthy();
  });

  it('downloads a file by its key’s last segment, which the gateway passes (an encoded slash is refused there)', async () => {
    const files = [{ key: 'task/7/answers/0b5a-44', name: 'draft.pdf', size: 4, mime: 'application/pdf' }];
    const calls = serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/7': () => json(200, one(task())),
      'GET /api/course/task/answers': () => json(200, many([answer({ files })])),
      'GET /api/course/task/answers/70/files/:key': () =>
        new Response('%PDF', { headers: { 'content-type': 'application/pdf' } }),
    });
    start('/assignment/take/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Download draft.pdf' }));
    await waitFor(() =>
      expect(calls.map((call) => new URL(call.url).pathname)).toContain(
        '/api/course/task/answers/70/files/0b5a-44',
      ),
    );
  });

  it('opens the not-found page for a task the student may not read', async () => {
    serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/7': () => json(404, errorDocument(404, 'Not Found')),
    });
    const router = start('/assignment/take/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/error-404'));
  });
});

describe('the student’s task page', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('shows the score and the rubric levels chosen when the task shows scores', async () => {
    const rubric = {
      criteria: [
        {
          name: 'Correctness',
          description: null,
          weight: 60,
          levels: [
            { name: 'Weak', point: 40 },
            { name: 'Sound', point: 100 },
          ],
        },
        {
          name: 'Clarity',
          description: null,
          weight: 40,
          levels: [
            { name: 'Unclear', point: 50 },
            { name: 'Clear', point: 90 },
          ],
        },
      ],
    };
    serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/7': () =>
        json(200, one(task({ assesment_method: 'rubric', rubric, file_required: true }))),
      'GET /api/course/task/answers': () =>
        json(
          200,
          many([
            answer({
              is_sent: true,
              sent_at: iso(-DAY),
              score: 96,
              scored_at: iso(0),
              rubrics: [
                { criterion: 0, level: 1, point: 100 },
                { criterion: 1, level: 1, point: 90 },
              ],
            }),
          ]),
        ),
      'GET /api/course/comments': () => json(200, many([])),
    });
    start('/assignment/7');
    expect((await screen.findByTestId('task-score')).textContent).toBe('96 / 100');
    expect(screen.getByText('Passed')).toBeTruthy();
    expect(screen.getByTestId('answer-state').textContent).toBe('Scored');
    // a file was required to send it: nothing left to tell once it is sent and scored
    expect(screen.queryByText('A file is required for this assignment.')).toBeNull();
    const table = screen.getByRole('table', { name: 'Rubric levels chosen by the lecturer' });
    expect(within(table).getByRole('row', { name: /Correctness/ }).textContent).toContain('Sound');
    expect(within(table).getByRole('row', { name: /Clarity/ }).textContent).toContain('Clear');
    // in a scroll box of its own, reachable by keyboard, that a phone scrolls sideways (not the page)
    const box = screen.getByRole('region', { name: 'Rubric levels chosen by the lecturer' });
    expect(box.contains(table)).toBe(true);
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('link', { name: 'View your answer' }).getAttribute('href')).toBe(
      '/assignment/take/7',
    );
  });
});

describe('the student’s group page', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  const levels = [
    ['Strongly Disagree', 40],
    ['Disagree', 50],
    ['Neutral', 60],
    ['Agree', 80],
    ['Strongly Agree', 100],
  ].map(([name, point]) => ({ name, point, point_min: 0, point_max: 0, description: null }));
  const peerReview = resource(
    'rubric-templates',
    {
      name: 'Group Peer Review Evaluation',
      bundled: true,
      rubric: {
        criteria: ['Attendance', 'Contribution'].map((name) => ({
          name,
          description: null,
          weight: 50,
          levels,
        })),
      },
    },
    'bundled-peer-review',
  );

  it('lets a member rate another member on the peer review rubric, by radio groups', async () => {
    const calls = serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/8': () =>
        json(200, one(task({ name: 'Team project', tasks_type: 'GROUP', is_assesment_open: true }, '8'))),
      'GET /api/course/task/8/groups/me': () =>
        json(
          200,
          one(
            resource(
              'task-groups',
              {
                name: 'Group A',
                members: [
                  { id: 4, name: 'Ayu Lestari', username: 'student1' },
                  { id: 5, name: 'Budi Santoso', username: 'student2' },
                ],
              },
              '30',
            ),
          ),
        ),
      'GET /api/course/task/answers/group/30': () =>
        json(200, one(answer({ student_id: null, group_id: 30, task_id: 8 }, '80'))),
      'GET /api/course/task/rubric-templates': () => json(200, many([peerReview])),
      'GET /api/course/task/answer/group/assesments': () => json(200, many([])),
      'GET /api/course/comments': () => json(200, many([])),
      'POST /api/course/task/answer/group/assesments': async (request) =>
        json(
          201,
          one(resource('group-assessments', { ...(await bodyOf(request)).data.attributes, score: 70 })),
        ),
    });
    start('/assignment/group/8');
    expect(await screen.findByRole('heading', { name: 'Group A' })).toBeTruthy();
    expect((await screen.findByTestId('group-members')).textContent).toContain('Budi Santoso');
    const form = await screen.findByRole('form', { name: /Budi Santoso/ });
    // no form to rate oneself
    expect(screen.queryByRole('form', { name: /Ayu Lestari/ })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Rate Budi Santoso' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose a level for “Attendance”.');

    const attendance = within(form).getByRole('group', { name: /Attendance/ });
    fireEvent.click(within(attendance).getByRole('radio', { name: 'Agree (80)' }));
    const contribution = within(form).getByRole('group', { name: /Contribution/ });
    fireEvent.click(within(contribution).getByRole('radio', { name: 'Neutral (60)' }));
    expect(within(form).getByText('This rating gives 70.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Rate Budi Santoso' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.includes('/group/assesments'))).toBe(
        true,
      ),
    );
    const post = calls.find((call) => call.method === 'POST' && call.url.includes('/group/assesments'))!;
    expect((await bodyOf(post)).data.attributes).toEqual({
      task_group_answer_id: 80,
      student_id: 5,
      rubrics: [
        { criterion: 0, level: 3, point: 80 },
        { criterion: 1, level: 2, point: 60 },
      ],
    });
  });

  it('shows the member’s own score, the group’s under it, and the lecturer’s notes on the group’s PDF', async () => {
    const pdf = {
      key: 'task/1/answers/abc-report.pdf',
      name: 'report.pdf',
      size: 2048,
      mime: 'application/pdf',
    };
    serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/8': () =>
        json(
          200,
          one(
            task(
              {
                name: 'Team project',
                tasks_type: 'GROUP',
                meta: { my_answer: { id: 80, is_sent: true, is_late: false, score: 82.8 } },
              },
              '8',
            ),
          ),
        ),
      'GET /api/course/task/8/groups/me': () =>
        json(
          200,
          one(
            resource(
              'task-groups',
              { name: 'Group A', members: [{ id: 4, name: 'Ayu Lestari', username: 'student1' }] },
              '30',
            ),
          ),
        ),
      'GET /api/course/task/answers/group/30': () =>
        json(
          200,
          one(
            answer(
              {
                student_id: null,
                group_id: 30,
                task_id: 8,
                is_sent: true,
                sent_at: iso(-DAY),
                files: [pdf],
                score: 84,
                scored_at: iso(0),
              },
              '80',
            ),
          ),
        ),
      'GET /api/course/task/rubric-templates': () => json(200, many([peerReview])),
      'GET /api/course/task/answer/group/assesments': () => json(200, many([])),
      'GET /api/course/comments': () => json(200, many([])),
    });
    start('/assignment/group/8');
    expect((await screen.findByTestId('task-score')).textContent).toBe('82.8 / 100');
    expect(screen.getByTestId('group-score').textContent).toBe('Group score: 84 / 100');
    expect(
      screen.getByRole('link', { name: 'The lecturer’s notes on report.pdf' }).getAttribute('href'),
    ).toBe(`/assignment/annotate-pdf/80?file=${encodeURIComponent(pdf.key)}`);
  });

  it('says so when the lecturer put the student in no group', async () => {
    serve({
      'GET /api/login/me': me,
      'GET /api/course/tasks/8': () => json(200, one(task({ tasks_type: 'GROUP' }, '8'))),
      'GET /api/course/task/8/groups/me': () => json(404, errorDocument(404, 'Not Found')),
    });
    start('/assignment/group/8');
    expect(await screen.findByText(/You are not in a group for this assignment yet/)).toBeTruthy();
  });
});

describe('the student’s homepage', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lists the assignments still to do, the nearest end first, with where each stands', async () => {
    const calls = serve({
      'GET /api/login/me': me,
      'GET /api/course/courses': () => json(200, many([])),
      'GET /api/course/tasks': () =>
        json(
          200,
          many([
            task({ name: 'Later essay', end_at: iso(5 * DAY), meta: { my_answer: null } }, '1'),
            task(
              {
                name: 'Soon quiz',
                end_at: iso(DAY),
                meta: { my_answer: { id: 9, is_sent: false, is_late: false } },
              },
              '2',
            ),
          ]),
        ),
    });
    start('/');
    const list = await screen.findByRole('list', { name: 'Assignments to do' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Soon quiz',
      'Later essay',
    ]);
    expect(within(rows[0]).getByTestId('answer-state').textContent).toBe('Draft');
    expect(within(rows[1]).getByTestId('answer-state').textContent).toBe('Not started');
    const query = decodeURIComponent(
      new URL(calls.find((call) => call.url.includes('/course/tasks'))!.url).search,
    );
    expect(query).toContain('filter[homepage][is]=1');
    expect(query).toContain('sort=end_at');
    expect(query).toContain('page[limit]=0');
  });
});
