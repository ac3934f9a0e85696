import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const ARTIFACTS = join(__dirname, '../../artifacts/screenshots');
export const DEMO_PASSWORD = 'lms-demo';

/** Debian's Chromium (installed by scripts/ensure-chromium.sh), headless, no network but loopback. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Collects console errors and failed page scripts: a page with any of them fails its test. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Signs in through the login page and waits until the signed-in layout shows. */
export async function signInAs(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/pages/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/pages/login'));
  await page.locator('#main').waitFor();
}

/** Every interface language of the web client. */
export const LANGUAGES = ['en', 'id', 'de', 'fr', 'pt'] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2 A/AA rules and best practices) on the page; returns the serious and critical
 * violations. axe is injected as a script: the page's context must be created with `bypassCSP: true`.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) {
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  }
  // Contrast is judged on what the page settles to: a toast still fading in (its opacity rising)
  // would read as too faint. Finite animations are waited for; endless ones (spinners) are not.
  const violations = (await page.evaluate(`(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect && animation.effect.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  })()`)) as AxeViolation[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * HTML5 drag and drop of `source` onto `target` by dispatching the DOM drag events (dragstart,
 * dragenter, dragover, drop, dragend) with one shared DataTransfer. Headless Chromium here does not
 * start a native drag from mouse input, so the page's own drag handlers are driven directly.
 */
export async function dispatchDragAndDrop(source: Locator, target: Locator): Promise<void> {
  const from = await source.elementHandle();
  const to = await target.elementHandle();
  if (!from || !to) throw new Error('drag source or target not found');
  await source.page().evaluate(
    ([dragged, dropTarget]) => {
      const scope = globalThis as unknown as {
        DataTransfer: new () => unknown;
        DragEvent: new (type: string, init: Record<string, unknown>) => unknown;
      };
      const dataTransfer = new scope.DataTransfer();
      const fire = (element: unknown, type: string) =>
        (element as { dispatchEvent(event: unknown): boolean }).dispatchEvent(
          new scope.DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }),
        );
      fire(dragged, 'dragstart');
      fire(dropTarget, 'dragenter');
      fire(dropTarget, 'dragover');
      fire(dropTarget, 'drop');
      fire(dragged, 'dragend');
    },
    [from, to] as const,
  );
}

/** Waits until a page has settled: its heading is shown and nothing is loading any more. */
export async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as { document: { querySelector(selector: string): unknown } };
    return !document.querySelector('[data-loading]');
  });
}

/** An access token of a demo account, signed in through the gateway's API (for test setup calls). */
export async function apiToken(base: string, username: string): Promise<string> {
  const login = await fetch(`${base}/api/user/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`signing ${username} in failed: ${login.status}`);
  return ((await login.json()) as { data: { attributes: { access_token: string } } }).data.attributes
    .access_token;
}

/** The id of the first course the lecturer teaches (the demo campus's IF101), for a test's setup. */
export async function lecturersFirstCourse(base: string): Promise<string> {
  const token = await apiToken(base, 'lecturer');
  const courses = await fetch(`${base}/api/course/courses`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await courses.json()) as { data: Array<{ id: string }> }).data[0].id;
}

/** A resource of a JSON:API document, as a test's setup reads it. */
export interface ApiResource {
  id: string;
  attributes: Record<string, unknown>;
}

/**
 * JSON:API calls to the gateway with a demo account's token, for a test's setup: `api(path)`
 * answers the document (null when empty) or throws with the status and body, `post(path,
 * attributes)`, and `campusTime(hours)` — the campus's wall clock `hours` from now, as the services
 * write dates.
 */
export function apiAs(base: string, token: string) {
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}/api/${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.api+json',
        ...(init.headers ?? {}),
      },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as { data: ApiResource | ApiResource[] }) : null;
  };
  const post = (path: string, attributes: Record<string, unknown>) =>
    api(path, { method: 'POST', body: JSON.stringify({ data: { attributes } }) });
  const campusTime = async (hours: number): Promise<string> => {
    const now = (await api('time'))!.data as ApiResource;
    const [date, time] = String(now.attributes.time).split(' ');
    const [y, m, d] = date.split('-').map(Number);
    const [hh, mm, ss] = time.split(':').map(Number);
    const shifted = new Date(Date.UTC(y, m - 1, d, hh, mm, ss) + hours * 3_600_000);
    return shifted.toISOString().slice(0, 19).replace('T', ' ');
  };
  return { api, post, campusTime };
}
