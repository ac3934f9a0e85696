import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

type Resource = { id: string; attributes: Record<string, unknown> };

/** `YYYY-MM-DD HH:mm:ss` (UTC) of now + `days`: a window a day wide each side fits any campus zone. */
const wireDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Issue 13's staff screens in a browser: a lecturer watches the live monitor while a student,
 * through the API, starts the exam, answers and hands in; the lecturer sees the attempt start,
 * a save and the finish pushed over the exam service's socket (the screen no longer polls), and
 * grades the essay in the queue and reads the statistics. Axe clean; 1366 and 390 px.
 */
describe('the staff of an exam on exam day', () => {
  let web: BrowserPlatform;
  let lecturer: string;
  let student: string;
  let examId: string;

  async function api(token: string, method: string, path: string, attributes?: unknown): Promise<unknown> {
    const response = await fetch(`${web.base}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(attributes === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
      },
      body: attributes === undefined ? undefined : JSON.stringify({ data: { attributes } }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
  const data = async <T = Resource>(promise: Promise<unknown>) => ((await promise) as { data: T }).data;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    lecturer = await apiToken(web.base, 'lecturer');
    student = await apiToken(web.base, 'student1');
    const [course] = await data<Resource[]>(api(lecturer, 'GET', 'course/courses'));

    // a published exam open now: a multiple-choice question (option 1 right) and an essay
    const exam = await data(
      api(lecturer, 'POST', 'exam/exams', {
        course_id: Number(course.id),
        name: 'Staff quiz',
        passing_grade: 50,
      }),
    );
    examId = exam.id;
    for (const [type, text] of [
      ['multiple_choices', '<p>What is 2 + 2?</p>'],
      ['essay', '<p>Explain the epsilon-delta definition of a limit.</p>'],
    ]) {
      const question = await data(
        api(lecturer, 'POST', 'exam/questions', {
          exam_id: Number(examId),
          package: 1,
          questions_type: type,
          group: 'A',
          weight: 1,
        }),
      );
      await api(lecturer, 'PATCH', `exam/questions/${question.id}`, { question: text });
    }
    const listed = (await api(
      lecturer,
      'GET',
      `exam/questions?filter[exam_id][is]=${examId}&include=answers&page[limit]=0`,
    )) as { data: Resource[]; included?: Resource[] };
    const choice = listed.data.find((question) => question.attributes.questions_type === 'multiple_choices')!;
    const [first] = (listed.included ?? [])
      .filter((option) => String(option.attributes.question_id) === choice.id)
      .sort((a, b) => Number(a.attributes.index) - Number(b.attributes.index));
    await api(lecturer, 'PATCH', `exam/answers/${first.id}`, { point: 1, answer: 'Four' });
    await api(lecturer, 'PATCH', `exam/exams/${examId}`, {
      is_published: true,
      package: 1,
      start_at: wireDate(-1),
      end_at: wireDate(1),
    });
  });

  afterAll(() => web?.stop());

  it('watches a student take the exam, grades the essay and reads the statistics', async () => {
    const { context, page, errors } = await web.signedIn('lecturer');
    await page.goto(`${web.base}/exam/${examId}`);
    await page.getByRole('heading', { name: 'Exam day: Staff quiz' }).waitFor();
    await page.getByText('No student has started this exam yet.').waitFor();
    // the service's socket is up: the screen stops polling, so whatever it shows next was pushed
    await page.getByText('Live: changes arrive as they happen').waitFor({ timeout: 15_000 });
    const polls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/exam/exams/${examId}/monitor`) polls.push(request.url());
    });

    // the student starts and answers the multiple-choice question
    const attempt = await data(api(student, 'GET', `exam/exams/${examId}/generate`));
    const questions = await data<Resource[]>(
      api(student, 'GET', `exam/studentquestions?filter[student_exam_id]=${attempt.id}`),
    );
    const [choice, essay] = questions.sort((a, b) => Number(a.attributes.index) - Number(b.attributes.index));
    const choiceFirst = choice.attributes.questions_type !== 'essay';
    const [mc, text] = choiceFirst ? [choice, essay] : [essay, choice];
    const options = (mc.attributes.question as { answers: Array<{ index: number; answer: string }> }).answers;
    const four = options.find((option) => option.answer === 'Four')!;
    await api(student, 'PATCH', `exam/studentquestions/${mc.id}`, {
      answer: { answer_index: [four.index] },
      seq: 1,
    });

    const row = page.getByRole('row', { name: /Ayu Lestari/ });
    await row.getByText('In progress').waitFor({ timeout: 15_000 });
    await row.getByText('1/2').waitFor({ timeout: 15_000 });
    expect(polls).toEqual([]); // pushed, not polled
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-monitor-1366');

    // the essay, then the finish: the monitor shows the attempt finished
    await api(student, 'PATCH', `exam/studentquestions/${text.id}`, {
      answer: { text: '<p>For every ε &gt; 0 there is a δ &gt; 0 such that …</p>' },
      seq: 1,
    });
    await api(student, 'POST', `v2/exam/finish/${attempt.id}`);
    await row.getByText('Finished').waitFor({ timeout: 15_000 });
    await row.getByText('2/2').waitFor();
    expect(polls).toEqual([]);

    // the essay in the grading queue: 0 to 100 % of its points
    await page.getByRole('tab', { name: 'Essay grading' }).click();
    await page.getByRole('heading', { name: 'Answer of Ayu Lestari' }).waitFor();
    await page.getByText('For every ε > 0 there is a δ > 0').waitFor();
    const score = page.getByLabel(/^Score, in % of the question’s points/);
    await score.press('Enter');
    await page.getByText('Give a score; 0 is a score too.').waitFor();
    await score.fill('80');
    await score.press('Enter');
    await page.getByText('Ayu Lestari: score 80 saved.').first().waitFor();
    await page.getByText('Every answer is graded.').waitFor();
    // the toast fades in: axe reads its colours once it has
    await page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished))');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-grading-1366');

    // statistics: one student scored (50 % for the choice + 80 % of the essay → 90)
    await page.getByRole('link', { name: 'Exam statistics' }).click();
    await page.waitForURL(new RegExp(`/exam/${examId}/statistic$`));
    const mean = page.locator('dt', { hasText: 'Mean score' }).locator('xpath=following-sibling::dd');
    await mean.waitFor();
    expect(await mean.textContent()).toBe('90');
    await page.getByRole('figure', { name: 'Score distribution' }).waitFor();
    await page.getByRole('button', { name: 'Options chosen in P1·Q1' }).click();
    await page.getByRole('figure', { name: 'Options chosen in P1·Q1' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-statistic-1366');

    // the results workbook: produced, stored, then handed out by a short-lived link
    await page.getByRole('link', { name: 'Download exam' }).click();
    await page.getByRole('button', { name: 'Produce the workbook' }).click();
    const link = page.getByRole('link', { name: 'Download the workbook (.xlsx)' });
    await link.waitFor({ timeout: 30_000 });
    const file = await fetch(new URL((await link.getAttribute('href'))!, web.base));
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-download-1366');
    expect(errors).toEqual([]);
    await context.close();

    // the same pages on a phone
    const { context: phone, page: small } = await web.signedIn('lecturer', { width: 390 });
    for (const [path, name, ready] of [
      [`/exam/${examId}`, 'exam-monitor-390', 'Live monitor'],
      [`/exam/${examId}/statistic`, 'exam-statistic-390', 'Score distribution'],
      [`/exam/${examId}/download`, 'exam-download-390', 'Results workbook'],
    ]) {
      await small.goto(`${web.base}${path}`);
      await small.getByText(ready).first().waitFor();
      await settled(small);
      expect((await small.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(
        390,
      );
      expect(await seriousA11yViolations(small)).toEqual([]);
      await screenshot(small, name);
    }
    await phone.close();
  });
});
