import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from '../app/store';
import { signedIn, start } from '../test/app';
import { many, one, related, resource, user } from '../test/factories';
import { json, queryOf, serve } from '../test/server';
import { DatasetPanel } from './DatasetPanel';
import type { Dataset } from './examTypes';

const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));
const examResource = () =>
  resource('exams', { course_id: 3, name: 'Midterm', package: 1, passing_grade: 60, can_edit: true }, '7');
const classes = (...names: Array<[string, string]>) =>
  json(200, many(names.map(([id, name]) => resource('classes', { course_id: 3, name }, id))));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the assistants and classes of an exam', () => {
  it('adds a lecturer found by name as assistant and removes one after asking', async () => {
    signedIn();
    let assistants = [resource('users', { name: 'Dr. Hadi Pratama', thumbnail: null }, '21')];
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': (request) =>
        json(
          200,
          queryOf(request).includes('assistants')
            ? one(related(examResource(), { assistants }), assistants)
            : one(examResource()),
        ),
      'GET /api/exam/exams/7/classes': () => classes(['1', 'IF101-A']),
      'GET /api/course/courses/3/classes': () => classes(['1', 'IF101-A']),
      'GET /api/course/lecturers': () =>
        json(
          200,
          many([
            resource(
              'lecturers',
              { user_id: 21, name: 'Dr. Hadi Pratama', thumbnail: null, nidn: null },
              '5',
            ),
            resource(
              'lecturers',
              { user_id: 22, name: 'Dr. Sari Hidayat', thumbnail: null, nidn: '0011' },
              '6',
            ),
          ]),
        ),
      'PUT /api/exam/exams/assistant': async (request) => {
        const [change] = (await request.clone().json()) as Array<{ action: string; user_ids: number[] }>;
        assistants =
          change.action === 'add'
            ? [...assistants, resource('users', { name: 'Dr. Sari Hidayat', thumbnail: null }, '22')]
            : assistants.filter((person) => !change.user_ids.includes(Number(person.id)));
        return json(200, many([examResource()]));
      },
    });
    start('/exam/7/edit?tab=people');
    const list = await screen.findByRole('list', { name: 'Exam assistants' });
    expect(within(list).getByText('Dr. Hadi Pratama')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Find a lecturer'), { target: { value: 'Dr' } });
    const found = await screen.findByRole('list', { name: 'Lecturers found' });
    // one who already assists is not offered again
    expect(within(found).queryByText('Dr. Hadi Pratama')).toBeNull();
    fireEvent.click(within(found).getByRole('button', { name: 'Add Dr. Sari Hidayat' }));
    await screen.findByText('Dr. Sari Hidayat now assists “Midterm”.');
    const add = calls.find((request) => request.method === 'PUT')!;
    expect(await add.json()).toEqual([{ action: 'add', exam_id: 7, user_ids: [22] }]);
    await within(screen.getByRole('list', { name: 'Exam assistants' })).findByText('Dr. Sari Hidayat');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Dr. Hadi Pratama' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remove Dr. Hadi Pratama from the assistants of “Midterm”?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove assistant' }));
    await screen.findByText('Dr. Hadi Pratama no longer assists “Midterm”.');
    const remove = calls.filter((request) => request.method === 'PUT')[1];
    expect(await remove.json()).toEqual([{ action: 'remove', exam_id: 7, user_ids: [21] }]);
  });

  it('chooses the classes that take the exam; every class sends none', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': () => json(200, one(examResource())),
      'GET /api/exam/exams/7/classes': () => classes(['1', 'IF101-A'], ['2', 'IF101-B']),
      'GET /api/course/courses/3/classes': () => classes(['1', 'IF101-A'], ['2', 'IF101-B']),
      'PATCH /api/exam/exams/7': () => json(200, one(examResource())),
    });
    start('/exam/7/edit?tab=people');
    const every = await screen.findByRole('radio', { name: 'Every class of the course' });
    expect((every as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Only the classes chosen below' }));
    expect(screen.getByText('Choose at least one class.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save classes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'IF101-B' }));
    fireEvent.click(save);
    await screen.findByText('1 class takes “Midterm”.');
    const patches = calls.filter((request) => request.method === 'PATCH');
    expect(await patches[0].json()).toEqual({ data: { attributes: { class_ids: [2] } } });

    fireEvent.click(screen.getByRole('radio', { name: 'Every class of the course' }));
    fireEvent.click(save);
    await screen.findByText('Every class of the course takes “Midterm”.');
    const last = calls.filter((request) => request.method === 'PATCH')[1];
    expect(await last.json()).toEqual({ data: { attributes: { class_ids: [] } } });
  });
});

describe('a dataset’s name', () => {
  it('is changed in place; an empty name is refused', async () => {
    const dataset = { id: '9', name: 'New Data Set', course_id: 3, details: [] } as unknown as Dataset;
    const calls = serve({
      'GET /api/exam/datasets/9/items': () => json(200, many([])),
      'PATCH /api/exam/datasets/9': () =>
        json(200, one(resource('datasets', { name: 'Velocities', course_id: 3 }, '9'))),
    });
    render(
      <Provider store={createStore()}>
        <DatasetPanel
          courseId="3"
          datasets={[dataset]}
          value="9"
          onChange={() => undefined}
          text=""
          formulas={[]}
        />
      </Provider>,
    );
    const name = screen.getByLabelText('Name of the dataset');
    const rename = screen.getByRole('button', { name: 'Rename' }) as HTMLButtonElement;
    expect(rename.disabled).toBe(true);
    fireEvent.change(name, { target: { value: '  ' } });
    expect(screen.getByText('The dataset needs a name.')).toBeTruthy();
    expect(rename.disabled).toBe(true);
    fireEvent.change(name, { target: { value: ' Velocities ' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await waitFor(() => expect(calls.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = calls.find((request) => request.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ data: { attributes: { name: 'Velocities' } } });
  });
});
