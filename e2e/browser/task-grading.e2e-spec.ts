import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}
type Body = { data: Resource | Resource[] | null; meta?: Record<string, unknown> };

/**
 * Issue 14's grading story in a browser on the real services, the lecturer's side with the
 * student's answers to it: the lecturer finds student1's PDF in the submissions table, annotates
 * it and asks for a change; student1 reads the note and sends again; the lecturer scores with the
 * rubric, and student1 sees the score only once the task shows scores (the service withholds it
 * before). Then the table's filters (class, state, late), a score for several answers at once and
 * a comment with a file; then a group task whose members rated each other, their member scores as
 * docs/task-scoring.md computes them. Axe clean, 1366 and 390 px.
 */
describe('a lecturer grades assignments', () => {
  let web: BrowserPlatform;
  const tokens: Record<string, string> = {};
  let courseId: string;
  let moduleId: string;

  async function call(user: string, path: string, init: RequestInit = {}): Promise<Body | null> {
    const response = await fetch(`${web.base}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${tokens[user]}`, ...(init.headers ?? {}) },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Body) : null;
  }
  const send = (user: string, method: string, path: string, attributes: Record<string, unknown>) =>
    call(user, path, {
      method,
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { attributes } }),
    });
  const one = (body: Body | null) => body!.data as Resource;
  const many = (body: Body | null) => body!.data as Resource[];
  const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

  async function createTask(attributes: Record<string, unknown>): Promise<string> {
    return one(
      await send('lecturer', 'POST', 'course/tasks', {
        course_id: Number(courseId),
        taskable_type: 'module',
        taskable_id: Number(moduleId),
        description: '<p>Explain recursion with an example.</p>',
        start_at: fromNow(-3_600_000),
        end_at: fromNow(48 * 3_600_000),
        is_active: true,
        is_lateable: false,
        assesment_method: 'score',
        show_score: true,
        passing_grade: 60,
        all_class: true,
        tasks_type: 'PERSONAL',
        ...attributes,
      }),
    ).id;
  }

  /** A real one-page PDF, as a student hands in. */
  async function pdfBytes(title: string): Promise<Uint8Array> {
    const document = await PDFDocument.create();
    const page = document.addPage([595, 842]);
    const font = await document.embedFont(StandardFonts.Helvetica);
    page.drawText(title, { x: 60, y: 760, size: 16, font });
    return document.save();
  }

  /** The student's answer, sent (with a PDF when `file` is given), through `setAnswer`. */
  async function answer(user: string, taskId: string, text: string, file?: string): Promise<string> {
    const form = new FormData();
    form.append('task_id', taskId);
    form.append('answer', `<p>${text}</p>`);
    form.append('is_sent', '1');
    if (file) form.append('file', new Blob([await pdfBytes(text)], { type: 'application/pdf' }), file);
    return one(await call(user, 'course/tasks/setAnswer', { method: 'POST', body: form })).id;
  }

  /** Settled, screenshot taken (to look at, also when what follows fails), no wider than the window, axe clean. */
  async function checked(page: Page, name: string, width: number) {
    await settled(page);
    await screenshot(page, name);
    expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(
      width,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  const grader = (page: Page) => page.locator('section:has(#grader-title)');
  const rowOf = (page: Page, name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

  beforeAll(async () => {
    web = await startBrowserPlatform();
    for (const user of ['lecturer', 'student1', 'student2', 'student3'])
      tokens[user] = await apiToken(web.base, user);
    const courses = many(await call('lecturer', 'course/courses'));
    courseId = (courses.find((item) => item.attributes.code === 'IF101') ?? courses[0]).id;
    const outline = one(await call('lecturer', `course/courses/${courseId}?include=modules`)) as Resource & {
      relationships: { modules: { data: Array<{ id: string }> } };
    };
    moduleId = outline.relationships.modules.data[0].id;
  });

  afterAll(() => web?.stop());

  it('annotates, asks for a change, scores by rubric; the student sees the score only once shown', async () => {
    const level = (name: string, point: number) => ({ name, point });
    const levels = [level('Weak', 40), level('Fair', 60), level('Good', 80), level('Excellent', 100)];
    const taskId = await createTask({
      name: 'Recursion report',
      file_required: true,
      assesment_method: 'rubric',
      show_score: false,
      rubric: {
        name: 'Report',
        criteria: [
          { name: 'Correctness', weight: 60, levels },
          { name: 'Clarity', weight: 40, levels },
        ],
      },
    });
    const answerId = await answer(
      'student1',
      taskId,
      'Recursion: a function calling itself.',
      'recursion.pdf',
    );

    // the lecturer finds the sent answer and annotates its PDF
    const { page: lecturer, errors } = await web.signedIn('lecturer');
    await lecturer.goto(`${web.base}/assignment/${taskId}/submissions`);
    // the whole class first: without it, "Putri gone" below also holds while the list still loads
    await lecturer.getByRole('rowheader', { name: /Putri Maharani/ }).waitFor();
    await lecturer.getByLabel('State').selectOption('sent');
    await lecturer.getByRole('rowheader', { name: /Putri Maharani/ }).waitFor({ state: 'detached' });
    expect(await lecturer.getByRole('rowheader').count()).toBe(1);
    await rowOf(lecturer, 'Ayu Lestari').waitFor();
    // every state again: the answer leaves "sent" with the change request
    await lecturer.getByLabel('State').selectOption('');
    await lecturer.getByRole('rowheader', { name: /Putri Maharani/ }).waitFor();
    await lecturer.getByRole('button', { name: 'Grade Ayu Lestari' }).click();
    await lecturer.getByRole('link', { name: 'Annotate “recursion.pdf”' }).click();
    await lecturer.getByRole('heading', { name: 'Annotate PDF', level: 1 }).waitFor();
    await lecturer.getByText('Drawing page 1…').waitFor({ state: 'detached' });
    await lecturer.getByRole('button', { name: 'Note', exact: true }).click();
    const page1 = (await lecturer.getByTestId('pdf-page-1').boundingBox())!;
    await lecturer.mouse.click(page1.x + page1.width * 0.5, page1.y + page1.height * 0.3);
    await lecturer.getByLabel('Note on page 1').fill('Name the base case.');
    await lecturer.getByRole('button', { name: 'Pin note' }).click();
    await lecturer.getByText('Note saved on page 1.').first().waitFor();

    // back in the grader: a change request
    await lecturer.goBack();
    await lecturer.getByLabel('What to change').fill('Add the base case and an example trace.');
    await lecturer.getByRole('button', { name: 'Ask for a change' }).click();
    await lecturer.getByText(/^Last change request/).waitFor();
    expect(one(await call('lecturer', `course/task/answers/${answerId}`)).attributes).toMatchObject({
      is_sent: false,
      comment: 'Add the base case and an example trace.',
    });

    // the student reads the request and the note, changes the answer and sends it again
    const { page: student, errors: studentErrors } = await web.signedIn('student1', { width: 390 });
    await student.goto(`${web.base}/assignment/take/${taskId}`);
    await student
      .getByTestId('change-request')
      .getByText('Add the base case and an example trace.')
      .waitFor();
    await checked(student, 'task-grading-change-request-390', 390);
    await student.getByRole('link', { name: 'The lecturer’s notes on recursion.pdf' }).click();
    await student.getByText('Drawing page 1…').waitFor({ state: 'detached' });
    await student.getByText('Name the base case.').first().waitFor();
    await checked(student, 'task-grading-student-notes-390', 390);
    await student.goBack();
    const editor = student.getByRole('textbox', { name: 'Answer' });
    await editor.click();
    await student.keyboard.press('End');
    await student.keyboard.press('Enter');
    await student.keyboard.type('Base case: n = 0 returns 1.');
    await student.getByRole('button', { name: 'Send answer' }).click();
    await student
      .getByRole('alertdialog', { name: 'Send your answer to “Recursion report”?' })
      .getByRole('button', { name: 'Send answer' })
      .click();
    await student.getByTestId('sent-note').waitFor();

    // the lecturer scores by rubric: 60 % × 80 + 40 % × 100 = 88
    await lecturer.reload();
    const rubric = lecturer.getByRole('form', { name: 'Rubric scoring of Ayu Lestari' });
    await rubric
      .getByRole('group', { name: /Correctness/ })
      .getByLabel('Good 80')
      .check();
    await rubric
      .getByRole('group', { name: /Clarity/ })
      .getByLabel('Excellent 100')
      .check();
    await rubric.getByText('Score: 88').waitFor();
    await rubric.getByRole('button', { name: 'Save score' }).click();
    await rowOf(lecturer, 'Ayu Lestari').getByRole('cell', { name: '88', exact: true }).waitFor();
    await checked(lecturer, 'task-grading-rubric-1366', 1366);
    expect(errors).toEqual([]);

    // not shown yet: the service withholds the score from the student, the screen shows none
    const withheld = one(await call('student1', `course/task/answers/${answerId}`)).attributes;
    expect(withheld).toMatchObject({ score: null, rubrics: null });
    const task = one(await call('student1', `course/tasks/${taskId}`));
    expect((task.attributes.meta as { my_answer: { score?: unknown } }).my_answer.score ?? null).toBeNull();
    await student.goto(`${web.base}/assignment/${taskId}`);
    await student.getByTestId('answer-state').waitFor();
    expect(await student.getByTestId('task-score').count()).toBe(0);

    // once the task shows scores, the student reads 88 and each level
    await send('lecturer', 'PATCH', `course/tasks/${taskId}`, { show_score: true });
    expect(one(await call('student1', `course/task/answers/${answerId}`)).attributes).toMatchObject({
      score: 88,
    });
    await student.reload();
    await student.getByTestId('task-score').getByText('88 / 100').waitFor();
    await student.getByRole('cell', { name: 'Excellent' }).waitFor();
    await checked(student, 'task-grading-scored-390', 390);
    expect(studentErrors).toEqual([]);
    await lecturer.context().close();
    await student.context().close();
  });

  it('filters by class, state and late, scores several answers at once and comments with a file', async () => {
    // student1 sends in time; the end passes; student2 sends late; student3 never starts
    const taskId = await createTask({
      name: 'Sorting worksheet',
      is_lateable: true,
      end_at: fromNow(8_000),
    });
    const inTime = await answer('student1', taskId, 'Bubble sort swaps neighbours.');
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    const late = await answer('student2', taskId, 'Insertion sort inserts into a sorted prefix.');
    expect(one(await call('lecturer', `course/task/answers/${late}`)).attributes).toMatchObject({
      is_late: true,
    });

    const { page, errors } = await web.signedIn('lecturer');
    await page.goto(`${web.base}/assignment/${taskId}/submissions`);
    await page.getByRole('rowheader', { name: /Putri Maharani/ }).waitFor();
    const listed = async () =>
      (await page.getByRole('rowheader').allInnerTexts()).map((text) =>
        text
          .split('\n')[0]
          .replace(/ student\d$/, '')
          .trim(),
      );
    await page.getByLabel('Class').selectOption({ label: 'IF101-A' });
    await page.waitForURL(/class=/);
    await rowOf(page, 'Putri Maharani').waitFor();
    expect(await page.getByRole('rowheader').count()).toBe(3);
    await page.getByLabel('State').selectOption('late');
    await page.getByRole('rowheader', { name: /Putri Maharani/ }).waitFor({ state: 'detached' });
    expect(await listed()).toEqual(['Dimas Saputra']);
    await page.getByLabel('State').selectOption('not_started');
    await rowOf(page, 'Putri Maharani').waitFor();
    expect(await page.getByRole('rowheader').count()).toBe(1);
    await page.getByLabel('State').selectOption('');
    await rowOf(page, 'Ayu Lestari').waitFor();

    // one score for every answer chosen: the two sent ones (the student with none is left out)
    await page.getByRole('checkbox', { name: 'Choose every student listed' }).check();
    const bulk = page.getByRole('form', { name: /./ }).filter({ has: page.locator('#bulk-score') });
    await bulk.getByLabel('One score for the 2 sent answers chosen').fill('75');
    await bulk.getByRole('button', { name: 'Score 2 answers' }).click();
    await rowOf(page, 'Dimas Saputra').getByRole('cell', { name: '75', exact: true }).waitFor();
    await rowOf(page, 'Ayu Lestari').getByRole('cell', { name: '75', exact: true }).waitFor();
    for (const id of [inTime, late])
      expect(one(await call('lecturer', `course/task/answers/${id}`)).attributes).toMatchObject({
        score: 75,
      });
    await checked(page, 'task-grading-submissions-1366', 1366);

    // a comment with a file on student1's answer, which student1 then reads
    await page.getByRole('button', { name: 'Grade Ayu Lestari' }).click();
    const section = grader(page);
    await section.getByLabel('Your comment').fill('See the attached model answer.');
    await section.getByLabel('Attach files').setInputFiles({
      name: 'model-answer.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await pdfBytes('A model answer')),
    });
    await section.getByRole('button', { name: 'Post comment' }).click();
    await section.getByText('See the attached model answer.').waitFor();
    await section.getByRole('button', { name: 'Download model-answer.pdf' }).waitFor();
    const comments = many(
      await call(
        'student1',
        `course/comments?filter[commentable_type]=task_answer&filter[commentable_id]=${inTime}`,
      ),
    );
    expect(comments).toHaveLength(1);
    expect(comments[0].attributes).toMatchObject({ comment: 'See the attached model answer.' });
    expect((comments[0].attributes.files as Array<{ name: string }>).map((file) => file.name)).toEqual([
      'model-answer.pdf',
    ]);
    await checked(page, 'task-grading-comment-1366', 1366);
    expect(errors).toEqual([]);
    await page.context().close();

    const { page: phone } = await web.signedIn('lecturer', { width: 390 });
    await phone.goto(`${web.base}/assignment/${taskId}/submissions?state=not_started`);
    await rowOf(phone, 'Putri Maharani').waitFor();
    await checked(phone, 'task-grading-submissions-390', 390);
    await phone.context().close();
  });

  it('shows each member the score that mixes the group score with the peer ratings', async () => {
    const taskId = await createTask({
      name: 'Team compiler project',
      tasks_type: 'GROUP',
      is_assesment_open: true,
      student_percentage: 30,
      lecturer_percentage: 70,
    });
    const students = many(await call('lecturer', `course/tasks/${taskId}/students?page[limit]=0`));
    const idOf = (username: string) =>
      Number(
        (
          students.find((row) => (row.attributes.student as { username: string }).username === username)!
            .attributes.student as { id: number }
        ).id,
      );
    await send('lecturer', 'POST', `course/task/${taskId}/groups`, {
      name: 'Group Lexer',
      student_ids: [idOf('student1'), idOf('student2')],
    });
    const answerId = await answer('student1', taskId, 'Our lexer and parser.');
    // student1 rates student2 100, 80, 80, 60, 100 (= 84); student2 rates student1 80 on each (= 80)
    const rate = (user: string, rated: string, levels: number[]) =>
      send(user, 'POST', 'course/task/answer/group/assesments', {
        task_group_answer_id: Number(answerId),
        student_id: idOf(rated),
        rubrics: levels.map((level, criterion) => ({ criterion, level })),
      });
    // the bundled peer review levels: 40, 50, 60, 80, 100
    await rate('student1', 'student2', [4, 3, 3, 2, 4]);
    await rate('student2', 'student1', [3, 3, 3, 3, 3]);

    // the lecturer scores the group's answer 84
    const { page, errors } = await web.signedIn('lecturer');
    await page.goto(`${web.base}/assignment/${taskId}/submissions`);
    await page.getByRole('button', { name: 'Grade Ayu Lestari' }).click();
    const form = page.getByRole('form', { name: /^Score of Group Lexer/ });
    await form.getByLabel('Score', { exact: true }).fill('84');
    await form.getByRole('button', { name: 'Save score' }).click();
    // member score = 70 % × 84 + 30 % × peer mean: Ayu 58.8 + 24 = 82.8, Dimas 58.8 + 25.2 = 84
    await rowOf(page, 'Ayu Lestari').getByRole('cell', { name: '82.8', exact: true }).waitFor();
    await rowOf(page, 'Dimas Saputra').getByRole('cell', { name: '84', exact: true }).waitFor();
    await checked(page, 'task-grading-group-1366', 1366);
    expect(errors).toEqual([]);
    await page.context().close();

    const mine = one(await call('student1', `course/tasks/${taskId}`));
    expect((mine.attributes.meta as { my_answer: { score: number } }).my_answer.score).toBe(82.8);
    const { page: student } = await web.signedIn('student1', { width: 390 });
    await student.goto(`${web.base}/assignment/group/${taskId}`);
    await student.getByTestId('task-score').getByText('82.8 / 100').waitFor();
    await student.getByTestId('group-score').getByText('Group score: 84 / 100').waitFor();
    await checked(student, 'task-grading-member-score-390', 390);
    await student.context().close();
  });
});
