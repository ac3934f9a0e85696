import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, signInAs, watchErrors } from './browser';
import { startTestPlatform, type TestPlatform } from './platform';

/** A browser context signed in as one account, with the errors its page logs. */
export interface SignedIn {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed page scripts (`watchErrors`): a page with any of them fails its test. */
  errors: string[];
}

export interface SignInOptions extends BrowserContextOptions {
  /** The window's width when no `viewport` is given (1366); its height is a phone's below 600 px. */
  width?: number;
  /** The interface language, chosen once signed in as the language menu keeps it. */
  language?: string;
}

/** The whole product serving the built web client, and a browser to use it with. */
export interface BrowserPlatform {
  platform: TestPlatform;
  browser: Browser;
  /** The gateway's address by `localhost` (the name the web client's cookies and CSP are set for). */
  base: string;
  /** A new browser context signed in through the login page as `username`, its errors watched. */
  signedIn(username: string, options?: SignInOptions): Promise<SignedIn>;
  stop(): Promise<void>;
}

/** Starts the product with the demo campus (`startTestPlatform`) and Chromium, for a browser test's `beforeAll`. */
export async function startBrowserPlatform(): Promise<BrowserPlatform> {
  const platform = await startTestPlatform({ webDist: join(__dirname, '../../web/dist') });
  const base = platform.url.replace('127.0.0.1', 'localhost');
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await platform.stop();
    throw error;
  });
  return {
    platform,
    browser,
    base,
    async signedIn(username, { width = 1366, language, ...options } = {}) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        bypassCSP: true,
        ...options,
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signInAs(page, base, username);
      // Signed in on the English page, then the interface language as the language menu keeps it.
      if (language) await page.evaluate(`localStorage.setItem('lms.language', '${language}')`);
      return { context, page, errors };
    },
    async stop() {
      await browser.close();
      await platform.stop();
    },
  };
}
