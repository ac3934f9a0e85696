import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import {
  apiToken,
  DEMO_PASSWORD,
  screenshot,
  seriousA11yViolations,
  settled,
  watchErrors,
} from '../support/browser';

/**
 * Issue 11, defects 4, 5, 6 and 11 in the browser: hidden modules (keyboard hide, marked for
 * staff, absent for students), archiving a module with what it holds and restoring it, joining
 * the free course with one click, and joining by a join link from signed out.
 */
describe('course membership and visibility in the browser', () => {
  let web: BrowserPlatform;
  let courseId: string;
  let lecturerToken: string;

  const api = async (token: string, method: string, path: string, attributes?: Record<string, unknown>) => {
    const response = await fetch(`${web.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: attributes ? JSON.stringify({ data: { attributes } }) : undefined,
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as { data: { id: string } },
    };
  };

  beforeAll(async () => {
    web = await startBrowserPlatform();
    lecturerToken = await apiToken(web.base, 'lecturer');
    const courses = await fetch(`${web.base}/api/course/courses`, {
      headers: { authorization: `Bearer ${lecturerToken}` },
    });
    courseId = ((await courses.json()) as { data: Array<{ id: string }> }).data[0].id;
  });

  afterAll(() => web?.stop());

  it('hides a module from students with the keyboard, archives it with what it holds and restores it', async () => {
    const week = (
      await api(lecturerToken, 'POST', '/api/course/modules', { course_id: Number(courseId), name: 'Week H' })
    ).body.data;
    const reading = (
      await api(lecturerToken, 'POST', '/api/course/activities', {
        module_id: Number(week.id),
        name: 'Reading',
      })
    ).body.data;
    for (const [type, id, name] of [
      ['modules', week.id, 'Overview'],
      ['activities', reading.id, 'Chapter 1'],
    ]) {
      await api(lecturerToken, 'POST', '/api/course/contents', {
        contentable_type: type,
        contentable_id: Number(id),
        name,
        type: 'link',
        content: 'https://example.org',
      });
    }

    const { context, page, errors } = await web.signedIn('lecturer');
    await page.goto(`${web.base}/courses/${courseId}/edit`);
    await settled(page);
    const row = page
      .getByTestId('module-row')
      .filter({ has: page.getByRole('link', { name: 'Week H', exact: true }) });
    await row.waitFor();
    // keyboard: focus the control and press Enter
    await page.getByRole('button', { name: 'Hide Week H from students' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Module “Week H” is now hidden from students.').waitFor();
    await row.getByText('Hidden', { exact: true }).waitFor();
    expect(await row.getAttribute('data-hidden')).toBe('true');
    await page.getByRole('button', { name: 'Show Week H to students' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'editor-hidden-module');

    // the student does not see it at all
    const student = await web.signedIn('student1');
    await student.page.goto(`${web.base}/courses/${courseId}`);
    await settled(student.page);
    await student.page.getByRole('heading', { name: 'Algorithms and Programming' }).waitFor();
    await student.page.getByRole('navigation', { name: /modules/i }).waitFor();
    expect(await student.page.getByRole('link', { name: /Week H/ }).count()).toBe(0);
    expect(await student.page.getByText('Hidden', { exact: true }).count()).toBe(0);
    await screenshot(student.page, 'reader-student-without-hidden-module');
    expect(student.errors).toEqual([]);
    await student.context.close();

    // deleting says what goes with it, and moves all of it to the archive
    await page.getByRole('button', { name: 'Delete Week H' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText(
        'Module “Week H” and its 1 activity and 2 contents will be moved to the archive, from where they can be restored together.',
      )
      .waitFor();
    await screenshot(page, 'editor-delete-module-confirmation');
    await dialog.getByRole('button', { name: 'Move to the archive' }).click();
    await row.waitFor({ state: 'detached' });

    await page.goto(`${web.base}/courses/${courseId}/deleted`);
    await settled(page);
    const archived = page.getByTestId('archived-item').filter({ hasText: 'Week H' });
    await archived.getByText('1 activity, 2 contents').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'archive-module-with-contents');
    await page.getByRole('button', { name: 'Restore Week H' }).click();
    await page.getByText('“Week H” is back, with what was archived with it.').waitFor();
    await archived.waitFor({ state: 'detached' });

    await page.goto(`${web.base}/courses/${courseId}/edit`);
    await settled(page);
    await row.waitFor();
    await page.getByRole('link', { name: 'Reading', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a student who is not enrolled join the free course with one click', async () => {
    const catalogue = await fetch(`${web.base}/api/public/courses`);
    const open = (
      (await catalogue.json()) as { data: Array<{ id: string; attributes: { code: string } }> }
    ).data.find((course) => course.attributes.code === 'OPEN101')!;
    const { context, page, errors } = await web.signedIn('student2');
    await page.goto(`${web.base}/courses/${open.id}`);
    await settled(page);
    await page.getByRole('heading', { name: 'Digital Literacy for Everyone' }).waitFor();
    expect(await page.getByRole('button', { name: /^Leave/ }).count()).toBe(0);
    const join = page.getByRole('button', { name: 'Join the course “Digital Literacy for Everyone”' });
    await join.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'course-join-free');
    await join.click();
    await page.getByRole('button', { name: /^Leave the course/ }).waitFor();
    await page.getByText('You have joined “Digital Literacy for Everyone”.').waitFor();
    expect(await join.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the lecturer a join link to copy and a QR code, which joins a signed-out student after signing in', async () => {
    const { context, page, errors } = await web.signedIn('lecturer');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.base });
    await page.goto(`${web.base}/courses/${courseId}/enroll`);
    await settled(page);
    const token = page.getByTestId(/^token-/).first();
    const seeded = (await token.textContent())!.trim();
    await page.getByRole('button', { name: 'Open enrolment' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Open a new window' }).click();
    for (let waited = 0; (await token.textContent())!.trim() === seeded; waited += 100) {
      if (waited > 10_000) throw new Error('the token did not change');
      await page.waitForTimeout(100);
    }
    const link = (await page
      .getByTestId(/^link-/)
      .first()
      .textContent())!.trim();
    expect(link).toMatch(/\/courses\?token=[A-Z2-9]{8}$/);
    await page
      .getByRole('button', { name: /^Copy the join link of/ })
      .first()
      .click();
    await page.getByText('Copied to the clipboard.').first().waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
    const qr = page.getByRole('img', { name: /^QR code of the join link of/ }).first();
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(100);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'course-enrolment-join-link-qr');
    expect(errors).toEqual([]);
    await context.close();

    // student3 leaves, then opens the link signed out: signs in and is in the class
    const student = await apiToken(web.base, 'student3');
    expect(
      (await api(student, 'POST', '/api/course/enrolls/leave', { course_id: Number(courseId) })).status,
    ).toBe(200);
    const visitor = await web.browser.newContext({ bypassCSP: true });
    const tab = await visitor.newPage();
    const visitorErrors = watchErrors(tab);
    await tab.goto(link.replace(/^https?:\/\/[^/]+/, web.base));
    await tab.waitForURL((url) => url.pathname === '/pages/login');
    await tab.getByLabel('Username').fill('student3');
    await tab.getByLabel('Password').fill(DEMO_PASSWORD);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL(`${web.base}/courses/${courseId}`);
    await tab.getByRole('heading', { name: 'Algorithms and Programming' }).waitFor();
    await tab.getByRole('button', { name: /^Leave the course/ }).waitFor();
    await screenshot(tab, 'join-link-after-sign-in');
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });
});
