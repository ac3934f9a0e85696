import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import {
  apiToken,
  dispatchDragAndDrop,
  screenshot,
  seriousA11yViolations,
  settled,
} from '../support/browser';

/** A 1.5 MB PDF (by its signature) for the upload and the download. */
const HANDOUT = Buffer.concat([
  Buffer.from('%PDF-1.4\n% E2E handout\n'),
  Buffer.alloc(1_500_000, 'lorem ipsum '),
  Buffer.from('\n%%EOF\n'),
]);

/** The order of the module rows in the editor, by name. */
async function moduleNames(page: Page): Promise<string[]> {
  return page.getByTestId('module-row').getByRole('link').allTextContents();
}

/** Waits (up to 10 s) until the first module row is `name`. */
async function firstModuleIs(page: Page, name: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if ((await moduleNames(page))[0] === name) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`The first module is ${(await moduleNames(page))[0]}, not ${name}`);
}

describe('the course flow: editor, archive, enrolment and reading', () => {
  let web: BrowserPlatform;
  let courseId: string;
  let lecturerToken: string;
  const joined = { token: '' };

  beforeAll(async () => {
    web = await startBrowserPlatform();
    lecturerToken = await apiToken(web.base, 'lecturer');
    const courses = await fetch(`${web.base}/api/course/courses`, {
      headers: { authorization: `Bearer ${lecturerToken}` },
    });
    courseId = ((await courses.json()) as { data: Array<{ id: string }> }).data[0].id;
  });

  afterAll(() => web?.stop());

  it('lets the lecturer build, reorder, archive and restore, and open enrolment', async () => {
    const { context, page, errors } = await web.signedIn('lecturer');
    await page.goto(`${web.base}/courses/${courseId}/edit`);
    await settled(page);
    await page.getByRole('heading', { name: /Course editor: Algorithms and Programming/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // a module and an activity, renamed inline
    const before = await moduleNames(page);
    await page.getByRole('button', { name: 'Add module' }).click();
    await page.getByRole('link', { name: 'Untitled', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Rename Untitled', exact: true }).click();
    await page.getByRole('textbox', { name: 'New name for Untitled' }).fill('E2E Module');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'E2E Module', exact: true }).waitFor();
    expect(await moduleNames(page)).toEqual([...before, 'E2E Module']);

    await page.getByRole('button', { name: 'Add activity to E2E Module' }).click();
    await page.getByRole('link', { name: 'Untitled activity' }).waitFor();
    await page.getByRole('button', { name: 'Rename Untitled activity' }).click();
    await page.getByRole('textbox', { name: 'New name for Untitled activity' }).fill('E2E Activity');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('link', { name: 'E2E Activity' }).click();
    await page.waitForURL(/\/edit\/\d+\/\d+$/);
    const [, moduleId, activityId] = /\/edit\/(\d+)\/(\d+)$/.exec(page.url())!;

    // a text content (its HTML is sanitised when shown)
    await page.getByRole('button', { name: 'Add content' }).click();
    const newContent = page.getByRole('form', { name: 'New content' });
    await newContent.getByLabel('Name', { exact: true }).fill('E2E note');
    await newContent.getByRole('textbox', { name: 'Text', exact: true }).click();
    await page.keyboard.type('Hello ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('students');
    await page.getByRole('button', { name: 'Save content' }).click();
    await page.getByRole('list', { name: 'Contents of E2E Activity' }).getByText('E2E note').waitFor();

    // a file content: uploaded with a progress bar, listed once the upload is done
    await page.getByRole('button', { name: 'Add content' }).click();
    await newContent.getByLabel('Type', { exact: true }).selectOption('file');
    await newContent.getByLabel('Name', { exact: true }).fill('E2E handout');
    await newContent.getByLabel('File', { exact: true }).setInputFiles({
      name: 'handout.pdf',
      mimeType: 'application/pdf',
      buffer: HANDOUT,
    });
    await newContent.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('list', { name: 'Contents of E2E Activity' }).getByText('E2E handout').waitFor();
    await newContent.waitFor({ state: 'detached' });

    // the unsaved-changes flag guards navigation
    await page.getByRole('button', { name: 'Add content' }).click();
    await newContent.getByLabel('Name', { exact: true }).fill('Half-written');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('link', { name: 'Back to the course' }).click();
    await page.getByText('You have unsaved changes. Leave this page and lose them?').waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toBe(`${web.base}/courses/${courseId}/edit/${moduleId}/${activityId}`);
    await page.getByRole('form', { name: 'New content' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });

    // reorder modules: drag the new module onto the first one, then back down with the keyboard buttons
    const first = before[0];
    const row = (name: string) =>
      page.getByTestId('module-row').filter({ has: page.getByRole('link', { name, exact: true }) });
    // (headless Chromium starts no native drag from mouse input: the drag events are dispatched)
    await dispatchDragAndDrop(row('E2E Module'), row(first));
    await firstModuleIs(page, 'E2E Module');
    expect(await moduleNames(page)).toEqual(['E2E Module', ...before]);
    await page.getByRole('button', { name: 'Move E2E Module down' }).click();
    await firstModuleIs(page, first);
    await page.reload();
    await settled(page);
    expect(await moduleNames(page)).toEqual([first, 'E2E Module', ...before.slice(1)]);
    await screenshot(page, 'course-editor');

    // preview shows the content as students will read it
    await page.getByRole('link', { name: 'Course preview' }).click();
    await page.waitForURL(`${web.base}/courses/${courseId}/preview/${moduleId}/${activityId}`);
    await page.getByRole('heading', { name: 'E2E note' }).waitFor();
    expect(await page.getByTestId('rich-text').innerHTML()).toBe('<p>Hello <strong>students</strong></p>');

    // archive the content, then restore it from the archived list
    await page.goto(`${web.base}/courses/${courseId}/edit/${moduleId}/${activityId}`);
    await page.getByRole('button', { name: 'Archive E2E note' }).click();
    const contents = page.getByRole('list', { name: 'Contents of E2E Activity' });
    await contents.getByText('E2E note').waitFor({ state: 'detached' });
    await contents.getByText('E2E handout').waitFor();
    await page.goto(`${web.base}/courses/${courseId}/deleted`);
    await settled(page);
    await page.getByRole('button', { name: 'Restore E2E note' }).click();
    await page.getByText('“E2E note” is back in its place.').waitFor();
    await screenshot(page, 'course-archive-restored');
    await page.goto(`${web.base}/courses/${courseId}/preview/${moduleId}/${activityId}`);
    await page.getByRole('heading', { name: 'E2E note' }).waitFor();

    // open enrolment and read the class's token
    await page.goto(`${web.base}/courses/${courseId}/enroll`);
    await settled(page);
    // the seeded window shows its token; opening a new window replaces it
    const token = page.getByTestId(/^token-/).first();
    const seeded = (await token.textContent())!.trim();
    // the seeded window is replaced: its tokens stop working, so opening asks first
    await page.getByRole('button', { name: 'Open enrolment' }).click();
    await page
      .getByRole('alertdialog', { name: 'Open a new enrolment window for “Algorithms and Programming”?' })
      .getByRole('button', { name: 'Open a new window' })
      .click();
    for (let waited = 0; (await token.textContent())!.trim() === seeded; waited += 100) {
      if (waited > 10_000) throw new Error('the token did not change');
      await page.waitForTimeout(100);
    }
    joined.token = (await token.textContent())!.trim();
    expect(joined.token).toMatch(/^[A-Z2-9]{8}$/);
    await page.getByRole('table').filter({ hasText: 'Ayu Lestari' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'course-enrolment');

    // settings: only the modified detail is sent, and it is kept
    await page.goto(`${web.base}/courses/${courseId}/settings`);
    await settled(page);
    await page.getByLabel('Description', { exact: true }).fill('Taught with the E2E flow.');
    await page.getByText('Unsaved changes').waitFor();
    const [patch] = await Promise.all([
      page.waitForRequest(
        (request) => request.method() === 'PATCH' && request.url().includes('/api/course/courses/'),
      ),
      page.getByRole('button', { name: 'Save details' }).click(),
    ]);
    expect(patch.postDataJSON()).toEqual({
      data: { attributes: { description: '<p>Taught with the E2E flow.</p>' } },
    });
    await page
      .getByRole('status')
      .filter({ hasText: 'The details of “Algorithms and Programming” are saved.' })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.reload();
    await settled(page);
    expect(await page.getByRole('textbox', { name: 'Description', exact: true }).innerHTML()).toBe(
      '<p>Taught with the E2E flow.</p>',
    );
    await screenshot(page, 'course-settings');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a student fail with a wrong token, leave, re-join with the token and read the course', async () => {
    const { context, page, errors } = await web.signedIn('student1');
    await page.goto(`${web.base}/courses`);
    await settled(page);
    await page.getByLabel('Token').fill('WRONG234');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Token: Token is wrong: check it with your lecturer' })
      .waitFor();
    await screenshot(page, 'student-join-wrong-token');

    // leave the course from the enrolled list…
    const enrolled = page.getByRole('region', { name: /Enrolled in 1 course/ });
    await enrolled.getByRole('button', { name: 'Leave the course “Algorithms and Programming”' }).click();
    await page
      .getByRole('alertdialog', { name: 'Leave the course “Algorithms and Programming”?' })
      .getByRole('button', { name: 'Leave the course' })
      .click();
    await page.getByRole('heading', { name: 'Enrolled in 0 courses' }).waitFor();

    // …and join again with the lecturer's token
    await page.getByLabel('Token').fill(joined.token.toLowerCase());
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.waitForURL(`${web.base}/courses/${courseId}`);
    await page.getByRole('heading', { name: 'Algorithms and Programming' }).waitFor();

    // the reader: outline, and the contents of the first activity by type
    await settled(page);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    const zoom = page.getByRole('link', { name: /Join the Zoom meeting/ });
    expect(await zoom.getAttribute('target')).toBe('_blank');
    expect(await zoom.getAttribute('rel')).toContain('noopener');
    expect(
      await page.getByRole('link', { name: /Download Course handbook.pdf/ }).getAttribute('href'),
    ).toMatch(/^\/api\/course\/contents\/\d+\/download$/);
    await page.getByRole('button', { name: 'Play “Lecture recording”' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'course-reader-student');

    await page.getByRole('link', { name: 'E2E Activity' }).click();
    await page.getByRole('heading', { name: 'E2E note' }).waitFor();

    // the uploaded file downloads as an attachment with its bytes intact
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download E2E handout/ }).click(),
    ]);
    // named after the content, with the file type's extension
    expect(download.suggestedFilename()).toBe('E2E handout.pdf');
    expect(await readFile((await download.path())!)).toEqual(HANDOUT);

    // the refused join is the only failed call the console saw
    const expected = errors.filter((line) => line.includes('status of 422'));
    expect(expected).toHaveLength(1);
    expect(errors.filter((line) => !line.includes('status of 422'))).toEqual([]);
    await context.close();
  });
});
