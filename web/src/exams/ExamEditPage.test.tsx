import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../test/app';
import { json, queryOf, serve } from '../test/server';
import { course, errorDocument, many, one, resource, user } from '../test/factories';

const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));

const examAttributes = {
  course_id: 3,
  activity_id: null,
  can_edit: true,
  use_autograder: false,
  auto_apply_scoregrader: false,
  created_at: '2026-11-20 08:00:00',
  updated_at: '2026-11-20 08:00:00',
  deleted_at: null,
  name: 'Midterm',
  exams_type: 'midterm',
  start_at: '2026-12-01 08:00:00',
  end_at: '2026-12-01 10:00:00',
  passing_grade: 60,
  package: 2,
  is_published: false,
  is_finished: false,
  is_show_solution: false,
  is_show_score: true,
  retry: 0,
  is_back: true,
  is_duration: true,
  duration: 90,
  intro: null,
  is_shuffle: false,
  final_score_type: 'highest',
  is_restricted_ip: false,
  ip_whitelists: [],
  is_safe: false,
  is_mobile: false,
  is_airplane: false,
  is_network_change: false,
  is_minimize: false,
  is_incoming_call: false,
  is_sms: false,
  is_token: false,
  is_show_solution_directly: false,
};
const exam = (patch: object = {}) => resource('exams', { ...examAttributes, ...patch }, '7');

const option = (id: string, question: string, index: number, point = 0) =>
  resource(
    'answers',
    {
      question_id: Number(question),
      index,
      point,
      answer: `Option ${index}`,
      exact_answer: null,
      tolerance: 0,
      decimal_place: 0,
      formula: null,
    },
    id,
  );
const question = (id: string, index: number, text: string) => ({
  ...resource(
    'questions',
    {
      exam_id: 7,
      question: `<p>${text}</p>`,
      index,
      package: 1,
      questions_type: 'multiple_choices',
      group: 'A',
      weight: 1,
      solution: null,
      data_set_id: null,
      tags: [],
    },
    id,
  ),
  relationships: {
    answers: {
      data: [
        { type: 'answers', id: `${id}1` },
        { type: 'answers', id: `${id}2` },
      ],
    },
  },
});
const questions = () =>
  json(
    200,
    many(
      [question('31', 1, 'First'), question('32', 2, 'Second'), question('33', 3, 'Third')],
      3,
      ['31', '32', '33'].flatMap((id) => [option(`${id}1`, id, 1, 1), option(`${id}2`, id, 2)]),
    ),
  );

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the exam editor', () => {
  it('checks the settings as they are typed and saves only what changed', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, one(exam())),
      'GET /api/exam/questions': questions,
      'PATCH /api/exam/exams/7': () =>
        json(200, one(exam({ duration: 100, is_restricted_ip: true, ip_whitelists: ['10.0.0.0/8'] }))),
    });
    start('/exam/7/edit');
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Midterm');
    const save = screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(name, { target: { value: ' ' } });
    expect(screen.getByText('The exam needs a name.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'Midterm' } });

    fireEvent.change(screen.getByLabelText('Time limit (minutes)'), { target: { value: '150' } });
    expect(screen.getByText('The time limit is longer than the exam is open.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Time limit (minutes)'), { target: { value: '100' } });

    fireEvent.click(screen.getByRole('checkbox', { name: /Only from campus networks/ }));
    const ips = screen.getByLabelText('Allowed addresses');
    fireEvent.change(ips, { target: { value: '10.0.0.0/8\nlab-7' } });
    expect(screen.getByText('Not an IP address or CIDR range: lab-7')).toBeTruthy();
    fireEvent.change(ips, { target: { value: '10.0.0.0/8' } });
    expect(screen.queryByText(/Not an IP address/)).toBeNull();

    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await screen.findByText('Settings of “Midterm” saved.');
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(await patch.json()).toEqual({
      data: { attributes: { duration: 100, is_restricted_ip: true, ip_whitelists: ['10.0.0.0/8'] } },
    });
  });

  it('reorders a package by keyboard and says what deleting a package renumbers', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, one(exam())),
      'GET /api/exam/questions': questions,
      'PATCH /api/exam/questions/33': () => json(200, one(question('33', 1, 'Third'))),
    });
    start('/exam/7/edit?tab=questions&pack=1');
    const rows = await screen.findAllByRole('listitem', { name: /^Question \d$/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('First'),
      expect.stringContaining('Second'),
      expect.stringContaining('Third'),
    ]);
    expect(queryOf(calls.find((call) => call.url.includes('exam/questions'))!)).toContain(
      'filter[exam_id][is]=7&filter[package][is]=1',
    );

    // Alt+↑ on the third question: it takes the second place at once, and the server is told
    fireEvent.keyDown(rows[2], { key: 'ArrowUp', altKey: true });
    expect(screen.getAllByRole('listitem', { name: /^Question \d$/ }).map((row) => row.textContent)).toEqual([
      expect.stringContaining('First'),
      expect.stringContaining('Third'),
      expect.stringContaining('Second'),
    ]);
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const move = calls.find((call) => call.method === 'PATCH')!;
    expect(new URL(move.url).pathname).toBe('/api/exam/questions/33');
    expect(await move.json()).toEqual({ data: { attributes: { index: 2 } } });

    fireEvent.click(screen.getByRole('button', { name: 'Delete package 1' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete package 1 and all its questions?' });
    expect(confirm.textContent).toContain('Package 2 becomes package 1.');
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Delete package 1']);
  });

  it('goes to the 404 page for an exam that does not exist', async () => {
    signedIn();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/99': () => json(404, errorDocument(404, 'Not Found')),
    });
    const router = start('/exam/99/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/error-404'));
  });
});

describe('the course exam tab', () => {
  it('lists the course’s exams, refuses a nameless one and opens a new exam in its editor', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/courses/3': () =>
        json(200, one(course({ name: 'Calculus', status: 'LECTURER' }, '3'))),
      'GET /api/exam/exams': () => json(200, many([exam({ is_published: true })])),
      'POST /api/exam/exams': () =>
        json(201, one(resource('exams', { ...examAttributes, name: 'Quiz 1' }, '8'))),
      'GET /api/exam/exams/8': () =>
        json(200, one(resource('exams', { ...examAttributes, name: 'Quiz 1' }, '8'))),
      'GET /api/exam/questions': () => json(200, many([])),
    });
    const router = start('/courses/3/edit/exam');
    const table = await screen.findByRole('table', { name: 'Exams of this course' });
    expect(within(table).getByRole('link', { name: 'Midterm' }).getAttribute('href')).toBe('/exam/7/edit');
    expect(queryOf(calls.find((call) => call.url.includes('/exam/exams?'))!)).toContain(
      'filter[course_id][is]=3',
    );

    // deleting asks first, naming the exam and labelling the button by the action
    fireEvent.click(within(table).getByRole('button', { name: 'Delete exam Midterm' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete the exam “Midterm”?' });
    expect(within(confirm).getByRole('button', { name: 'Delete exam' }).className).toContain('button-danger');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Create and edit' }));
    expect(screen.getByText('The exam needs a name.')).toBeTruthy();
    const creates = () => calls.filter((call) => call.method === 'POST' && call.url.includes('/exam/exams'));
    expect(creates()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Quiz 1' } });
    fireEvent.change(screen.getByLabelText('Kind of exam'), { target: { value: 'quiz' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create and edit' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/8/edit'));
    const [post] = creates();
    expect(await post.json()).toEqual({
      data: { attributes: { passing_grade: 0, course_id: 3, name: 'Quiz 1', type: 'quiz' } },
    });
  });
});
