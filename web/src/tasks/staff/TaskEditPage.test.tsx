import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { course, errorDocument, many, moduleOf, one, related, resource, user } from '../../test/factories';
import { json, serve } from '../../test/server';

const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));
const week1 = moduleOf({ name: 'Week 1', course_id: 3 }, '31');
const classA = resource('classes', { name: 'IF101-A' }, '21');
const classB = resource('classes', { name: 'IF101-B' }, '22');
const courseDocument = () =>
  json(
    200,
    one(
      related(course({ name: 'Algorithms', status: 'LECTURER' }, '3'), {
        modules: [week1],
        class: [classA, classB],
      }),
      [week1, classA, classB],
    ),
  );
const levels = [
  ['Strongly Disagree', 40],
  ['Disagree', 50],
  ['Neutral', 60],
  ['Agree', 80],
  ['Strongly Agree', 100],
].map(([name, point]) => ({ name, point }));
const bundled = resource(
  'rubric-templates',
  {
    name: 'Group Peer Review Evaluation',
    rubric: {
      criteria: ['Attends', 'Contributes', 'Responds', 'Delivers', 'Cooperates'].map((name) => ({
        name,
        weight: 20,
        levels,
      })),
    },
  },
  'bundled-peer-review',
);

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the task editor', () => {
  it('creates a task scored by the bundled rubric for one class, then opens it', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/courses/3': courseDocument,
      'GET /api/course/task/rubric-templates': () => json(200, many([bundled])),
      'POST /api/course/tasks': async (request) => {
        const body = (await request.json()) as { data: { attributes: Record<string, unknown> } };
        return json(201, one(resource('tasks', { ...body.data.attributes, files: [], meta: {} }, '8')));
      },
      'GET /api/course/tasks/8': () =>
        json(
          200,
          one(
            resource(
              'tasks',
              {
                name: 'Essay 1',
                course_id: 3,
                files: [],
                tasks_type: 'PERSONAL',
                assesment_method: 'rubric',
                meta: {},
              },
              '8',
            ),
          ),
        ),
    });
    const router = start('/assignment/new?course=3&taskable_type=module&taskable_id=31');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Essay 1' } });
    expect((screen.getByLabelText('Module or activity') as HTMLSelectElement).value).toBe('module:31');
    fireEvent.click(screen.getByRole('checkbox', { name: /Every class of the course/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'IF101-B' }));
    fireEvent.click(screen.getByRole('radio', { name: 'A rubric' }));

    await screen.findByRole('option', { name: 'Group Peer Review Evaluation' });
    fireEvent.change(screen.getByLabelText('Start from a template'), {
      target: { value: 'bundled-peer-review' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use template' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Replace the rubric with “Group Peer Review Evaluation”?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use template' }));
    expect(screen.getByText('Weights: 100 %')).toBeTruthy();
    expect(screen.getAllByRole('group', { name: /^Criterion \d$/ })).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Create assignment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assignment/8'));
    const created = calls.find((call) => call.method === 'POST' && call.url.endsWith('/course/tasks'))!;
    const { attributes } = ((await created.json()) as { data: { attributes: Record<string, unknown> } }).data;
    expect(attributes).toMatchObject({
      name: 'Essay 1',
      course_id: 3,
      taskable_type: 'module',
      taskable_id: 31,
      assesment_method: 'rubric',
      tasks_type: 'PERSONAL',
      all_class: false,
      class_ids: [22],
      passing_grade: 0,
    });
    const rubric = attributes.rubric as { criteria: Array<{ weight: number; levels: unknown[] }> };
    expect(rubric.criteria.map((criterion) => criterion.weight)).toEqual([20, 20, 20, 20, 20]);
    expect(rubric.criteria[0].levels).toEqual(levels);
    await screen.findByText('Assignment “Essay 1” created.');
  });

  it('shows each problem beside its field and sends nothing until they are fixed; shows the service’s refusal', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/course/courses/3': courseDocument,
      'GET /api/course/task/rubric-templates': () => json(200, many([bundled])),
      'POST /api/course/tasks': () =>
        json(
          422,
          errorDocument(422, 'Unprocessable Entity', {
            detail: 'the module is not of this course',
            pointer: '/data/attributes/taskable_id',
          }),
        ),
    });
    start('/assignment/new?course=3&taskable_type=module&taskable_id=31');
    await screen.findByLabelText('Name');
    fireEvent.click(screen.getByRole('radio', { name: 'Group assignment' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Peer assessment/ }));
    fireEvent.change(screen.getByLabelText('Group score share (%)'), { target: { value: '70' } });
    fireEvent.change(screen.getByLabelText('Peer rating share (%)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create assignment' }));
    expect(screen.getByText('Give the assignment a name.')).toBeTruthy();
    expect(screen.getByText('The two shares must add up to 100.')).toBeTruthy();
    expect(screen.getByText('Fix 2 problems first')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/course/tasks'))).toBe(false);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Project' } });
    fireEvent.change(screen.getByLabelText('Peer rating share (%)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create assignment' }));
    await screen.findByText(/the module is not of this course/);
    const sent = calls.find((call) => call.method === 'POST' && call.url.endsWith('/course/tasks'))!;
    expect(((await sent.json()) as { data: { attributes: object } }).data.attributes).toMatchObject({
      tasks_type: 'GROUP',
      lecturer_percentage: 70,
      student_percentage: 30,
    });
  });
});
