import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { many, one, resource, user, wall } from '../test/factories';
import { json, serve } from '../test/server';

const DAY = 86_400_000;

const student = () => json(200, one(user({ name: 'Ayu Lestari', username: 'student1', level: 'student' })));
const lecturer = () =>
  json(200, one(user({ name: 'Dewi Lecturer', username: 'lecturer', level: 'lecturer' }, '2')));

const RUBRIC = {
  name: 'Lab logbook',
  criteria: [
    {
      name: 'Completeness',
      description: null,
      weight: 50,
      levels: [
        { name: 'Missing', point: 40, point_min: 0, point_max: 0, description: null },
        { name: 'Complete', point: 100, point_min: 0, point_max: 0, description: null },
      ],
    },
    {
      name: 'Reflection',
      description: null,
      weight: 50,
      levels: [
        { name: 'None', point: 40, point_min: 0, point_max: 0, description: null },
        { name: 'Insightful', point: 100, point_min: 0, point_max: 0, description: null },
      ],
    },
  ],
};

const field = (key: string, label: string, type: string, extra: object = {}) => ({
  key,
  label,
  type,
  required: false,
  options: null,
  min: null,
  max: null,
  help: null,
  ...extra,
});

const form = (patch: object = {}, id = '9') =>
  resource(
    'forms',
    {
      course_id: 1,
      course_name: 'Algorithms and Programming',
      formable_type: 'activities',
      formable_id: 11,
      formable_name: 'Sorting',
      title: 'Lab logbook',
      forms_type: 'daily',
      date: '2020-01-01',
      month: null,
      start_at: wall(-DAY),
      end_at: wall(30 * DAY),
      is_file_required: false,
      assesment_method: 'rubric',
      rubric: RUBRIC,
      lists: [
        field('activities', 'What I worked on', 'long_text', { required: true }),
        field('place', 'Where', 'choice', { options: ['Lab', 'Home'] }),
      ],
      is_answered: false,
      answers_count: 0,
      can_edit: false,
      created_at: wall(-2 * DAY),
      updated_at: wall(-2 * DAY),
      ...patch,
    },
    id,
  );

const entry = (patch: object = {}, id = '90') =>
  resource(
    'formanswers',
    {
      form_id: 9,
      course_id: 1,
      student_id: 4,
      student_name: 'Ayu Lestari',
      student_username: 'student1',
      period: '2026-03-02',
      date: '2026-03-02',
      month: null,
      lists: [{ key: 'activities', value: 'Traced bubble sort' }],
      files: [],
      rubrics: null,
      score: null,
      feedback: null,
      is_assessed: false,
      assessed_by: null,
      assessed_at: null,
      created_at: wall(-DAY),
      updated_at: wall(-DAY),
      ...patch,
    },
    id,
  );

