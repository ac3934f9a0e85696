import type { Page } from 'playwright-core';
import { apiToken, screenshot, seriousA11yViolations, watchErrors } from '../support/browser';
import { TestIdentityProvider } from '../support/oidc';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';

describe('signing in through the campus identity provider with a browser', () => {
  let web: BrowserPlatform;
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    const { base } = web;
    idp = await TestIdentityProvider.start([
      { client_id: 'lms-demo', client_secret: 'browser-secret', redirect_uris: [`${base}/callback`] },
    ]);
    const admin = await apiToken(base, 'admin');
    const version = (await (await fetch(`${base}/api/public/version?domain=localhost`)).json()) as {
      data: { attributes: { lptk_id: number } };
    };
    const set = await fetch(`${base}/api/admin/campuses/${version.data.attributes.lptk_id}/sso`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        data: {
          attributes: {
            issuer: idp.issuer,
            client_id: 'lms-demo',
            client_secret: 'browser-secret',
            button_label: 'Sign in with Demo SSO',
          },
        },
      }),
    });
    expect(set.status).toBe(200);
  });

  afterAll(async () => {
    await idp?.stop();
    await web?.stop();
  });

  /** The provider's own sign-in form (its development interactions: any password). */
  async function atProvider(page: Page, login: string) {
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
  }

  it('signs a student in at a phone width, adds their lecturer account through the provider and switches between them', async () => {
    const context = await web.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${web.base}/pages/login`);
    const button = page.getByRole('button', { name: 'Sign in with Demo SSO' });
    await button.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'sso-login-phone');
    await button.click();
    await atProvider(page, 'student1');
    await page.waitForURL(`${web.base}/`);
    await page.locator('#main').waitFor();
    await page.getByRole('button', { name: 'Account menu of Ayu Lestari' }).waitFor();

    await page.getByRole('button', { name: 'Account menu of Ayu Lestari' }).click();
    await page.getByRole('link', { name: 'Add another account' }).click();
    await page.getByRole('button', { name: 'Sign in with Demo SSO' }).click();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    expect(new URL(page.url()).href).toContain(idp.issuer);
    await atProvider(page, 'lecturer');
    await page.getByRole('button', { name: 'Account menu of Dr. Ratna Wijaya' }).waitFor();

    await page.getByRole('button', { name: 'Account menu of Dr. Ratna Wijaya' }).click();
    await screenshot(page, 'sso-account-switcher-phone');
    await page.getByRole('button', { name: 'Switch to Ayu Lestari' }).click();
    await page.getByRole('button', { name: 'Account menu of Ayu Lestari' }).waitFor();

    expect(errors.filter((error) => error.startsWith(web.base))).toEqual([]);
    await context.close();
  });

  it('tells a person why /callback could not finish, and leads back to sign-in', async () => {
    const context = await web.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${web.base}/callback?code=stale&state=not-from-this-tab`);
    await page.getByRole('alert').filter({ hasText: 'was not started in this browser tab' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'sso-callback-refused-phone');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(/\/pages\/login/);
    await context.close();
  });
});
