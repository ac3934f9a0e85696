import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, watchErrors } from '../support/browser';

/** The interface language and theme: kept on the account, and the campus's default for visitors. */
describe('language and theme in a browser', () => {
  let web: BrowserPlatform;

  beforeAll(async () => {
    web = await startBrowserPlatform();
  });

  afterAll(() => web?.stop());

  const html = (page: Page) =>
    page.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { lang: string; dataset: { theme?: string } } };
        }
      ).document.documentElement;
      return { lang: root.lang, theme: root.dataset.theme };
    });

  it('follows student1 to a fresh browser: chosen Indonesian and dark in one, signed in from another', async () => {
    const { context: first, page, errors } = await web.signedIn('student1', { locale: 'en-US' });
    await page.goto(`${web.base}/settings/account`);
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/course/users/'),
    );
    await page.getByLabel('Language').selectOption('id');
    expect((await saved).status()).toBe(200);
    await page.getByRole('heading', { name: 'Pengaturan akun' }).waitFor();
    const themeSaved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/course/users/'),
    );
    await page.getByRole('radio', { name: 'Gelap', exact: true }).check();
    expect((await themeSaved).status()).toBe(200);
    await page.getByText('Tersimpan di akun Anda').first().waitFor();
    expect(await html(page)).toEqual({ lang: 'id', theme: 'dark' });
    expect(errors).toEqual([]);
    await first.close();

    // a fresh browser: nothing remembered, an English browser, a campus without a default language
    const second = await web.browser.newContext({ locale: 'en-US' });
    const fresh = await second.newPage();
    const freshErrors = watchErrors(fresh);
    await fresh.goto(`${web.base}/courses`);
    await fresh.getByLabel('Username').waitFor();
    expect(await html(fresh)).toEqual({ lang: 'en', theme: 'light' });
    await fresh.getByLabel('Username').fill('student1');
    await fresh.getByLabel('Password').fill('lms-demo');
    await fresh.getByRole('button', { name: 'Sign in' }).click();

    await fresh.getByRole('heading', { name: 'Mata kuliah saya' }).waitFor();
    expect(await html(fresh)).toEqual({ lang: 'id', theme: 'dark' });
    const card = fresh.getByRole('article').filter({ hasText: 'Algorithms and Programming' });
    // Indonesian periods and dates: "Semester Ganjil 2026/2027", "25 Agu 2026 – 16 Jan 2027"
    expect(await card.textContent()).toMatch(/Semester Ganjil \d{4}\/\d{4}/);
    expect(await card.textContent()).toMatch(/25 Agu \d{4}/);
    const background = await fresh.evaluate(() => {
      const scope = globalThis as unknown as {
        getComputedStyle(element: unknown): { backgroundColor: string };
        document: { body: unknown };
      };
      return scope.getComputedStyle(scope.document.body).backgroundColor;
    });
    const [red, green, blue] = background.match(/\d+/g)!.map(Number);
    expect(red + green + blue).toBeLessThan(3 * 80);
    await screenshot(fresh, 'preferences-student-indonesian-dark');
    expect(freshErrors).toEqual([]);
    await second.close();
  });

  it("shows a visitor the campus's default language, which an administrator sets through the API", async () => {
    const admin = await apiToken(web.base, 'admin');
    const sites = await (await fetch(`${web.base}/api/public/lptk?filter[domain][like]=localhost`)).json();
    const campusId = (sites as { data: Array<{ id: string }> }).data[0].id;
    const setDefault = (language: string | null) =>
      fetch(`${web.base}/api/course/lptks/${campusId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { attributes: { default_language: language } } }),
      });
    expect((await setDefault('klingon')).status).toBe(422);
    expect((await setDefault('id')).status).toBe(200);
    try {
      const context = await web.browser.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      await page.goto(`${web.base}/pages/login`);
      await page.getByLabel('Nama pengguna').waitFor();
      await page.getByRole('button', { name: 'Masuk' }).waitFor();
      expect((await html(page)).lang).toBe('id');
      await screenshot(page, 'preferences-login-campus-default-indonesian');

      // a visitor's own choice wins over the campus's default, on this browser
      await page.getByRole('button', { name: /^Bahasa/ }).click();
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByLabel('Username').waitFor();
      await page.reload();
      await page.getByLabel('Username').waitFor();
      await context.close();
    } finally {
      await setDefault(null);
    }
  });
});
