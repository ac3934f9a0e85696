import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import {
  apiAs,
  type ApiResource,
  apiToken,
  screenshot,
  seriousA11yViolations,
  settled,
} from '../support/browser';

/**
 * Issue 13's student screens in a browser on the real services: a lecturer's published exam
 * (made through the API), a student starts it in the lobby, answers, loses the network mid-way,
 * keeps answering (the answers wait in the browser), gets the network back, and every answer is
 * in the service (read as staff) before the student hands in and reads the result; axe clean, at
 * 1366 and 390 px.
 */
describe('a student takes an exam', () => {
  let web: BrowserPlatform;
  let api: ReturnType<typeof apiAs>['api'];
  let post: ReturnType<typeof apiAs>['post'];
  let campusTime: ReturnType<typeof apiAs>['campusTime'];
  let examId: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    ({ api, post, campusTime } = apiAs(web.base, await apiToken(web.base, 'lecturer')));
    const courses = (await api('course/courses'))!.data as ApiResource[];
    const course = courses.find((item) => item.attributes.code === 'IF101') ?? courses[0];
    const exam = (await post('exam/exams', {
      course_id: Number(course.id),
      name: 'Browser quiz',
      intro: 'Three questions; the network is cut on purpose half-way.',
      start_at: await campusTime(-1),
      end_at: await campusTime(2),
      passing_grade: 50,
      is_published: true,
      is_duration: true,
      duration: 30,
      retry: 0,
      is_back: true,
      is_show_score: true,
      is_show_solution: true,
      is_show_solution_directly: true,
    }))!.data as ApiResource;
    examId = exam.id;
    const question = (attributes: Record<string, unknown>) =>
      post('exam/questions', { exam_id: Number(examId), package: 1, weight: 1, group: 'A', ...attributes });
    await question({
      questions_type: 'multiple_choices',
      question: '<p>What is 2 + 2?</p>',
      answers: [
        { answer: 'Three', point: 0 },
        { answer: 'Four', point: 1 },
      ],
      solution: '<p>Two and two make four.</p>',
    });
    await question({
      questions_type: 'exact',
      question: '<p>How many times does <code>for (i = 0; i &lt; 5; i++)</code> run its body?</p>',
      answers: [{ exact_answer: '5', tolerance: 0, decimal_place: 0, point: 1 }],
    });
    await question({ questions_type: 'essay', question: '<p>Why do loops end?</p>' });
  });

  afterAll(() => web?.stop());

  /** Answers the three questions; the network is cut after the first. */
  async function answerAll(page: Page, cutNetwork: () => Promise<void>) {
    await page.getByRole('heading', { name: 'Question 1 of 3' }).waitFor();
    await page.getByRole('radio', { name: /Four/ }).check();
    await page.getByTestId('save-state').and(page.locator('[data-state="saved"]')).waitFor();
    await page.getByRole('button', { name: 'Next question' }).click();

    await cutNetwork();
    await page.getByRole('heading', { name: 'Question 2 of 3' }).waitFor();
    await page.getByLabel('Your answer').fill('5');
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByRole('heading', { name: 'Question 3 of 3' }).waitFor();
    await page.getByRole('textbox', { name: 'Your answer' }).click();
    await page.keyboard.type('Their condition becomes false.');
    await page.getByRole('button', { name: /Flag for review/ }).click();
  }

  it('keeps every answer through a network outage, hands in and shows the result', async () => {
    const { context, page, errors } = await web.signedIn('student1');

    await page.goto(`${web.base}/exam/${examId}/start`);
    await page.getByRole('heading', { name: 'Browser quiz' }).waitFor();
    await page.getByText('30 minutes').waitFor();
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-lobby-1366');
    await page.getByRole('button', { name: 'Start the exam' }).click();

    await answerAll(page, () => context.setOffline(true));
    // offline: the answers wait in the browser, and the student is told
    await page.getByText(/You are offline\. \d answers? (is|are) kept in this browser/).waitFor();
    const kept = (await page.evaluate(
      `JSON.parse(localStorage.getItem(Object.keys(localStorage).find((key) => key.startsWith('lms.exam.outbox.'))) || '{}')`,
    )) as { entries?: Array<{ kind: string }> };
    expect((kept.entries ?? []).filter((entry) => entry.kind === 'answer').length).toBeGreaterThanOrEqual(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-taking-offline-1366');

    // the network returns: everything is sent, in order
    await context.setOffline(false);
    await page.getByText('All answers saved').waitFor({ timeout: 30_000 });
    await page.getByText(/You are offline/).waitFor({ state: 'detached' });

    // every answer is in the service, read as the exam's staff
    const attempts = (await api(`exam/studentexams?filter[exam_id]=${examId}`))!.data as ApiResource[];
    expect(attempts).toHaveLength(1);
    const attemptId = attempts[0].id;
    const saved = (await api(`exam/studentquestions?filter[student_exam_id]=${attemptId}`))!
      .data as ApiResource[];
    const answers = saved
      .sort((a, b) => Number(a.attributes.index) - Number(b.attributes.index))
      .map((item) => ({ answer: item.attributes.answer, flagged: item.attributes.flagged }));
    expect(answers).toEqual([
      { answer: { answer_index: [2] }, flagged: false },
      { answer: { value: '5' }, flagged: false },
      { answer: { text: '<p>Their condition becomes false.</p>' }, flagged: true },
    ]);

    // the outage reached the exam's staff as proctoring signals (sent once the network was back)
    const signals = (await api(`exam/studentexams/${attemptId}/signals`))!.data as ApiResource[];
    expect(signals.map((signal) => signal.attributes.kind)).toEqual(
      expect.arrayContaining(['offline', 'online']),
    );

    // handing in lists what is flagged, then the result
    await page.getByRole('button', { name: 'Hand in', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('1 question is flagged for review: 3.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-hand-in-1366');
    await dialog.getByRole('button', { name: 'Hand in my answers' }).click();
    await page.waitForURL(new RegExp(`/exam/${examId}$`));
    await page.getByRole('heading', { name: 'Result: Browser quiz' }).waitFor();
    await page.getByText('Two and two make four.').waitFor();
    await page.getByText('Waiting to be graded', { exact: true }).waitFor();
    await page.getByText('1 essay is waiting to be graded: the score may still change.').waitFor();
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-result-1366');
    expect(errors.filter((error) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::/.test(error))).toEqual(
      [],
    );
    await context.close();
  });

  it('is usable on a phone', async () => {
    const { context: phone, page } = await web.signedIn('student2', { width: 390 });
    await page.goto(`${web.base}/exam/${examId}/start`);
    await page.getByRole('button', { name: 'Start the exam' }).click();
    await page.getByRole('heading', { name: 'Question 1 of 3' }).waitFor();
    await page.getByRole('radio', { name: /Three/ }).check();
    await page.getByText('All answers saved').waitFor();
    await settled(page);
    const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-taking-390');
    await page.goto(`${web.base}/exam/${examId}`);
    await page.getByRole('heading', { name: 'Result: Browser quiz' }).waitFor();
    await screenshot(page, 'exam-result-390');
    await phone.close();
  });
});
