import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, LANGUAGES, screenshot, seriousA11yViolations, settled } from '../support/browser';

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}
type Body = { data: Resource | Resource[] | null };

/**
 * The lecturer's Downloads page of an assignment (issue 14, the answers as a zip) and the
 * dashboard's "Submissions to score" card, on the real services: a task that ended with answers sent late,
 * the zip asked for, shown while the server prepares it, then downloaded; both screens in every
 * interface language, at 1366 and 390 px, axe clean.
 */
describe('the answers of an assignment as a zip, and the assignments to grade', () => {
  let web: BrowserPlatform;
  const tokens: Record<string, string> = {};
  let taskId: string;

  async function call(user: string, path: string, init: RequestInit = {}): Promise<Body | null> {
    const response = await fetch(`${web.base}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${tokens[user]}`, ...(init.headers ?? {}) },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Body) : null;
  }
  const one = (body: Body | null) => body!.data as Resource;
  const many = (body: Body | null) => body!.data as Resource[];

  /** Settled, screenshot taken, the page no wider than the window, axe clean. */
  async function checked(page: Page, name: string, width: number) {
    await settled(page);
    await screenshot(page, name);
    expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(
      width,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  beforeAll(async () => {
    web = await startBrowserPlatform();
    for (const user of ['lecturer', 'student1', 'student2']) tokens[user] = await apiToken(web.base, user);
    const courses = many(await call('lecturer', 'course/courses'));
    const courseId = (courses.find((item) => item.attributes.code === 'IF101') ?? courses[0]).id;
    const outline = one(await call('lecturer', `course/courses/${courseId}?include=modules`)) as Resource & {
      relationships: { modules: { data: Array<{ id: string }> } };
    };
    // Ended an hour ago, late answers accepted: both students' answers wait for a score.
    taskId = one(
      await call('lecturer', 'course/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({
          data: {
            attributes: {
              course_id: Number(courseId),
              taskable_type: 'module',
              taskable_id: Number(outline.relationships.modules.data[0].id),
              name: 'Reading report',
              description: '<p>Summarise chapter 3.</p>',
              start_at: new Date(Date.now() - 48 * 3_600_000).toISOString(),
              end_at: new Date(Date.now() - 3_600_000).toISOString(),
              is_active: true,
              is_lateable: true,
              assesment_method: 'score',
              show_score: true,
              passing_grade: 60,
              all_class: true,
              tasks_type: 'PERSONAL',
            },
          },
        }),
      }),
    ).id;
    for (const [user, text] of [
      ['student1', 'Chapter 3 is about recursion.'],
      ['student2', 'Recursion, base cases and stacks.'],
    ]) {
      const form = new FormData();
      form.append('task_id', taskId);
      form.append('answer', `<p>${text}</p>`);
      form.append('is_sent', '1');
      form.append('file', new Blob([`${text}\n`], { type: 'text/plain' }), 'report.txt');
      await call(user, 'course/tasks/setAnswer', { method: 'POST', body: form });
    }
  });

  afterAll(() => web?.stop());

  it('prepares the zip in the background, shows its progress and downloads it', async () => {
    const { page, errors } = await web.signedIn('lecturer', { language: 'en' });
    await page.goto(`${web.base}/assignment/${taskId}/download`);
    const card = page.getByRole('region', { name: 'Answers of this assignment (.zip)' });
    await card.getByText('No .zip prepared yet.').waitFor();
    await card.getByRole('button', { name: 'Prepare the .zip' }).click();
    await card.getByText(/2 answers, .+, prepared /).waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download .zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Reading report answers \d{12}\.zip$/);
    await checked(page, 'task-export-en-1366', 1366);
    expect(errors).toEqual([]);
  });

  it.each(LANGUAGES)(
    'shows the downloads and the assignments to grade in %s, wide and narrow',
    async (language) => {
      for (const width of [1366, 390]) {
        const { page, errors } = await web.signedIn('lecturer', { width, language });
        await page.goto(`${web.base}/assignment/${taskId}/download`);
        await page.locator('[role="status"] .badge').first().waitFor();
        await checked(page, `task-export-${language}-${width}`, width);
        await page.goto(`${web.base}/dashboard`);
        const toGrade = page.locator('section:has(#dashboard-toScore)');
        await toGrade.locator(`a[href="/assignment/${taskId}/submissions"]`).first().waitFor();
        await checked(page, `task-to-grade-${language}-${width}`, width);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    },
  );
});
