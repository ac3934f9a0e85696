import { formatWireDate } from '@lms/jsonapi';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * The agenda, the to-do and the dashboard's cards on the demo seed (issue 15): student1 sees the
 * seeded quiz on the agenda (it opened today) and has it on their to-do, by keyboard and at phone
 * width, axe clean; the lecturer sees the quiz and the seeded essay (closing in seven days) on
 * theirs, and on their to-do student1's sent essay to score (it opens the submissions to score)
 * and student3's quiz essay to grade (the seed scored the first group's project) — at desktop and
 * phone width.
 */
describe('agenda and to-do in the browser', () => {
  let web: BrowserPlatform;

  beforeAll(async () => {
    web = await startBrowserPlatform();
  });

  afterAll(() => web?.stop());

  it('shows student1 the seeded quiz on the agenda, in the to-do and on the dashboard', async () => {
    const student = await web.signedIn('student1');
    await student.page.goto(`${web.base}/agenda`);
    await settled(student.page);
    const grid = student.page.getByRole('grid');
    await grid.waitFor();
    const today = grid.locator('[aria-current="date"]');
    await today.getByText('Quiz 1: Branching and loops').waitFor();
    await student.page
      .getByTestId('agenda-day-items')
      .getByRole('link', { name: 'Quiz 1: Branching and loops' })
      .waitFor();
    // The keyboard moves the chosen day: one day on, then back.
    await today.focus();
    await student.page.keyboard.press('ArrowRight');
    await student.page
      .getByTestId('agenda-day-items')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await student.page.keyboard.press('ArrowLeft');
    await student.page.getByTestId('agenda-day-items').getByText('Quiz 1: Branching and loops').waitFor();
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'agenda-student-1366');

    await student.page.goto(`${web.base}/todo`);
    const todo = student.page.getByTestId('todo-items');
    await todo.getByRole('link', { name: 'Take Quiz 1: Branching and loops' }).waitFor();
    // student1's essay is sent (the seed's send, as the task service records it): nothing to do
    expect(await todo.getByRole('link', { name: /Essay: choosing the right loop/ }).count()).toBe(0);
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'todo-student-1366');

    await student.page.goto(`${web.base}/dashboard`);
    await student.page
      .getByRole('region', { name: 'Exams' })
      .getByRole('link', { name: 'Quiz 1: Branching and loops', exact: true })
      .waitFor();
    await student.page
      .getByRole('region', { name: 'Assignments due' })
      .getByRole('listitem')
      .filter({ hasText: 'Essay: choosing the right loop' })
      .getByText('Sent', { exact: true })
      .waitFor();
    await student.page.getByRole('region', { name: 'Your activity' }).waitFor();
    await settled(student.page);
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'dashboard-student-1366');
    expect(student.errors).toEqual([]);
    await student.context.close();

    const phone = await web.signedIn('student1', { width: 390 });
    await phone.page.goto(`${web.base}/agenda`);
    await phone.page.getByTestId('agenda-day-items').getByText('Quiz 1: Branching and loops').waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'agenda-student-390');
    await phone.context.close();
  });

  it('shows the lecturer the seeded quiz and the essay on the agenda', async () => {
    const lecturer = await web.signedIn('lecturer');
    await lecturer.page.goto(`${web.base}/agenda`);
    const today = lecturer.page.getByRole('grid').locator('[aria-current="date"]');
    await today.getByText('Quiz 1: Branching and loops').waitFor();
    // The essay closes seven days after the seed ran, on the campus's (Jakarta's) calendar: a day
    // of the month that page shows (the day before, should midnight have passed since the seed).
    const essayDay = formatWireDate(new Date(Date.now() + 7 * 86_400_000), 'Asia/Jakarta').slice(0, 10);
    await lecturer.page.goto(`${web.base}/agenda?day=${essayDay}`);
    const essay = 'Essay: choosing the right loop';
    await lecturer.page.getByRole('grid').locator('[role="gridcell"]', { hasText: essay }).last().click();
    const link = lecturer.page.getByTestId('agenda-day-items').getByRole('link', { name: essay });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/assignment\/\d+$/);
    await lecturer.page
      .getByTestId('agenda-day-items')
      .getByText(/Assignment · closes/)
      .waitFor();
    expect(await seriousA11yViolations(lecturer.page)).toEqual([]);
    await screenshot(lecturer.page, 'agenda-lecturer-1366');
    expect(lecturer.errors).toEqual([]);
    await lecturer.context.close();
  });

  it("puts the sent answers and the waiting essay on the lecturer's to-do, each opening its screen", async () => {
    for (const width of [1366, 390]) {
      const lecturer = await web.signedIn('lecturer', { width });
      await lecturer.page.goto(`${web.base}/todo`);
      const todo = lecturer.page.getByTestId('todo-items');
      // student3's quiz essay waits for a grader; group 1's project is scored already
      await todo.getByRole('link', { name: 'Grade 1 essay of Quiz 1: Branching and loops' }).waitFor();
      const essay = todo.getByRole('link', { name: 'Score 1 answer to Essay: choosing the right loop' });
      await essay.waitFor();
      await settled(lecturer.page);
      expect(await seriousA11yViolations(lecturer.page)).toEqual([]);
      // nothing wider than the phone's screen
      expect(
        (await lecturer.page.evaluate('document.documentElement.scrollWidth')) as number,
      ).toBeLessThanOrEqual(width);
      await screenshot(lecturer.page, `todo-lecturer-${width}`);
      await essay.click();
      await lecturer.page.waitForURL(/\/assignment\/\d+\/submissions$/);
      await lecturer.page.getByText('Ayu Lestari').first().waitFor();
      expect(lecturer.errors).toEqual([]);
      await lecturer.context.close();
    }
  });
});
