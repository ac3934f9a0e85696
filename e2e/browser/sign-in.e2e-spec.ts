import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../support/platform';
import { launchBrowser, screenshot, watchErrors } from '../support/browser';

describe('signing in with a browser', () => {
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

  it('takes a student from a protected page to the login page and back to their course list', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/courses`);
    await page.waitForURL(/\/pages\/login\?to=%2Fcourses|\/pages\/login\?to=\/courses/);

    await page.getByLabel('Username').fill('student1');
    await page.getByLabel('Password').fill('lms-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(`${base}/courses`);
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
    const page = await browser.newPage();
    await page.goto(`${base}/pages/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('lms-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Cannot login using Admin Account').waitFor();
    expect(page.url()).toContain('/pages/login');
    await screenshot(page, 'admin-refused');
    await page.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/no/such/page`);
    await page.waitForURL(/\/pages\/error-404/);
    await page.close();
  });
});
