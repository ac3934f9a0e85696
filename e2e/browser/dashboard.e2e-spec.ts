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
 * The dashboard on the real services (issue 21): the lecturer publishes an exam open now with an
 * essay (through the API); student1 signs in, the dashboard shows it with a start button and the
 * seeded assignment due, and they start the exam from the card and hand in; the lecturer's
 * dashboard then shows the essay waiting and opens its grading queue. Once at phone width, axe
 * clean, without sideways scroll.
 */
describe('the dashboard in the browser', () => {
  let web: BrowserPlatform;
  let api: ReturnType<typeof apiAs>['api'];
  let post: ReturnType<typeof apiAs>['post'];
  let campusTime: ReturnType<typeof apiAs>['campusTime'];
  let examId: string;
  const EXAM = 'Dashboard quiz';
  /** student1's seeded assignment (services/task/src/seed). */
  const TASK = 'Essay: choosing the right loop';

  beforeAll(async () => {
    web = await startBrowserPlatform();
    ({ api, post, campusTime } = apiAs(web.base, await apiToken(web.base, 'lecturer')));
    const courses = (await api('course/courses'))!.data as ApiResource[];
    const course = courses.find((item) => item.attributes.code === 'IF101') ?? courses[0];
    const exam = (await post('exam/exams', {
      course_id: Number(course.id),
      name: EXAM,
      start_at: await campusTime(-1),
      end_at: await campusTime(2),
      passing_grade: 50,
      is_published: true,
      retry: 0,
      is_back: true,
      is_show_score: true,
    }))!.data as ApiResource;
    examId = exam.id;
    await post('exam/questions', {
      exam_id: Number(examId),
      package: 1,
      weight: 1,
      group: 'A',
      questions_type: 'essay',
      question: '<p>Why do loops end?</p>',
    });
  });

  afterAll(() => web?.stop());

  it('lets a student start an open exam from the card and the lecturer open the essay waiting', async () => {
    const student = await web.signedIn('student1');
    await student.page.goto(`${web.base}/dashboard`);
    const exams = student.page.getByRole('region', { name: 'Exams' });
    const start = exams.getByRole('link', { name: `Start ${EXAM}` });
    await start.waitFor({ timeout: 30_000 });
    const tasks = student.page.getByRole('region', { name: 'Assignments due' });
    await tasks.getByRole('link', { name: TASK }).waitFor();
    await settled(student.page);
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'dashboard-student-1366');

    await start.click();
    await student.page.waitForURL(new RegExp(`/exam/${examId}/start$`));
    await student.page.getByRole('button', { name: 'Start the exam' }).click();
    await student.page.getByRole('heading', { name: 'Question 1 of 1' }).waitFor();
    await student.page.getByRole('textbox', { name: 'Your answer' }).click();
    await student.page.keyboard.type('Their condition becomes false.');
    await student.page.getByTestId('save-state').and(student.page.locator('[data-state="saved"]')).waitFor();
    await student.page.getByRole('button', { name: 'Hand in', exact: true }).click();
    await student.page.getByRole('alertdialog').getByRole('button', { name: 'Hand in my answers' }).click();
    await student.page.waitForURL(new RegExp(`/exam/${examId}$`));
    expect(student.errors).toEqual([]);
    await student.context.close();

    const staff = await web.signedIn('lecturer');
    await staff.page.goto(`${web.base}/dashboard`);
    const essays = staff.page.getByRole('region', { name: 'Essays to grade' });
    const open = essays.getByRole('link', { name: `Grade the essays of ${EXAM}` });
    // the attempt's score reaches the course service by event
    for (let tries = 0; !(await open.isVisible()) && tries < 20; tries += 1) {
      await staff.page.waitForTimeout(500);
      await staff.page.reload();
      await essays.waitFor();
    }
    await settled(staff.page);
    expect(await seriousA11yViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'dashboard-lecturer-1366');
    await open.click();
    await staff.page.waitForURL(new RegExp(`/exam/${examId}\\?tab=grading$`));
    await staff.page.getByRole('heading', { name: 'Answer of Ayu Lestari' }).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });

  it('fits a phone, axe clean', async () => {
    const phone = await web.signedIn('student1', { width: 390 });
    await phone.page.goto(`${web.base}/dashboard`);
    await phone.page.getByRole('region', { name: 'Assignments due' }).getByRole('link').first().waitFor();
    await settled(phone.page);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    expect(
      await phone.page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      ),
    ).toBe(0);
    await screenshot(phone.page, 'dashboard-student-390');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
