import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { course, many, one, resource, user } from '../test/factories';
import { json, serve } from '../test/server';
import { STAGE_SLUGS } from './rpsApi';

const lecturer = () =>
  json(200, one(user({ name: 'Dewi Lecturer', username: 'lecturer', level: 'lecturer' }, '2')));
const approver = () =>
  json(200, one(user({ name: 'Dr. Hendra Gunawan', username: 'kaprodi', level: 'lecturer' }, '9')));
const quietLayout = {
  'GET /api/notifications/:userId': () => json(200, { ...many([]), meta: { total: 0, unread: 0 } }),
  'GET /api/message/unread': () => json(200, one(resource('chat-unread', { count: 0, rooms: [] }, '4'))),
  'GET /api/course/announcements/popups': () => json(200, many([])),
};
const callTo = (calls: Request[], method: string, path: string) =>
  calls.find((call) => call.method === method && new URL(call.url).pathname === path);
const attributesOf = async (request: Request) =>
  ((await request.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;

const content = {
  code: 'IF101',
  curriculum: '2024',
  course_name: 'Algorithms and Programming',
  period_name: '2026/2027 Odd Semester',
  notes: 'Lab in room 2',
  description_mk: 'From flowcharts to programs.',
  kebijakan_ai: 'Declared use only.',
  topics: [{ name: 'Selection', description: 'if and switch' }],
  cpl: [{ code: 'CPL-03', description: 'Designs computational solutions.' }],
  cpmk: [{ code: 'CPMK-1', description: 'Writes algorithms.', cpl: ['CPL-03'], sub_cpmk: [] }],
  references: [{ type: 'main', citation: 'Cormen et al.' }],
  evaluations: [{ name: 'Final exam', cpmk: ['CPMK-1'], weight: 100 }],
  weeks: [],
  decided_at: null,
};
/** A plan of course 3 as its authors read it. */
const plan = (patch: Record<string, unknown> = {}) =>
  resource(
    'rps',
    {
      ...content,
      course_id: 3,
      status: 'draft',
      rps_start: '2026-01-01T00:00:00Z',
      rps_end: '2099-01-01T00:00:00Z',
      editable: true,
      can_edit: true,
      can_decide: false,
      stages: STAGE_SLUGS.map((slug, index) => ({ stage: index + 1, slug, done: index < 6 })),
      review_comment: null,
      submitted_at: null,
      cloned_from_id: null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      ...patch,
    },
    '7',
  );

describe('semester plans (RPS)', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('shows an approved plan publicly without signing in, and says so when there is none', async () => {
    serve({
      'GET /api/rps-public': (request) =>
        new URL(request.url).searchParams.get('curriculum') === '2024'
          ? json(200, one(resource('rps-public', { ...content, status: 'approved' }, '7')))
          : json(404, { errors: [{ status: '404', title: 'Not Found' }] }),
    });
    start('/pages/preview-rps/IF101/2024');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'IF101 · Algorithms and Programming' }),
    ).toBeTruthy();
    expect(screen.getByText('From flowcharts to programs.')).toBeTruthy();
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      '/api/rps-public/pdf?code=IF101&curriculum=2024',
    );
    cleanup();
    start('/pages/preview-rps/IF101/2030');
    expect(
      await screen.findByText('There is no approved semester plan for this course and curriculum.'),
    ).toBeTruthy();
  });

  it('lists the stages done and not done, autosaves a stage as it is typed, and submits the plan', async () => {
    signedIn();
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': lecturer,
      'GET /api/rps/v1/rps/preview': () => json(200, one(plan())),
      'GET /api/rps/v1/rps/7': () => json(200, one(plan())),
      'PATCH /api/rps/v1/rps/7/stages/informasi-umum-mk': async (request) =>
        json(200, one(plan(await attributesOf(request)))),
      'POST /api/rps/v1/approval': () => json(200, one(plan({ status: 'submitted', editable: false }))),
    });
    start('/courses/3/rps/preview/IF101/2024');
    const stages = await screen.findByRole('region', { name: 'Stages' });
    const rows = within(stages).getAllByRole('listitem');
    expect(rows).toHaveLength(11);
    expect(within(rows[0]).getByText('Done')).toBeTruthy();
    expect(within(rows[6]).getByText('Not done')).toBeTruthy();

    fireEvent.click(within(rows[0]).getByRole('link', { name: 'Edit 1. General course information' }));
    const notes = await screen.findByLabelText('Notes');
    fireEvent.change(notes, { target: { value: 'Lab in room 3' } });
    expect(screen.getByText('Changes not saved yet')).toBeTruthy();
    fireEvent.blur(notes);
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());
    const saved = callTo(calls, 'PATCH', '/api/rps/v1/rps/7/stages/informasi-umum-mk')!;
    expect(await attributesOf(saved)).toEqual({
      notes: 'Lab in room 3',
      description_mk: 'From flowcharts to programs.',
      kebijakan_ai: 'Declared use only.',
    });

    fireEvent.click(screen.getByRole('link', { name: 'Back to the plan' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(callTo(calls, 'POST', '/api/rps/v1/approval')).toBeDefined());
    expect(await attributesOf(callTo(calls, 'POST', '/api/rps/v1/approval')!)).toEqual({ rps_id: 7 });
  });

  it('opens a closed plan read-only, saying when it can be edited', async () => {
    signedIn();
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': lecturer,
      'GET /api/rps/v1/rps/7': () => json(200, one(plan({ editable: false, can_edit: false, weeks: [] }))),
    });
    start('/courses/3/rps/stage/rps-lce?plan=7');
    expect(await screen.findByText(/Read only: the plan is edited only/)).toBeTruthy();
    expect(screen.getByText(/Fill in the main plan \(stage 7\) first/)).toBeTruthy();
    cleanup();
    start('/courses/3/rps/stage/bahan-kajian?plan=7');
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('lets the approver return a submitted plan with a comment', async () => {
    signedIn();
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': approver,
      'GET /api/rps/v1/rps/preview': () =>
        json(200, one(plan({ status: 'submitted', editable: false, can_edit: false, can_decide: true }))),
      'PATCH /api/rps/v1/approval/7': () =>
        json(200, one(plan({ status: 'revision', review_comment: 'Add references.' }))),
    });
    start('/courses/3/rps/preview/IF101/2024');
    const comment = await screen.findByLabelText('Comment for the lecturer');
    expect(screen.queryByRole('button', { name: 'Submit for approval' })).toBeNull();
    fireEvent.change(comment, { target: { value: 'Add references.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Return with comment' }));
    await waitFor(() => expect(callTo(calls, 'PATCH', '/api/rps/v1/approval/7')).toBeDefined());
    expect(await attributesOf(callTo(calls, 'PATCH', '/api/rps/v1/approval/7')!)).toEqual({
      decision: 'return',
      comment: 'Add references.',
    });
  });
});