const attributesOf = async (request: Request) =>
  ((await request.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;

describe('logbook pages', () => {
  beforeEach(() => signedIn());
  afterEach(() => cleanup());

  it('lists a student’s logbooks with the state of today’s entry, and says when there are none', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/course/forms': () =>
        json(
          200,
          many([form(), form({ title: 'Weekly report', is_answered: true, forms_type: 'monthly' }, '10')]),
        ),
    });
    start('/forms');
    const list = await screen.findByRole('list', { name: 'Logbooks' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Lab logbookAlgorithms and Programming · Sorting · Daily · .*To write$/),
      expect.stringMatching(/^Weekly report.*Monthly.*Written$/),
    ]);
    expect(screen.queryByRole('link', { name: 'New logbook' })).toBeNull();
    cleanup();
    serve({ 'GET /api/login/me': student, 'GET /api/course/forms': () => json(200, many([])) });
    start('/forms');
    expect(await screen.findByText('There are no logbooks yet.')).toBeTruthy();
  });

  it('lets a student write today’s entry, refusing a send without the required file on the spot', async () => {
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/forms/9': () => json(200, one(form({ is_file_required: true }))),
    });
    start('/forms/9');
    await screen.findByRole('heading', { name: 'Lab logbook' });
    fireEvent.change(screen.getByLabelText(/What I worked on/), { target: { value: 'Wrote the invariant' } });
    fireEvent.change(screen.getByLabelText('Where'), { target: { value: 'Lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send entry' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A file is required with each entry.');
    expect(calls.filter((call) => call.url.endsWith('/api/course/formanswers'))).toHaveLength(0);
  });

  it('sends an entry with its fields and shows the answered state', async () => {
    const calls = serve({
      'GET /api/login/me': student,
      'GET /api/course/forms/9': () => json(200, one(form())),
      'POST /api/course/formanswers': () => json(201, one(entry())),
    });
    start('/forms/9');
    fireEvent.change(await screen.findByLabelText(/What I worked on/), {
      target: { value: 'Binary search' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send entry' }));
    expect(await screen.findByText('Entry sent.')).toBeTruthy();
    const [post] = calls.filter((call) => call.url.endsWith('/api/course/formanswers'));
    const body = await post.formData();
    expect(body.get('form_id')).toBe('9');
    expect(JSON.parse(String(body.get('lists')))).toEqual([
      { key: 'activities', value: 'Binary search' },
      { key: 'place', value: '' },
    ]);
  });

  it('gives the staff the editor: fields added and saved with the rubric kept', async () => {
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/forms/9': () => json(200, one(form({ can_edit: true, answers_count: 2 }))),
      'GET /api/course/rubrics': () => json(200, many([])),
      'PATCH /api/course/forms/9': async (request) =>
        json(200, one(form({ can_edit: true, ...(await attributesOf(request)) }))),
    });
    start('/forms/9');
    await screen.findByRole('heading', { name: 'Edit logbook' });
    expect(screen.getByText('Kept: Lab logbook')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    const labels = screen.getAllByLabelText('Question');
    fireEvent.change(labels[2], { target: { value: 'Hours spent' } });
    fireEvent.change(screen.getAllByLabelText('Answer type')[2], { target: { value: 'number' } });
    fireEvent.change(screen.getByLabelText('Maximum'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save logbook' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    const sent = await attributesOf(calls.find((call) => call.method === 'PATCH')!);
    expect(sent).toMatchObject({
      assesment_method: 'rubric',
      rubric: RUBRIC,
      type: 'daily',
      date: '2020-01-01',
    });
    expect(sent.lists).toEqual([
      { key: 'activities', label: 'What I worked on', type: 'long_text', required: true },
      { key: 'place', label: 'Where', type: 'choice', required: false, options: ['Lab', 'Home'] },
      { key: 'field_3', label: 'Hours spent', type: 'number', required: false, min: null, max: 24 },
    ]);
  });

  it('titles the new logbook page once', async () => {
    serve({ 'GET /api/login/me': lecturer, 'GET /api/course/rubrics': () => json(200, many([])) });
    start('/forms/new');
    await screen.findByLabelText('Course');
    expect(screen.getAllByRole('heading', { name: 'New logbook' })).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'New logbook' })).toBeTruthy();
  });

  it('keeps the rubric chosen in the editor’s select, and sends its copy', async () => {
    const peer = {
      name: 'Peer review',
      criteria: [{ ...RUBRIC.criteria[0], name: 'Teamwork', weight: 100 }],
    };
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/forms/9': () => json(200, one(form({ can_edit: true }))),
      'GET /api/course/rubrics': () =>
        json(200, many([resource('rubrics', { name: 'Peer review', rubric: peer, is_bundled: true }, '3')])),
      'PATCH /api/course/forms/9': async (request) =>
        json(200, one(form({ can_edit: true, ...(await attributesOf(request)) }))),
    });
    start('/forms/9');
    await screen.findByRole('heading', { name: 'Edit logbook' });
    const select = screen.getByLabelText<HTMLSelectElement>('Rubric');
    expect(select.selectedOptions[0].textContent).toBe('Kept: Lab logbook');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Peer review' })).toBeTruthy());
    fireEvent.change(select, { target: { value: '3' } });
    expect(select.value).toBe('3');
    expect(select.selectedOptions[0].textContent).toBe('Peer review');
    fireEvent.click(screen.getByRole('button', { name: 'Save logbook' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect((await attributesOf(calls.find((call) => call.method === 'PATCH')!)).rubric).toEqual(peer);
  });

  it('lets the staff assess an entry on the rubric at /gradebook/{id}', async () => {
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/forms/9': () => json(200, one(form({ can_edit: true }))),
      'GET /api/course/formanswers': () => json(200, many([entry()])),
      'PATCH /api/course/formanswers/90': () => json(200, one(entry({ score: 70, is_assessed: true }))),
    });
    start('/gradebook/9');
    await screen.findByRole('heading', { name: 'Ayu Lestari · 2026-03-02' });
    fireEvent.change(screen.getByLabelText('Completeness (50 %)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Reflection (50 %)'), { target: { value: '0' } });
    expect(screen.getByText('Score: 70')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Feedback'), { target: { value: 'Say why next time' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save assessment' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(await attributesOf(calls.find((call) => call.method === 'PATCH')!)).toEqual({
      rubrics: [
        { criterion: 0, level: 1 },
        { criterion: 1, level: 0 },
      ],
      feedback: 'Say why next time',
    });
  });

  it('shows a student their entries with the lecturer’s assessment', async () => {
    serve({
      'GET /api/login/me': student,
      'GET /api/course/forms/9': () => json(200, one(form())),
      'GET /api/course/formanswers': () =>
        json(200, many([entry({ score: 85, feedback: 'Complete', is_assessed: true })])),
    });
    start('/gradebook/9');
    await screen.findByRole('heading', { name: '2026-03-02' });
    expect(screen.getByTestId('score-90').textContent).toBe('Score: 85 · Feedback: Complete');
    expect(screen.queryByRole('button', { name: 'Save assessment' })).toBeNull();
  });
});
