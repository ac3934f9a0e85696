import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}

/**
 * Issue 14's student screens in a browser on the real services: student1 drafts an answer to a
 * lecturer's personal task, reloads (the draft is kept), uploads a PDF and sends; the lecturer asks
 * for a change through the API, the student sees it and sends again; the lecturer scores and the
 * student sees the score (the task shows scores). Then a group task: student1 and student2, one
 * group, write the group's answer and rate each other on the peer review rubric. Axe clean, at
 * 1366 and 390 px.
 */
describe('a student answers assignments', () => {
  let web: BrowserPlatform;
  let lecturer: string;
  let courseId: string;
  let moduleId: string;

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${web.base}/api/${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${lecturer}`,
        'content-type': 'application/vnd.api+json',
        ...(init.headers ?? {}),
      },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as { data: Resource | Resource[] | null }) : null;
  };
  const send = (method: string, path: string, attributes: Record<string, unknown>) =>
    api(path, { method, body: JSON.stringify({ data: { attributes } }) });
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  async function createTask(attributes: Record<string, unknown>): Promise<string> {
    const task = (await send('POST', 'course/tasks', {
      course_id: Number(courseId),
      taskable_type: 'module',
      taskable_id: Number(moduleId),
      description: '<p>Compare two sorting algorithms on the same input.</p>',
      start_at: hoursFromNow(-1),
      end_at: hoursFromNow(48),
      is_active: true,
      is_lateable: false,
      assesment_method: 'score',
      show_score: true,
      passing_grade: 60,
      all_class: true,
      ...attributes,
    }))!.data as Resource;
    return task.id;
  }

  /** A real one-page PDF, as a student would hand in. */
  async function pdfBytes(): Promise<Buffer> {
    const document = await PDFDocument.create();
    const page = document.addPage([595, 842]);
    const font = await document.embedFont(StandardFonts.Helvetica);
    page.drawText('Quicksort against mergesort: a comparison.', { x: 60, y: 760, size: 14, font });
    return Buffer.from(await document.save());
  }

  const editor = (page: Page) => page.getByRole('textbox', { name: 'Answer' });
  const draftSaved = (page: Page) => page.getByTestId('autosave-status').getByText(/^Draft saved at/);

  beforeAll(async () => {
    web = await startBrowserPlatform();
    lecturer = await apiToken(web.base, 'lecturer');
    const courses = (await api('course/courses'))!.data as Resource[];
    courseId = (courses.find((item) => item.attributes.code === 'IF101') ?? courses[0]).id;
    // a module of the demo course, which the task service knows already (a new one reaches it by an event)
    const outline = (await api(`course/courses/${courseId}?include=modules`))!.data as Resource & {
      relationships: { modules: { data: Array<{ id: string }> } };
    };
    moduleId = outline.relationships.modules.data[0].id;
  });

  afterAll(() => web?.stop());

  it('drafts, keeps the draft through a reload, uploads a PDF, sends, answers a change request and sees the score', async () => {
    const taskId = await createTask({ name: 'Sorting essay', tasks_type: 'PERSONAL', file_required: true });
    const { context, page, errors } = await web.signedIn('student1');

    // the to-do list, then the task's page
    await page.goto(`${web.base}/assignment`);
    await page.getByRole('link', { name: 'Sorting essay' }).click();
    await page.getByRole('heading', { name: 'Sorting essay', level: 1 }).waitFor();
    await page.getByText('Compare two sorting algorithms on the same input.').waitFor();
    await page.getByTestId('answer-state').getByText('Not started').waitFor();
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'task-student-detail-1366');
    await page.getByRole('link', { name: 'Start answering' }).click();

    // a draft, saved as the typing pauses, is there after a reload
    await page.waitForURL(new RegExp(`/assignment/take/${taskId}$`));
    await editor(page).click();
    await page.keyboard.type('Quicksort is faster on average.');
    await draftSaved(page).waitFor();
    await page.reload();
    await editor(page).getByText('Quicksort is faster on average.').waitFor();

    // the PDF goes up with the draft
    await page.getByLabel('Add a file').setInputFiles({
      name: 'comparison.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfBytes(),
    });
    await page.getByRole('button', { name: 'Download comparison.pdf' }).waitFor();
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'task-student-take-1366');

    await page.getByRole('button', { name: 'Send answer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send your answer to “Sorting essay”?' });
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await page.getByTestId('sent-note').waitFor();
    expect(await page.getByRole('button', { name: 'Send answer' }).count()).toBe(0);

    // as the service keeps it
    const answers = (await api(`course/task/answers?filter[task_id]=${taskId}`))!.data as Resource[];
    expect(answers).toHaveLength(1);
    expect(answers[0].attributes).toMatchObject({
      answer: '<p>Quicksort is faster on average.</p>',
      is_sent: true,
      is_late: false,
    });
    expect(
      (answers[0].attributes.files as Array<{ name: string; mime: string }>).map((file) => file.mime),
    ).toEqual(['application/pdf']);

    // the lecturer asks for a change: the student sees it and sends again
    const answerId = answers[0].id;
    await send('PATCH', `course/task/answers/${answerId}`, {
      is_sent: 0,
      comment: 'Add the worst case of each.',
    });
    await page.reload();
    await page.getByTestId('change-request').getByText('Add the worst case of each.').waitFor();
    await screenshot(page, 'task-student-change-request-1366');
    await editor(page).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Worst cases: quicksort n², mergesort n log n.');
    await page.getByRole('button', { name: 'Send answer' }).click();
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await page.getByTestId('sent-note').waitFor();
    const resent = (await api(`course/task/answers/${answerId}`))!.data as Resource;
    expect(resent.attributes).toMatchObject({ is_sent: true });
    expect(String(resent.attributes.answer)).toContain('Worst cases: quicksort n², mergesort n log n.');

    // scored, and the task shows scores
    await send('PUT', 'course/task/answers/score', { answer_id: Number(answerId), score: '85' });
    await page.goto(`${web.base}/assignment/${taskId}`);
    await page.getByTestId('task-score').getByText('85 / 100').waitFor();
    await page.getByText('Passed', { exact: true }).waitFor();
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'task-student-scored-1366');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets two members of a group answer together and rate each other', async () => {
    const taskId = await createTask({
      name: 'Team sorting project',
      tasks_type: 'GROUP',
      is_assesment_open: true,
      student_percentage: 30,
      lecturer_percentage: 70,
    });
    const students = (await api(`course/tasks/${taskId}/students?page[limit]=0`))!.data as Resource[];
    const idOf = (username: string) =>
      Number(
        (
          students.find((row) => (row.attributes.student as { username: string }).username === username)!
            .attributes.student as { id: number }
        ).id,
      );
    await send('POST', `course/task/${taskId}/groups`, {
      name: 'Group Quick',
      student_ids: [idOf('student1'), idOf('student2')],
    });

    const { context: desk, page: first, errors } = await web.signedIn('student1');
    await first.goto(`${web.base}/assignment/group/${taskId}`);
    await first.getByRole('heading', { name: 'Group Quick' }).waitFor();
    await first.getByTestId('group-members').getByText('@student2').waitFor();
    await editor(first).click();
    await first.keyboard.type('Our plan: each member implements one algorithm.');
    await draftSaved(first).waitFor();

    // the peer assessment opens once the group's answer exists
    const rate = async (page: Page, name: string, levels: string[]) => {
      const form = page.getByRole('form', { name });
      await form.waitFor();
      const groups = form.getByRole('group');
      expect(await groups.count()).toBe(levels.length);
      for (const [index, level] of levels.entries()) {
        const radio = groups.nth(index).getByRole('radio', { name: level });
        if (index > 0) await radio.check();
        else {
          // by keyboard: Space chooses the focused level, as in any radio group
          await radio.focus();
          await page.keyboard.press('Space');
          expect(await radio.isChecked()).toBe(true);
        }
      }
      await form.getByRole('button', { name: `Rate ${name}` }).click();
      await form.getByText(/^Your rating: /).waitFor();
    };
    await first.reload();
    await rate(first, 'Dimas Saputra', [
      'Strongly Agree (100)',
      'Agree (80)',
      'Agree (80)',
      'Neutral (60)',
      'Strongly Agree (100)',
    ]);
    await settled(first);
    expect(await seriousA11yViolations(first)).toEqual([]);
    await screenshot(first, 'task-student-group-1366');
    expect(errors).toEqual([]);

    const { context: phone, page: second } = await web.signedIn('student2', { width: 390 });
    await second.goto(`${web.base}/assignment/group/${taskId}`);
    await editor(second).getByText('Our plan: each member implements one algorithm.').waitFor();
    await rate(second, 'Ayu Lestari', ['Agree (80)', 'Agree (80)', 'Agree (80)', 'Agree (80)', 'Agree (80)']);
    await settled(second);
    const width = (await second.evaluate('document.documentElement.scrollWidth')) as number;
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(second)).toEqual([]);
    await screenshot(second, 'task-student-group-390');

    // both ratings are in the service, with their scores (20 % of each criterion's points)
    const group = (await api(`course/task/${taskId}/groups?page[limit]=0`))!.data as Resource[];
    const answerId = group[0].attributes.answer_id;
    const ratings = (await api(`course/task/answer/group/assesments?filter[answer_id]=${answerId}`))!
      .data as Resource[];
    expect(ratings.map((rating) => Number(rating.attributes.score)).sort()).toEqual([80, 84]);

    await second.goto(`${web.base}/assignment`);
    await second.getByRole('heading', { name: 'Assignments', level: 1 }).waitFor();
    await settled(second);
    await screenshot(second, 'task-student-list-390');
    await desk.close();
    await phone.close();
  });
});
