import { DataSource } from 'typeorm';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * The global search (issue 21) in a browser on the real services, on the demo seed: student1
 * types in the top bar and finds a content, the course and the exam of IF101, opens the exam from
 * the dropdown with the keyboard, reads every result on /search — and never a course of another
 * campus, not even one whose class lists them. Axe clean; usable at 390 px through the icon.
 */
describe('the global search in the browser', () => {
  let web: BrowserPlatform;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    // another campus's course, its class listing student1's id: the campus still keeps it out
    const course = web.platform.services.course.get(DataSource);
    const [student]: Array<{ id: string; tenant_id: string }> = await course.query(
      `SELECT id, tenant_id FROM users WHERE username = 'student1'`,
    );
    const elsewhere = Number(student.tenant_id) + 1000;
    const [foreign]: Array<{ id: string }> = await course.query(
      `INSERT INTO courses (tenant_id, name, code) VALUES ($1, 'Algorithms elsewhere', 'XX101') RETURNING id`,
      [elsewhere],
    );
    const [foreignClass]: Array<{ id: string }> = await course.query(
      `INSERT INTO classes (tenant_id, course_id, name) VALUES ($1, $2, 'XX101-A') RETURNING id`,
      [elsewhere, foreign.id],
    );
    await course.query(`INSERT INTO class_students (class_id, user_id) VALUES ($1, $2)`, [
      foreignClass.id,
      student.id,
    ]);
  });

  afterAll(() => web?.stop());

  it('a student finds a content and the exam of their course from the top bar, opens the exam, and reads /search', async () => {
    const student = await web.signedIn('student1');
    const { page } = student;
    await page.goto(`${web.base}/bookmark`);
    await settled(page);

    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('algo');
    const listbox = page.getByRole('listbox', { name: 'Search results' });
    await listbox.getByRole('option', { name: /What is an algorithm\? \(reading\)/ }).waitFor();
    await listbox
      .getByRole('group', { name: 'Courses' })
      .getByRole('option', { name: /Algorithms and Programming/ })
      .waitFor();
    expect(await listbox.getByText('Algorithms elsewhere').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'search-dropdown');

    await box.fill('branch');
    const exam = listbox
      .getByRole('group', { name: 'Exams' })
      .getByRole('option', { name: /Quiz 1: Branching and loops/ });
    await exam.waitFor();
    await box.press('ArrowDown');
    expect(await exam.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL(/\/exam\/\d+$/);
    await page.getByRole('heading', { name: 'Quiz 1: Branching and loops' }).first().waitFor();

    await box.fill('algo');
    await listbox.getByRole('option', { name: /What is an algorithm/ }).waitFor();
    await box.press('Escape');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=algo$/);
    const results = page.getByTestId('search-results');
    await results.getByRole('link', { name: 'What is an algorithm? (reading)' }).waitFor();
    await results.getByRole('link', { name: 'Algorithms and Programming' }).waitFor();
    expect(await results.getByText('Algorithms elsewhere').count()).toBe(0);
    expect(await results.locator('mark').first().textContent()).toMatch(/^algo/i);
    await page.getByRole('button', { name: 'Courses' }).click();
    await page.waitForURL(/kind=course/);
    await results
      .getByRole('link', { name: 'What is an algorithm? (reading)' })
      .waitFor({ state: 'detached' });
    expect(await results.getByRole('link').allTextContents()).toEqual(['Algorithms and Programming']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'search-page');
    await results.getByRole('link', { name: 'Algorithms and Programming' }).click();
    await page.waitForURL(/\/courses\/\d+$/);
    expect(student.errors).toEqual([]);
    await student.context.close();

    const phone = await web.signedIn('student1', { width: 390 });
    await phone.page.goto(`${web.base}/bookmark`);
    await settled(phone.page);
    await phone.page.getByRole('button', { name: 'Open the search' }).click();
    await phone.page.getByRole('combobox', { name: 'Search' }).fill('algo');
    await phone.page.getByRole('option', { name: /What is an algorithm\? \(reading\)/ }).waitFor();
    const overflow = (await phone.page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'search-phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
