import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { type Mailbox, startMailbox } from '@lms/testing';
import {
  apiToken,
  LANGUAGES,
  launchBrowser,
  screenshot,
  seriousA11yViolations,
  settled,
  watchErrors,
} from '../support/browser';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/** The link of a mail to a page of the client (`…/pages/reset-password?token=…`). */
const linkIn = (text: string, page: string) =>
  new RegExp(`https?://\\S+/pages/${page}\\?token=[A-Za-z0-9_-]+`).exec(text)?.[0];

describe('registering and recovering a password by mail, with a browser and a local SMTP server', () => {
  let platform: TestPlatform;
  let mailbox: Mailbox;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    platform = await startTestPlatform({ webDist: join(__dirname, '../../web/dist'), smtpUrl: mailbox.url });
    base = platform.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    const admin = await apiToken(base, 'admin');
    const version = (await (await fetch(`${base}/api/public/version?domain=localhost`)).json()) as {
      data: { attributes: { lptk_id: number } };
    };
    const opened = await fetch(`${base}/api/admin/campuses/${version.data.attributes.lptk_id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ data: { attributes: { self_registration: true } } }),
    });
    expect(opened.status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
    await mailbox?.close();
  });

  async function signIn(page: Page, username: string, password: string) {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#main').waitFor();
  }

  it('resets a forgotten password at a phone width from the mailed link, then signs in with the new one', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${base}/pages/login`);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.getByLabel('E-mail address').fill('student1@demo.ac.id');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If an account of this campus has the address student1@demo.ac.id').waitFor();
    await screenshot(page, 'forgot-password-sent-phone');

    const link = linkIn((await mailbox.next('student1@demo.ac.id')).text, 'reset-password');
    expect(link?.startsWith(`${base}/pages/reset-password?token=`)).toBe(true);
    await page.goto(link!);
    await page.getByLabel('New password').fill('a brand new secret');
    await page.getByLabel('Repeat the password').fill('a brand new secret');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'reset-password-phone');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByText('Your new password is set. Sign in with it.').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, 'student1', 'a brand new secret');
    await page.getByRole('button', { name: 'Account menu of Ayu Lestari' }).waitFor();

    // the link worked once
    await page.goto(link!);
    await page.getByLabel('New password').fill('yet another secret');
    await page.getByLabel('Repeat the password').fill('yet another secret');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await page.getByRole('alert').filter({ hasText: 'was used already or has expired' }).waitFor();

    expect(errors.filter((error) => error.startsWith(base) && !error.includes('422'))).toEqual([]);
    await context.close();
  });

  it('lets a visitor create an account, confirm the address from the mail and sign in with it', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${base}/pages/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Full name').fill('Nina Kusuma');
    await page.getByLabel('Username').fill('nina.k');
    await page.getByLabel('E-mail address').fill('nina@mail.example');
    await page.getByLabel('New password').fill('nina secret 1');
    await page.getByLabel('Repeat the password').fill('nina secret 1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'register');
    await page.getByRole('button', { name: 'Create the account' }).click();
    await page.getByText('Look in your mailbox at nina@mail.example').waitFor();

    const link = linkIn((await mailbox.next('nina@mail.example')).text, 'verify-email');
    expect(link?.startsWith(`${base}/pages/verify-email?token=`)).toBe(true);
    await page.goto(link!);
    await page.getByText('Your address is confirmed and your account is ready.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'verify-email-done');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page, 'nina.k', 'nina secret 1');
    await page.getByRole('button', { name: 'Account menu of Nina Kusuma' }).waitFor();

    expect(errors.filter((error) => error.startsWith(base))).toEqual([]);
    await context.close();
  });
  it.each(LANGUAGES)(
    'shows the four pages in %s at a phone width, none wider than the phone, axe clean',
    async (language) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(`${base}/pages/login`);
      // the interface language as the language menu keeps it
      await page.evaluate(`localStorage.setItem('lms.language', '${language}')`);
      const pages = {
        register: '/pages/register',
        'forgot-password': '/pages/forgot-password',
        'reset-password': '/pages/reset-password?token=not-a-real-one',
        'verify-email': '/pages/verify-email?token=not-a-real-one',
      };
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(`${base}${path}`);
        await settled(page);
        if (name === 'verify-email') await page.getByRole('alert').waitFor();
        expect(await page.evaluate('document.documentElement.lang')).toBe(language);
        await screenshot(page, `${name}-${language}-390`);
        expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(
          390,
        );
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      await context.close();
    },
  );
});
