import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}

interface GradebookDocument {
  data: Resource[];
  meta: { columns: Array<{ key: string; title: string }> };
}

/**
 * Issue 15's gradebook in a browser on the real services, from the demo's seeded gradebook of
 * IF101 (the quiz 30 %, the essay 20 %, the group project 20 %, the lab logbook 10 %, "Class
 * participation" 20 % with typed scores, the A–E bands; not published): a task of IF101 is scored
 * 80 for student1 (the score reaches the course service as an event); the lecturer adds a custom
 * activity, moves the group project's 20 % to the task (15 %) and the activity (5 %), lowers band
 * D to start at 45, types student1's and student2's activity scores in the grid, exports the
 * workbook (opened with exceljs: the header row and student1's row hold what the grid shows) and
 * publishes; student1 sees their row on the course page (before publishing: "not published
 * yet"). Axe clean, at 1366 and 390 px.
 */
describe('the gradebook', () => {
  let web: BrowserPlatform;
  let lecturer: string;
  let courseId: string;
  let taskId: string;

  const call = async (token: string, method: string, path: string, attributes?: Record<string, unknown>) => {
    const response = await fetch(`${web.base}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
      body: attributes ? JSON.stringify({ data: { attributes } }) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as { data: Resource | Resource[] | null; meta?: unknown }) : null;
  };
  const gradebook = async () =>
    (await call(lecturer, 'GET', `gradebook?course_id=${courseId}`)) as unknown as GradebookDocument;

  const signedIn = (username: string, width: number) =>
    web.signedIn(username, { width, acceptDownloads: true });

  beforeAll(async () => {
    web = await startBrowserPlatform();
    lecturer = await apiToken(web.base, 'lecturer');
    const courses = (await call(lecturer, 'GET', 'course/courses'))!.data as Resource[];
    courseId = (courses.find((item) => item.attributes.code === 'IF101') ?? courses[0]).id;
    const outline = (await call(lecturer, 'GET', `course/courses/${courseId}?include=modules`))!
      .data as Resource & {
      relationships: { modules: { data: Array<{ id: string }> } };
    };

    // a task scored 80 for student1, by the task service
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const task = (await call(lecturer, 'POST', 'course/tasks', {
      course_id: Number(courseId),
      taskable_type: 'module',
      taskable_id: Number(outline.relationships.modules.data[0].id),
      name: 'Sorting report',
      description: '<p>Compare two sorting algorithms.</p>',
      start_at: hoursFromNow(-1),
      end_at: hoursFromNow(48),
      is_active: true,
      is_lateable: false,
      assesment_method: 'score',
      show_score: true,
      passing_grade: 60,
      all_class: true,
      tasks_type: 'PERSONAL',
    }))!.data as Resource;
    taskId = task.id;
    const student1 = await apiToken(web.base, 'student1');
    const answer = (await call(student1, 'POST', 'course/tasks/setAnswer', {
      task_id: Number(taskId),
      answer: '<p>Mergesort is stable.</p>',
      is_sent: 1,
    }))!.data as Resource;
    await call(lecturer, 'PUT', 'course/task/answers/score', { answer_id: Number(answer.id), score: '80' });

    // the score reaches the gradebook as an event
    const deadline = Date.now() + 30_000;
    for (;;) {
      const book = await gradebook();
      const row = book.data.find((item) => item.attributes.username === 'student1');
      if ((row?.attributes.scores as Record<string, number | null>)?.[`tasks:${taskId}`] === 80) break;
      if (Date.now() > deadline)
        throw new Error(`the task's score did not reach the gradebook: ${JSON.stringify(book)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  afterAll(() => web?.stop());

  it('is set up and published by the lecturer and read by the student', async () => {
    const names = Object.fromEntries(
      (await gradebook()).data.map((row) => [
        row.attributes.username as string,
        row.attributes.name as string,
      ]),
    );
    const { context, page, errors } = await signedIn('lecturer', 1366);
    await page.goto(`${web.base}/courses/${courseId}/gradebook`);
    await page.getByRole('heading', { name: 'Gradebook', level: 1 }).waitFor();
    const grid = page.getByRole('table', { name: 'Grades' });
    await grid.waitFor();

    // the seeded gradebook: weights summing to 100, the custom activity with its scores
    const weights = page.getByRole('region', { name: 'Weights' });
    await weights.getByTestId('weights-total').getByText('100 %').waitFor();
    await grid.getByRole('columnheader', { name: /^Class participation.*20 %/ }).waitFor();

    // a custom activity
    const activities = page.getByRole('region', { name: 'Custom activities' });
    await activities.getByLabel('New activity').fill('Oral test');
    await activities.getByRole('button', { name: 'Add activity' }).click();
    await grid.getByRole('columnheader', { name: /^Oral test/ }).waitFor();

    // the weights: the group project's 20 % to the task (15 %) and the activity (5 %)
    await weights.getByLabel('Weight of Group project: a number-guessing game in percent').fill('0');
    await weights.getByLabel('Weight of Sorting report in percent').fill('15');
    await weights.getByLabel('Weight of Oral test in percent').fill('5');
    await weights.getByTestId('weights-total').getByText('100 %').waitFor();
    await weights.getByRole('button', { name: 'Save weights' }).click();
    await page.getByText('Gradebook weights saved.').waitFor();
    await grid.getByRole('columnheader', { name: /^Oral test.*5 %/ }).waitFor();

    // the bands: D starts at 45, E ends at 44.99
    const bands = page.getByRole('region', { name: 'Index bands' });
    const band = (letter: string) =>
      bands
        .getByTestId('band-row')
        .filter({ has: page.getByLabel('Letter').and(page.locator(`[value="${letter}"]`)) });
    await band('D').getByLabel('From').fill('45');
    await band('E').getByLabel('To').fill('44.99');
    await bands.getByRole('button', { name: 'Save bands' }).click();
    await page.getByText('Index bands saved.').waitFor();

    // activity scores typed in the grid: Tab and Enter save
    const cell = (username: string) => grid.getByLabel(`Score of ${names[username]} in Oral test`);
    await cell('student1').fill('90');
    await page.keyboard.press('Tab');
    await cell('student2').fill('70,5');
    await page.keyboard.press('Enter');
    const row = (username: string) => grid.getByRole('row', { name: new RegExp(names[username]) });
    // student1: logbook 85 × 10 % + participation 88 × 20 % + task 80 × 15 % + oral 90 × 5 %
    //   = 8.5 + 17.6 + 12 + 4.5 = 42.6 (E since D starts at 45)
    // student2: the seeded quiz 98.13 × 30 % + participation 76 × 20 % + oral 70.5 × 5 %
    //   = 29.439 + 15.2 + 3.525 = 48.164 → 48.16 (D)
    await row('student1').getByTestId('final-score').getByText('42.60').waitFor();
    await row('student2').getByTestId('final-score').getByText('48.16').waitFor();
    expect(await row('student1').getByTestId('band').textContent()).toBe('E');
    expect(await row('student2').getByTestId('band').textContent()).toBe('D');

    // the workbook holds what the grid shows
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Algorithms and Programming - gradebook.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const book = await gradebook();
    const sheet = workbook.getWorksheet('IF101-A')!;
    const titles = book.meta.columns.map((column) => column.title);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'NIM',
      'Name',
      ...titles,
      'Final score',
      'Index',
    ]);
    const mine = book.data.find((item) => item.attributes.username === 'student1')!.attributes;
    const line = [...Array(sheet.rowCount).keys()]
      .map((at) => sheet.getRow(at + 1))
      .find((candidate) => candidate.getCell(2).value === names.student1)!;
    const scores = mine.scores as Record<string, number | null>;
    expect(book.meta.columns.map((_column, at) => line.getCell(3 + at).value ?? null)).toEqual(
      book.meta.columns.map((column) => scores[column.key]),
    );
    const final = line.getCell(3 + titles.length).value as ExcelJS.CellFormulaValue;
    const letter = line.getCell(4 + titles.length).value as ExcelJS.CellFormulaValue;
    expect([final.result, letter.result]).toEqual([
      Number(await row('student1').getByTestId('final-score').textContent()),
      await row('student1').getByTestId('band').textContent(),
    ]);

    // not published yet: the student is told so
    const student = await signedIn('student1', 1366);
    await student.page.goto(`${web.base}/courses/${courseId}`);
    const grades = student.page.getByRole('region', { name: 'Your grades' });
    await grades.getByText('Your lecturer has not published the grades of this course yet.').waitFor();

    // published
    // the switch follows the service: it turns on once the course is saved
    const publish = page.getByRole('switch', { name: 'Students see their grades' });
    await publish.click();
    await page.getByText('Gradebook published: students see their grades.').waitFor();
    await page.waitForFunction(() => {
      const { document } = globalThis as unknown as {
        document: { querySelector(selector: string): { checked: boolean } | null };
      };
      return document.querySelector('input[role="switch"]')?.checked === true;
    });
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'gradebook-lecturer-1366');

    // the student's own row
    await student.page.reload();
    await grades.getByTestId('my-final-score').getByText('42.60').waitFor();
    expect(await grades.getByTestId('my-band').textContent()).toBe('E');
    await settled(student.page);
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'gradebook-student-1366');
    await student.context.close();

    // on a phone: the grid scrolls sideways in its frame, the editors stack
    const phone = await signedIn('lecturer', 390);
    await phone.page.goto(`${web.base}/courses/${courseId}/gradebook`);
    const phoneGrid = phone.page.getByRole('region', { name: 'Grades' });
    await phone.page.getByRole('table', { name: 'Grades' }).waitFor();
    await settled(phone.page);
    expect(
      await phoneGrid.evaluate(
        (element) =>
          (element as { scrollWidth: number; clientWidth: number }).scrollWidth >
          (element as { clientWidth: number }).clientWidth,
      ),
    ).toBe(true);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'gradebook-lecturer-390');
    const phoneStudent = await signedIn('student1', 390);
    await phoneStudent.page.goto(`${web.base}/courses/${courseId}`);
    await phoneStudent.page.getByTestId('my-final-score').getByText('42.60').waitFor();
    await settled(phoneStudent.page);
    expect(await seriousA11yViolations(phoneStudent.page)).toEqual([]);
    await screenshot(phoneStudent.page, 'gradebook-student-390');
    await phone.context.close();
    await phoneStudent.context.close();

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000); // a whole story with an export, in two browsers and at two widths: 40 s on a loaded machine
});
