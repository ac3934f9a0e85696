import { readFile } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled, watchErrors } from '../support/browser';

/** A small PDF (by its signature) that the lecturer puts into the course they open to the public. */
const HANDOUT = Buffer.concat([
  Buffer.from('%PDF-1.4\n% public handout\n'),
  Buffer.alloc(64_000, 'open knowledge '),
  Buffer.from('\n%%EOF\n'),
]);

interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: Array<{ id: string }> | { id: string } | null }>;
}

describe('the public catalogue: a visitor reads public courses without signing in', () => {
  let web: BrowserPlatform;
  let algorithmsId: string;
  let openCourseId: string;

  /** Visits recorded for a course (the API records them but lists them nowhere: read from the database). */
  async function viewsOf(courseId: string): Promise<number> {
    const rows: Array<{ count: string }> = await web.platform.services.course
      .get(DataSource)
      .query('SELECT count(*) AS count FROM course_views WHERE course_id = $1', [courseId]);
    return Number(rows[0].count);
  }

  async function viewsBecome(courseId: string, expected: number): Promise<void> {
    for (let waited = 0; (await viewsOf(courseId)) !== expected; waited += 100) {
      if (waited > 10_000) throw new Error(`course ${courseId} has ${await viewsOf(courseId)} views`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    web = await startBrowserPlatform();

    // The lecturer opens IF101 to the public and puts a handout into its first activity.
    const token = await apiToken(web.base, 'lecturer');
    const auth = { authorization: `Bearer ${token}` };
    const courses = await fetch(`${web.base}/api/course/courses`, { headers: auth });
    algorithmsId = ((await courses.json()) as { data: Resource[] }).data[0].id;
    const opened = await fetch(`${web.base}/api/course/courses/${algorithmsId}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { attributes: { is_public: true, is_free: true } } }),
    });
    expect(opened.status).toBe(200);

    const tree = (await (
      await fetch(`${web.base}/api/course/courses/${algorithmsId}?include=modules,modules.activities`, {
        headers: auth,
      })
    ).json()) as { included: Resource[] };
    const firstModule = tree.included.find((item) => item.type === 'modules' && item.attributes.index === 0)!;
    const activityIds = (firstModule.relationships!.activities.data as Array<{ id: string }>).map(
      (a) => a.id,
    );
    const firstActivity = tree.included.find(
      (item) => item.type === 'activities' && activityIds.includes(item.id) && item.attributes.index === 0,
    )!;
    const form = new FormData();
    form.append('contentable_type', 'activities');
    form.append('contentable_id', firstActivity.id);
    form.append('name', 'Public handout');
    form.append('file', new Blob([HANDOUT], { type: 'application/pdf' }), 'public-handout.pdf');
    const upload = await fetch(`${web.base}/api/course/contents/upload`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(upload.status).toBe(201);

    // The seeded open course, found as a visitor would: in the public catalogue.
    const catalogue = await fetch(`${web.base}/api/public/courses?filter[code][is]=OPEN101`);
    openCourseId = ((await catalogue.json()) as { data: Resource[] }).data[0].id;
  });

  afterAll(() => web?.stop());

  it('shows the catalogue on the landing page, searches it and opens a public course to read and download', async () => {
    const context = await web.browser.newContext({ bypassCSP: true, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // the landing page: the catalogue, with a sign-in link; both its courses are free, so the
    // "explore" strip of free courses would only show the same cards again and is left out
    await page.goto(`${web.base}/home-landing`);
    await settled(page);
    const catalogue = page.getByRole('region', { name: 'Course catalogue' });
    await catalogue.getByText('2 courses in the catalogue').waitFor();
    expect(await catalogue.getByRole('article').count()).toBe(2);
    expect(await page.getByRole('region', { name: 'Explore free courses' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Digital Literacy for Everyone' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/pages/login');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'public-landing-catalogue');

    // search by name (kept in the URL), then nothing found, then back
    const search = catalogue.getByRole('searchbox', { name: 'Search the catalogue' });
    await search.fill('digital');
    await catalogue.getByText('1 course in the catalogue').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('digital');
    expect(await catalogue.getByRole('article').allTextContents()).toEqual([
      expect.stringContaining('Digital Literacy for Everyone'),
    ]);
    await search.fill('no such course');
    await catalogue.getByText('No course of the catalogue matches “no such course”.').waitFor();
    await search.fill('digital');
    await catalogue.getByText('1 course in the catalogue').waitFor();

    // open the course from the keyboard
    await catalogue.getByRole('link', { name: 'Digital Literacy for Everyone' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${web.base}/public/courses/${openCourseId}`);
    await settled(page);
    await page.getByRole('heading', { level: 1, name: 'Digital Literacy for Everyone' }).waitFor();
    // the first activity is read without choosing: its text, sanitised, and its link in a new tab
    await page.getByRole('heading', { name: 'Start here' }).waitFor();
    await page.getByText('Welcome! This course is open to everyone').waitFor();
    const reading = page.getByRole('link', { name: /Open the link/ });
    expect(await reading.getAttribute('target')).toBe('_blank');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'public-course-open');

    // one visit recorded, however the visitor moves inside the course
    await viewsBecome(openCourseId, 1);
    await page.getByRole('link', { name: 'Finding information' }).click();
    await page.getByText('No contents here yet.').waitFor();
    await page.getByRole('link', { name: 'Searching the web well' }).click();
    await page.waitForURL(/\/public\/courses\/\d+\/\d+\/\d+$/);
    await page.getByRole('heading', { name: 'Start here' }).waitFor();
    expect(await viewsOf(openCourseId)).toBe(1);

    // back to the catalogue; the lecturer's course, with its handout through the public download link
    await page.getByRole('link', { name: 'Back to the course catalogue' }).click();
    await page.waitForURL(`${web.base}/home-landing`);
    await page
      .getByRole('region', { name: 'Course catalogue' })
      .getByRole('link', { name: 'Algorithms and Programming' })
      .click();
    await page.waitForURL(`${web.base}/public/courses/${algorithmsId}`);
    await page.getByRole('heading', { level: 1, name: 'Algorithms and Programming' }).waitFor();
    await page.getByText('Dr. Ratna Wijaya').first().waitFor();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    const download = page.getByRole('link', { name: /Download Public handout/ });
    expect(await download.getAttribute('href')).toMatch(/^\/api\/public\/contents\/\d+\/download$/);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(await readFile((await file.path())!)).toEqual(HANDOUT);
    await viewsBecome(algorithmsId, 1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'public-course-algorithms');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('says honestly that a course is not in the catalogue, and records no visit', async () => {
    const context = await web.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${web.base}/public/courses/987654`);
    await settled(page);
    await page.getByRole('heading', { name: 'Course not found' }).waitFor();
    await page.getByText('This course does not exist or is not open to the public.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await viewsOf('987654')).toBe(0);
    // the refused course is the only failed call the console saw
    expect(errors.filter((line) => !line.includes('status of 404'))).toEqual([]);
    expect(errors).toHaveLength(1);
    await context.close();
  });
});
