import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { screenshot, watchErrors } from '../support/browser';

describe('signing in with a browser', () => {
  let web: BrowserPlatform;

  beforeAll(async () => {
    web = await startBrowserPlatform();
  });

  afterAll(() => web?.stop());

  it('takes a student from a protected page to the login page and back to their course list', async () => {
    const page = await web.browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${web.base}/courses`);
    await page.waitForURL(/\/pages\/login\?to=%2Fcourses|\/pages\/login\?to=\/courses/);

    await page.getByLabel('Username').fill('student1');
    await page.getByLabel('Password').fill('lms-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`${web.base}/courses`);
    const card = page.getByRole('article').filter({ hasText: 'Algorithms and Programming' });
    await card.waitFor();
    expect(await card.textContent()).toContain('IF101');
    await screenshot(page, 'student-courses');

    await page.getByRole('button', { name: /Account menu of/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/pages\/login/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses an admin account with "Cannot login using Admin Account"', async () => {
    const page = await web.browser.newPage();
    await page.goto(`${web.base}/pages/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('lms-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Cannot login using Admin Account').waitFor();
    expect(page.url()).toContain('/pages/login');
    await screenshot(page, 'admin-refused');
    await page.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await web.browser.newPage();
    await page.goto(`${web.base}/no/such/page`);
    await page.waitForURL(/\/pages\/error-404/);
    await page.close();
  });
});
