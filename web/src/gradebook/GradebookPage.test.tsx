import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, start } from '../test/app';
import { course, errorDocument, many, one, related, resource, user } from '../test/factories';
import { json, serve } from '../test/server';

const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));
const classA = resource('classes', { name: 'IF101-A' }, '21');
const classB = resource('classes', { name: 'IF101-B' }, '22');
const courseDocument = () =>
  json(
    200,
    one(related(course({ name: 'Algorithms', status: 'LECTURER' }, '3'), { class: [classA, classB] }), [
      classA,
      classB,
    ]),
  );

const columns = [
  {
    key: 'exams:12',
    gradeable_type: 'exams',
    gradeable_id: 12,
    title: 'Quiz 1',
    percentage: 40,
    grade_id: 7,
  },
  { key: 'tasks:5', gradeable_type: 'tasks', gradeable_id: 5, title: 'Essay 1', percentage: 30, grade_id: 8 },
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
    percentage: 20,
    grade_id: 9,
  },
];
const bands = [
  { index: 'A', min: 80, max: 100 },
  { index: 'B', min: 0, max: 79.99 },
];
const row = (
  id: string,
  name: string,
  nim: string,
  scores: Record<string, number | null>,
  final: number,
  index: string,
) =>
  resource(
    'gradebook-rows',
    {
      student_id: Number(id),
      name,
      username: name.split(' ')[0].toLowerCase(),
      nim,
      class_id: 21,
      class_name: 'IF101-A',
      scores,
      final_score: final,
      index,
    },
    id,
  );

/** The grid: Ayu's oral test score is whatever was last saved (`oral`). */
function gradebookDocument(oral: number | null) {
  // 40 % × 90 + 30 % × 80 + 20 % × oral
  const ayuFinal = Math.round((36 + 24 + 0.2 * (oral ?? 0)) * 100) / 100;
  return many(
    [
      row(
        '41',
        'Ayu Lestari',
        '2301001',
        { 'exams:12': 90, 'tasks:5': 80, 'forms:4': null, 'courseactivities:9': oral },
        ayuFinal,
        ayuFinal >= 80 ? 'A' : 'B',
      ),
      row(
        '42',
        'Budi Santoso',
        '2301002',
        { 'exams:12': 55.5, 'tasks:5': null, 'forms:4': null, 'courseactivities:9': null },
        22.2,
        'B',
      ),
    ],
    2,
  ) as ReturnType<typeof many> & { meta: object };
}
const withMeta = (document: ReturnType<typeof gradebookDocument>, meta: object = {}) => ({
  ...document,
  meta: {
    columns,
    bands,
    published: false,
    weights_total: 90,
    class_id: null,
    course_id: 3,
    total: document.data.length,
    ...meta,
  },
});
const activities = () =>
  json(200, many([resource('courseactivities', { course_id: 3, title: 'Oral test' }, '9')]));
const storedBands = () =>
  json(200, many(bands.map((band, at) => resource('index', { course_id: 3, ...band }, String(60 + at)))));