describe('the learning plan', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  const coursePlan = resource(
    'courseplans',
    {
      period_id: 5,
      code: 'IF101',
      version: 2,
      name_ina: 'Algoritma dan Pemrograman',
      name_en: 'Algorithms and Programming',
      type: 'compulsory',
      credit: 3,
      credit_default: 2,
      credit_practice: 1,
      credit_exercise: 0,
      credit_other: 0,
      course_precondition: '',
      subject_matters: '',
      description_ina: '',
      description_en: '',
      evaluation_base: '',
      major_leader: '',
      lecturers: [],
      outcomes: [],
      outputs: [{ id: 1, description: 'Algorithms for simple problems' }],
      sub_outputs: [],
      indexes: [],
      references: [],
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    },
    '11',
  );
  const meeting = (index: number, topic: string) =>
    resource(
      'courseplanstages',
      {
        course_plan_id: 11,
        index,
        course_plan_output_id: 1,
        topic,
        subtopic: '',
        method_offline: '',
        method_online: '',
        credit: 3,
        learning_exp: '',
        assesment_base: '',
        assesment_method: '',
        assesment_criteria: '',
        assesment_instrument: '',
        assesment_weight: 0,
        references: [],
      },
      String(20 + index),
    );

  it("shows the course code's active plan with its meetings, and adds one in the editor", async () => {
    signedIn();
    const calls = serve({
      ...quietLayout,
      'GET /api/login/me': lecturer,
      'GET /api/course/courses/3': () =>
        json(200, one(course({ name: 'Algorithms and Programming', code: 'IF101' }, '3'))),
      'GET /api/plan/courseplans/IF101/active': () => json(200, one(coursePlan)),
      'GET /api/plan/courseplanstages': () => json(200, many([meeting(0, 'Problem solving')])),
      'POST /api/plan/courseplanstages': () => json(201, one(meeting(1, 'Selection'))),
    });
    start('/courses/3/learning-plan/edit');
    const table = await screen.findByRole('table', { name: 'Meetings' });
    expect(within(table).getByText('Problem solving')).toBeTruthy();
    expect(within(table).getByText('Algorithms for simple problems')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'Selection' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add meeting' }));
    await waitFor(() => expect(callTo(calls, 'POST', '/api/plan/courseplanstages')).toBeDefined());
    expect(await attributesOf(callTo(calls, 'POST', '/api/plan/courseplanstages')!)).toEqual({
      course_plan_id: 11,
      topic: 'Selection',
      course_plan_output_id: null,
    });
  });
});
