import { readFileSync } from 'node:fs';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}

/** `YYYY-MM-DDTHH:mm` of `at` on UTC's wall clock, as a `datetime-local` input takes it. */
const wallClock = (at: Date) => at.toISOString().slice(0, 16);
const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 15's logbooks in a browser on the real services: the lecturer builds a daily logbook in
 * the editor (long text, number and choice fields, a window, a file rule, the bundled rubric) on
 * IF101's first activity; student1 writes today's entry with a file; the API does not give the
 * student a score before the lecturer assesses, nor lets them assess; the lecturer assesses on the
 * rubric and the student sees the score and feedback. Once the course is public, a visitor reads
 * the logbook through `GET /public/forms`, without its questions. Axe clean, at 1366 and 390 px.
 */
describe('logbooks in the browser', () => {
  let web: BrowserPlatform;

  beforeAll(async () => {
    web = await startBrowserPlatform();
  });

  afterAll(() => web?.stop());

  async function api(token: string | null, method: string, path: string, attributes?: unknown) {
    const response = await fetch(`${web.base}/api/${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': 'application/vnd.api+json',
      },
      body: attributes === undefined ? undefined : JSON.stringify({ data: { attributes } }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as { data: unknown }) : null };
  }

  it('is built by the lecturer, written by a student with a file, assessed on the rubric and read back', async () => {
    const now = new Date();
    const title = 'Lab diary of the sorting project';

    // The lecturer builds the logbook in the editor.
    const lecturer = await web.signedIn('lecturer');
    await lecturer.page.goto(`${web.base}/forms`);
    await lecturer.page.getByRole('link', { name: 'New logbook' }).click();
    await lecturer.page.getByRole('heading', { name: 'New logbook', level: 1 }).waitFor();
    const lecturerToken = await apiToken(web.base, 'lecturer');
    const courses = (await api(lecturerToken, 'GET', 'course/courses')).body!.data as Resource[];
    const if101 = courses.find((item) => item.attributes.code === 'IF101')!;
    const course = lecturer.page.getByLabel('Course', { exact: true });
    await course.locator(`option[value="${if101.id}"]`).waitFor({ state: 'attached' });
    await course.selectOption(if101.id);
    const place = lecturer.page.getByLabel('Module or activity');
    const activity = place.locator('option[value^="activities:"]').first();
    await activity.waitFor({ state: 'attached' });
    await place.selectOption((await activity.getAttribute('value'))!);
    await lecturer.page.getByLabel('Title').fill(title);
    await lecturer.page
      .getByLabel('First day')
      .fill(new Date(now.getTime() - 2 * DAY).toISOString().slice(0, 10));
    await lecturer.page.getByLabel('Opens').fill(wallClock(new Date(now.getTime() - 2 * DAY)));
    await lecturer.page.getByLabel('Closes').fill(wallClock(new Date(now.getTime() + 30 * DAY)));
    await lecturer.page.getByLabel('Each entry needs a file').check();
    await lecturer.page.getByLabel('Assessment').selectOption('rubric');
    await lecturer.page
      .getByLabel('Rubric', { exact: true })
      .selectOption({ label: 'Group Peer Review Evaluation' });
    expect(
      await lecturer.page.getByLabel('Rubric', { exact: true }).locator('option:checked').textContent(),
    ).toBe('Group Peer Review Evaluation');

    const addField = lecturer.page.getByRole('button', { name: 'Add a field' });
    const question = (n: number) => lecturer.page.getByLabel('Question').nth(n);
    const kind = (n: number) => lecturer.page.getByLabel('Answer type').nth(n);
    await addField.click();
    await question(0).fill('What I worked on');
    await kind(0).selectOption('long_text');
    await lecturer.page.getByLabel('Required').nth(0).check();
    await addField.click();
    await question(1).fill('Hours spent');
    await kind(1).selectOption('number');
    await lecturer.page.getByLabel('Minimum').fill('0');
    await lecturer.page.getByLabel('Maximum').fill('24');
    await addField.click();
    await question(2).fill('Where');
    await kind(2).selectOption('choice');
    await lecturer.page.getByLabel('Options (one a line)').fill('Lab\nLibrary\nHome');
    await settled(lecturer.page);
    expect(await seriousA11yViolations(lecturer.page)).toEqual([]);
    await screenshot(lecturer.page, 'form-editor-lecturer-1366');
    await lecturer.page.getByRole('button', { name: 'Save logbook' }).click();
    await lecturer.page.waitForURL(/\/forms\/\d+$/);
    const formId = new URL(lecturer.page.url()).pathname.split('/').pop()!;
    await lecturer.page.getByRole('heading', { name: 'Edit logbook' }).waitFor();

    const saved = (await api(lecturerToken, 'GET', `course/forms/${formId}`)).body!.data as Resource;
    expect(saved.attributes).toMatchObject({
      title,
      forms_type: 'daily',
      is_file_required: true,
      assesment_method: 'rubric',
      lists: [
        { label: 'What I worked on', type: 'long_text', required: true },
        { label: 'Hours spent', type: 'number', min: 0, max: 24 },
        { label: 'Where', type: 'choice', options: ['Lab', 'Library', 'Home'] },
      ],
    });
    expect((saved.attributes.rubric as { name: string }).name).toBe('Group Peer Review Evaluation');

    // student1 writes today's entry with a file.
    const student = await web.signedIn('student1');
    await student.page.goto(`${web.base}/forms`);
    await student.page.getByRole('link', { name: title }).click();
    await student.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await student.page.getByLabel(/What I worked on/).fill('Timed quicksort and mergesort on 10⁶ numbers.');
    await student.page.getByLabel(/Hours spent/).fill('3.5');
    await student.page.getByLabel(/Where/).selectOption('Lab');
    await settled(student.page);
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'form-entry-student-1366');
    // the file rule is the browser's first word, before anything is sent
    await student.page.getByRole('button', { name: 'Send entry' }).click();
    await student.page.getByRole('alert').getByText('A file is required with each entry.').waitFor();
    await student.page.getByLabel('Files').setInputFiles({
      name: 'timings.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('n,quicksort_ms,mergesort_ms\n1000000,92,131\n'),
    });
    await student.page.getByRole('button', { name: 'Send entry' }).click();
    await student.page.getByRole('status').getByText('Entry sent.').waitFor();

    // Before the assessment the service gives the student no score, and refuses them the assessor's part.
    const studentToken = await apiToken(web.base, 'student1');
    const mine = (await api(studentToken, 'GET', `course/formanswers?filter[form_id]=${formId}`)).body!
      .data as Resource[];
    expect(mine).toHaveLength(1);
    expect(mine[0].attributes).toMatchObject({
      lists: [
        { key: 'field_1', value: 'Timed quicksort and mergesort on 10⁶ numbers.' },
        { key: 'field_2', value: 3.5 },
        { key: 'field_3', value: 'Lab' },
      ],
      score: null,
      rubrics: null,
      feedback: null,
      is_assessed: false,
    });
    expect((mine[0].attributes.files as Array<{ name: string }>).map((file) => file.name)).toEqual([
      'timings.csv',
    ]);
    const answerId = mine[0].id;
    const selfAssessed = await api(studentToken, 'PATCH', `course/formanswers/${answerId}`, {
      rubrics: [0, 1, 2, 3, 4].map((criterion) => ({ criterion, level: 4 })),
    });
    expect(selfAssessed.status).toBe(403);
    // another student of the course does not read it
    const student2 = await apiToken(web.base, 'student2');
    expect((await api(student2, 'GET', `course/formanswers/${answerId}`)).status).toBe(404);

    await student.page.getByRole('link', { name: 'My entries' }).click();
    await student.page.getByTestId(`score-${answerId}`).getByText('Not assessed yet').waitFor();

    // The lecturer assesses the entry on the rubric: Agree (80) on each criterion → 80.
    await lecturer.page.getByRole('link', { name: 'Entries and assessment' }).click();
    // the entry's file opens for the lecturer as the student sent it
    const download = lecturer.page.waitForEvent('download');
    await lecturer.page.getByRole('button', { name: 'Download timings.csv' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('timings.csv');
    const downloaded = await file.path();
    expect(readFileSync(downloaded, 'utf8')).toBe('n,quicksort_ms,mergesort_ms\n1000000,92,131\n');
    const criteria = lecturer.page.locator(`select[id^="assess-${answerId}-"]`);
    expect(await criteria.count()).toBe(5);
    for (let n = 0; n < 5; n += 1) await criteria.nth(n).selectOption({ label: 'Agree (80)' });
    await lecturer.page.getByText('Score: 80').waitFor();
    await lecturer.page.getByLabel('Feedback').fill('Add the input sizes you tried.');
    await settled(lecturer.page);
    expect(await seriousA11yViolations(lecturer.page)).toEqual([]);
    await screenshot(lecturer.page, 'form-assess-lecturer-1366');
    await lecturer.page.getByRole('button', { name: 'Save assessment' }).click();
    await lecturer.page
      .getByTestId(`score-${answerId}`)
      .getByText('Score: 80 · Feedback: Add the input sizes you tried.')
      .waitFor();
    expect(lecturer.errors).toEqual([]);
    await lecturer.context.close();

    // The student now reads the score and the feedback.
    await student.page.reload();
    await student.page
      .getByTestId(`score-${answerId}`)
      .getByText('Score: 80 · Feedback: Add the input sizes you tried.')
      .waitFor();
    await settled(student.page);
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'form-entries-student-1366');
    const assessed = (await api(studentToken, 'GET', `course/formanswers/${answerId}`)).body!
      .data as Resource;
    expect(assessed.attributes).toMatchObject({ score: 80, is_assessed: true });
    expect(student.errors).toEqual([]);
    await student.context.close();

    // At phone width: the list shows the day's entry written, the entries page reads.
    const phone = await web.signedIn('student1', { width: 390 });
    await phone.page.goto(`${web.base}/forms`);
    await phone.page.getByRole('link', { name: title }).waitFor();
    await settled(phone.page);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'forms-student-390');
    await phone.page.goto(`${web.base}/gradebook/${formId}`);
    await phone.page.getByTestId(`score-${answerId}`).getByText('Score: 80', { exact: false }).waitFor();
    await settled(phone.page);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'form-entries-student-390');
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // A visitor reads when the logbook runs, not its questions — once its course is public.
    const courseId = saved.attributes.course_id as number;
    const publicForms = async () => {
      const visible = await api(null, 'GET', `public/forms?filter[course_id]=${courseId}&page[limit]=-1`);
      expect(visible.status).toBe(200);
      return (visible.body!.data as Resource[]).find((item) => item.id === formId);
    };
    expect(await publicForms()).toBeUndefined();
    expect(
      (await api(lecturerToken, 'PATCH', `course/courses/${courseId}`, { is_public: true })).status,
    ).toBe(200);
    const listed = await publicForms();
    expect(listed?.attributes).toMatchObject({ title, fields_count: 3, is_file_required: true });
    expect(listed?.attributes).not.toHaveProperty('lists');
  });
});