const basics = (oral: { value: number | null }) => ({
  'GET /api/login/me': lecturer,
  'GET /api/course/courses/3': courseDocument,
  'GET /api/gradebook': () => json(200, withMeta(gradebookDocument(oral.value))),
  'GET /api/course/index': storedBands,
  'GET /api/course/courseactivities': activities,
});

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the gradebook of a course (staff)', () => {
  it('shows each student’s scores under the weighted columns, with the final score and band, and filters', async () => {
    signedIn();
    const calls = serve(basics({ value: 70 }));
    start('/courses/3/gradebook');
    await screen.findByRole('heading', { name: 'Gradebook', level: 1 });
    const grid = await screen.findByRole('table', { name: 'Grades' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Student',
      'Quiz 1Exam · 40 %',
      'Essay 1Assignment · 30 %',
      'LogbookLogbook · 0 %',
      'Oral testActivity · 20 %',
      'Final score90 %',
      'Band',
    ]);
    const ayu = within(grid).getByRole('row', { name: /Ayu Lestari/ });
    expect(within(ayu).getByRole('rowheader').textContent).toBe('Ayu Lestari2301001 · IF101-A');
    const cells = within(ayu).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['90.00', '80.00', '—', '', '74.00', 'B']);
    expect((within(ayu).getByLabelText('Score of Ayu Lestari in Oral test') as HTMLInputElement).value).toBe(
      '70',
    );
    const budi = within(grid).getByRole('row', { name: /Budi Santoso/ });
    expect(within(budi).getByTestId('final-score').textContent).toBe('22.20');
    expect(screen.getByText('2 students')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Class'), { target: { value: '22' } });
    await waitFor(() =>
      expect(calls.some((call) => new URL(call.url).search === '?course_id=3&class_id=22')).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Student name'), { target: { value: 'budi' } });
    await waitFor(() =>
      expect(
        calls.some((call) => new URL(call.url).search === '?course_id=3&class_id=22&student_name=budi'),
      ).toBe(true),
    );
  });

  it('says so when the course has no students, and when none matches the search', async () => {
    signedIn();
    serve({
      ...basics({ value: null }),
      'GET /api/gradebook': ({ url }) =>
        json(
          200,
          withMeta({ data: [], meta: { total: 0 } } as never, {
            total: 0,
            class_id: new URL(url).searchParams.get('class_id'),
          }),
        ),
    });
    const router = start('/courses/3/gradebook');
    expect(await screen.findByText('No student takes this course yet.')).toBeTruthy();
    await router.navigate('/courses/3/gradebook?q=zz');
    expect(await screen.findByText('No student of this class has a name with these letters.')).toBeTruthy();
  });

  it('shows a failed load with a way to try again', async () => {
    signedIn();
    let failing = true;
    serve({
      ...basics({ value: null }),
      'GET /api/gradebook': () =>
        failing
          ? json(
              500,
              errorDocument(500, 'Internal Server Error', { detail: 'The database is not answering' }),
            )
          : json(200, withMeta(gradebookDocument(null))),
    });
    start('/courses/3/gradebook');
    expect(await screen.findByText('The database is not answering')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Grades' });
  });

  it('saves a typed activity score, moves down on Enter, and shows a refusal on its cell', async () => {
    signedIn();
    const oral = { value: null as number | null };
    const calls = serve({
      ...basics(oral),
      'PUT /api/course/courseactivities/9/scores': async (request) => {
        const body = (await request.json()) as { data: Array<{ student_id: number; score: number | null }> };
        if (body.data[0].student_id === 42) {
          return json(
            422,
            errorDocument(422, 'Unprocessable Entity', {
              detail: 'Budi Santoso no longer takes this course',
              pointer: '/data/0/student_id',
            }),
          );
        }
        oral.value = body.data[0].score;
        return json(
          200,
          many([resource('courseactivity-scores', { student_id: 41, score: oral.value }, '9:41')]),
        );
      },
    });
    start('/courses/3/gradebook');
    const ayuCell = (await screen.findByLabelText('Score of Ayu Lestari in Oral test')) as HTMLInputElement;
    const budiCell = screen.getByLabelText('Score of Budi Santoso in Oral test') as HTMLInputElement;

    // not a number: refused here, nothing sent
    ayuCell.focus();
    fireEvent.change(ayuCell, { target: { value: 'ninety' } });
    fireEvent.keyDown(ayuCell, { key: 'Enter' });
    expect(document.activeElement).toBe(budiCell);
    fireEvent.blur(ayuCell);
    expect(await screen.findByText('Type a number, such as 85 or 72.5.')).toBeTruthy();
    expect(ayuCell.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(ayuCell, { target: { value: '95,5' } });
    fireEvent.blur(ayuCell);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(await put.json()).toEqual({ data: [{ student_id: 41, score: 95.5 }] });
    const ayu = screen.getByRole('row', { name: /Ayu Lestari/ });
    expect(await within(ayu).findByText('Saved')).toBeTruthy();
    expect(ayuCell.getAttribute('aria-invalid')).toBeNull();
    // the final score is read again: 36 + 24 + 19.1
    await waitFor(() => expect(within(ayu).getByTestId('final-score').textContent).toBe('79.10'));
    expect(ayuCell.value).toBe('95.5');

    // the last row: Enter saves where it is; the service's refusal shows on the cell
    budiCell.focus();
    fireEvent.change(budiCell, { target: { value: '60' } });
    fireEvent.keyDown(budiCell, { key: 'Enter' });
    expect(await screen.findByText('Budi Santoso no longer takes this course')).toBeTruthy();
    expect(budiCell.getAttribute('aria-invalid')).toBe('true');
    expect(budiCell.value).toBe('60');
    // Escape gives the stored score back
    fireEvent.keyDown(budiCell, { key: 'Escape' });
    expect(budiCell.value).toBe('');
    expect(screen.queryByText('Budi Santoso no longer takes this course')).toBeNull();
  });

  it('saves the weights by the sync rule with the running total, and shows a refusal on its row', async () => {
    signedIn();
    let refuse = false;
    const calls = serve({
      ...basics({ value: null }),
      'DELETE /api/course/grades/:id': () => json(204, null),
      'PATCH /api/course/grades/:id': () =>
        refuse
          ? json(
              422,
              errorDocument(422, 'Unprocessable Entity', {
                detail: 'The exam was deleted',
                pointer: '/data/attributes/gradeable_id',
              }),
            )
          : json(200, one(resource('grades', { percentage: 50 }, '7'))),
      'POST /api/course/grades': () => json(201, one(resource('grades', { percentage: 10 }, '10'))),
    });
    start('/courses/3/gradebook');
    const weights = await screen.findByRole('region', { name: 'Weights' });
    expect(within(weights).getByTestId('weights-total').textContent).toBe('90 %');
    expect(within(weights).getByText(/10 % left to share out/)).toBeTruthy();
    const save = within(weights).getByRole('button', { name: 'Save weights' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(within(weights).getByLabelText('Weight of Quiz 1 in percent'), {
      target: { value: '50' },
    });
    fireEvent.change(within(weights).getByLabelText('Weight of Essay 1 in percent'), {
      target: { value: '0' },
    });
    fireEvent.change(within(weights).getByLabelText('Weight of Logbook in percent'), {
      target: { value: '30' },
    });
    expect(within(weights).getByTestId('weights-total').textContent).toBe('100 %');
    expect(within(weights).getByText(/can be published/)).toBeTruthy();
    fireEvent.click(save);
    await within(weights).findByRole('button', { name: 'Save weights' });
    await waitFor(() => expect(calls.filter((call) => call.url.includes('/course/grades')).length).toBe(3));
    const sent = calls.filter((call) => call.url.includes('/course/grades'));
    expect(sent.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual([
      'DELETE /api/course/grades/8',
      'PATCH /api/course/grades/7',
      'POST /api/course/grades',
    ]);
    expect(await sent[1].json()).toEqual({ data: { attributes: { percentage: 50 } } });
    expect(await sent[2].json()).toEqual({
      data: { attributes: { course_id: 3, gradeable_type: 'forms', gradeable_id: 4, percentage: 30 } },
    });
    expect(await screen.findByText('Gradebook weights saved.')).toBeTruthy();

    refuse = true;
    fireEvent.change(within(weights).getByLabelText('Weight of Quiz 1 in percent'), {
      target: { value: '45' },
    });
    fireEvent.click(within(weights).getByRole('button', { name: 'Save weights' }));
    const input = within(weights).getByLabelText('Weight of Quiz 1 in percent');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(within(weights).getByText('The exam was deleted')).toBeTruthy();
  });

  it('saves the index bands as a whole, checking them first and showing the service’s refusal on its row', async () => {
    signedIn();
    const calls = serve({
      ...basics({ value: null }),
      'PUT /api/course/index': () =>
        json(
          422,
          errorDocument(422, 'Unprocessable Entity', {
            detail: 'Band C starts below 0',
            pointer: '/data/2/min',
          }),
        ),
    });
    start('/courses/3/gradebook');
    const editor = await screen.findByRole('region', { name: 'Index bands' });
    await waitFor(() => expect(within(editor).getAllByTestId('band-row')).toHaveLength(2));
    const rowsOf = () => within(editor).getAllByTestId('band-row');
    expect((within(rowsOf()[0]).getByLabelText('Letter') as HTMLInputElement).value).toBe('A');

    fireEvent.click(within(editor).getByRole('button', { name: 'Add a band' }));
    const third = rowsOf()[2];
    fireEvent.change(within(third).getByLabelText('Letter'), { target: { value: 'C' } });
    fireEvent.change(within(third).getByLabelText('From'), { target: { value: '0' } });
    fireEvent.change(within(third).getByLabelText('To'), { target: { value: '49.99' } });
    // B still starts at 0: it overlaps C
    expect(within(rowsOf()[1]).getByText(/Overlaps the band below it/)).toBeTruthy();
    fireEvent.click(within(editor).getByRole('button', { name: 'Save bands' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(within(rowsOf()[1]).getByLabelText('From'), { target: { value: '50' } });
    expect(within(editor).queryByText(/Overlaps/)).toBeNull();
    fireEvent.click(within(editor).getByRole('button', { name: 'Save bands' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(await calls.find((call) => call.method === 'PUT')!.json()).toEqual({
      course_id: 3,
      data: [
        { index: 'A', min: 80, max: 100 },
        { index: 'B', min: 50, max: 79.99 },
        { index: 'C', min: 0, max: 49.99 },
      ],
    });
    expect(await within(rowsOf()[2]).findByText('Band C starts below 0')).toBeTruthy();
    expect(within(rowsOf()[2]).getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
  });

  it('adds, renames and deletes a custom activity (after asking)', async () => {
    signedIn();
    let titles: Record<string, string> = { '9': 'Oral test' };
    const list = () =>
      json(
        200,
        many(
          Object.entries(titles).map(([id, title]) =>
            resource('courseactivities', { course_id: 3, title }, id),
          ),
        ),
      );
    const calls = serve({
      ...basics({ value: null }),
      'GET /api/course/courseactivities': list,
      'POST /api/course/courseactivities': () => {
        titles = { ...titles, '10': 'Presentation' };
        return json(201, one(resource('courseactivities', { course_id: 3, title: 'Presentation' }, '10')));
      },
      'PATCH /api/course/courseactivities/9': () => {
        titles = { ...titles, '9': 'Oral exam' };
        return json(200, one(resource('courseactivities', { course_id: 3, title: 'Oral exam' }, '9')));
      },
      'DELETE /api/course/courseactivities/9': () => {
        const { 9: _gone, ...rest } = titles;
        titles = rest;
        return json(204, null);
      },
    });
    start('/courses/3/gradebook');
    const panel = await screen.findByRole('region', { name: 'Custom activities' });
    await within(panel).findByText('Oral test');

    fireEvent.click(within(panel).getByRole('button', { name: 'Add activity' }));
    expect(within(panel).getByText('Give the activity a title.')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('New activity'), { target: { value: ' Presentation ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add activity' }));
    expect(await screen.findByText('Activity “Presentation” added to the gradebook.')).toBeTruthy();
    const created = calls.find((call) => call.method === 'POST' && call.url.includes('courseactivities'))!;
    expect(await created.json()).toEqual({ data: { attributes: { course_id: 3, title: 'Presentation' } } });
    await within(panel).findByText('Presentation');

    fireEvent.click(within(panel).getByRole('button', { name: 'Rename Oral test' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Rename Oral test' }), {
      target: { value: 'Oral exam' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Activity renamed to “Oral exam”.')).toBeTruthy();

    fireEvent.click(await within(panel).findByRole('button', { name: 'Delete Oral exam' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the activity “Oral exam”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete activity' }));
    expect(await screen.findByText('Activity “Oral exam” deleted from the gradebook.')).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByText('Oral exam')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('shows why publishing was refused, and downloads the exported workbook', async () => {
    signedIn();
    const calls = serve({
      ...basics({ value: null }),
      'PATCH /api/course/courses/3': () =>
        json(
          422,
          errorDocument(422, 'Unprocessable Entity', {
            detail: 'The weights sum to 90, not 100',
            pointer: '/data/attributes/gradebook_publish',
          }),
        ),
      'GET /api/gradebook/export': () =>
        json(
          200,
          one(
            resource(
              'gradebook-exports',
              { url: 'http://localhost/files/g.xlsx?sig=1', filename: 'Algorithms - gradebook.xlsx' },
              'x1',
            ),
          ),
        ),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    start('/courses/3/gradebook');
    const toggle = (await screen.findByRole('switch', {
      name: 'Students see their grades',
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(
      screen.getByText('The weights sum to 90 %: they must sum to 100 % before publishing.'),
    ).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('The weights sum to 90, not 100')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ data: { attributes: { gradebook_publish: true } } });
    expect(toggle.checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('button', { name: 'Exporting…' })).toBeTruthy();
    const again = await screen.findByRole('link', { name: 'Download Algorithms - gradebook.xlsx again' });
    expect(again.getAttribute('href')).toBe('http://localhost/files/g.xlsx?sig=1');
    expect(click).toHaveBeenCalledTimes(1);
    expect(calls.some((call) => new URL(call.url).pathname === '/api/gradebook/export')).toBe(true);
    click.mockRestore();
  });

  it('counts attendance when switched on: a read-only Attendance column saying how it is computed, weighed like the others', async () => {
    signedIn();
    let counted = false;
    const attendance = {
      key: 'presences:3',
      gradeable_type: 'presences',
      gradeable_id: 3,
      title: 'Attendance',
      percentage: 0,
      grade_id: null,
    };
    const calls = serve({
      ...basics({ value: 70 }),
      'GET /api/course/courses/3': () =>
        json(
          200,
          one(
            related(course({ name: 'Algorithms', status: 'LECTURER', gradebook_presence: counted }, '3'), {
              class: [classA, classB],
            }),
            [classA, classB],
          ),
        ),
      'GET /api/gradebook': () => {
        const document = gradebookDocument(70);
        if (counted)
          for (const [at, rate] of [75, 25].entries())
            (document.data[at].attributes.scores as Record<string, number>)['presences:3'] = rate;
        return json(200, withMeta(document, counted ? { columns: [...columns, attendance] } : {}));
      },
      'PATCH /api/course/courses/3': () => {
        counted = true;
        return json(
          200,
          one(course({ name: 'Algorithms', status: 'LECTURER', gradebook_presence: true }, '3')),
        );
      },
    });
    start('/courses/3/gradebook');
    const toggle = (await screen.findByRole('switch', {
      name: 'Attendance counts in the grades',
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByText('Off: attendance is no column of the gradebook.')).toBeTruthy();
    const grid = await screen.findByRole('table', { name: 'Grades' });
    expect(within(grid).queryByText('Attendance')).toBeNull();

    fireEvent.click(toggle);
    expect(await screen.findByText('Attendance now counts in the gradebook.')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ data: { attributes: { gradebook_presence: true } } });
    await waitFor(() => expect(toggle.checked).toBe(true));
    const header = await within(grid).findByRole('columnheader', { name: /^Attendance/ });
    expect(within(header).getByText('Presence · 0 %')).toBeTruthy();
    // how it is computed, under its title (a disclosure: keyboard and screen readers reach it)
    fireEvent.click(within(header).getByText('How it is computed'));
    expect(
      within(header).getByText(/Only Present counts as attended; Sick, Absent, Leave, Other and no mark/),
    ).toBeTruthy();
    // read-only: the service computes it
    const ayu = within(grid).getByRole('row', { name: /Ayu Lestari/ });
    expect(
      within(ayu)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['90.00', '80.00', '—', '', '75.00', '74.00', 'B']);
    expect(screen.queryByLabelText('Score of Ayu Lestari in Attendance')).toBeNull();
    expect(screen.getByLabelText('Weight of Attendance in percent')).toBeTruthy();
  });

  it('draws the final scores by band, with its numbers as a table', async () => {
    signedIn();
    serve(basics({ value: 100 }));
    start('/courses/3/gradebook');
    const figure = await screen.findByRole('figure', { name: 'Final scores by band' });
    const table = within(figure).getByRole('table', { hidden: true });
    const rows = within(table)
      .getAllByRole('row', { hidden: true })
      .slice(1)
      .map((item) => item.textContent);
    // Ayu 80.00 → A, Budi → B; lowest band first
    expect(rows).toEqual(['B1', 'A1']);
  });
});
