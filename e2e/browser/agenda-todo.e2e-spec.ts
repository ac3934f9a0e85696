import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import {
  launchBrowser,
  screenshot,
  seriousA11yViolations,
  settled,
  signInAs,
  watchErrors,
} from '../support/browser';

/**
 * The agenda, the to-do and the dashboard's cards on the demo seed (issue 15): student1 sees the
 * seeded quiz on the agenda (it opened today) and has it on their to-do, by keyboard and at phone
 * width, axe clean. (The seed's answers are written without their `task.answer.submitted`, so the
 * lecturer's answers to score are proven by services/course/test/todo.int-spec.ts instead.)
 */
describe('agenda and to-do in the browser', () => {
  let platform: TestPlatform;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ webDist: join(__dirname, '../../web/dist') });
    base = platform.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  async function signedIn(
    username: string,
    viewport = { width: 1366, height: 900 },
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInAs(page, base, username);
    return { context, page, errors };
  }

  it('shows student1 the seeded quiz on the agenda, in the to-do and on the dashboard', async () => {
    const student = await signedIn('student1');
    await student.page.goto(`${base}/agenda`);
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

    await student.page.goto(`${base}/todo`);
    const todo = student.page.getByTestId('todo-items');
    await todo.getByRole('link', { name: 'Take Quiz 1: Branching and loops' }).waitFor();
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'todo-student-1366');

    await student.page.goto(`${base}/dashboard`);
    await student.page
      .getByRole('region', { name: 'Next up' })
      .getByRole('link', { name: /Quiz 1/ })
      .waitFor();
    await student.page.getByRole('region', { name: 'Your activity' }).waitFor();
    await settled(student.page);
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'dashboard-student-1366');
    expect(student.errors).toEqual([]);
    await student.context.close();

    const phone = await signedIn('student1', { width: 390, height: 844 });
    await phone.page.goto(`${base}/agenda`);
    await phone.page.getByTestId('agenda-day-items').getByText('Quiz 1: Branching and loops').waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'agenda-student-390');
    await phone.context.close();
  });
});
