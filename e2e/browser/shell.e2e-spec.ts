import { expectEventually } from '@lms/testing';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import {
  apiToken,
  DEMO_PASSWORD,
  screenshot,
  seriousA11yViolations,
  settled,
  watchErrors,
} from '../support/browser';

type Allowed = 'all' | 'lecturer' | 'adminLecturer' | 'admin';

/** Every route of spec 01 §2 (and specs 02/03) inside the signed-in layout, with who may open it. */
function appRoutes(course: string, exam: string, tasks: DemoTasks, room: string): Array<[string, Allowed]> {
  return [
    ['/', 'all'],
    ['/homepage', 'all'],
    ['/dashboard', 'all'],
    ['/admin/dashboard', 'admin'],
    ['/assignment', 'all'],
    [`/assignment/${tasks.personal}`, 'all'],
    [`/assignment/${tasks.personal}/download`, 'adminLecturer'],
    [`/assignment/take/${tasks.personal}`, 'all'],
    [`/assignment/group/${tasks.group}`, 'all'],
    ['/assignment/annotate-pdf/1', 'all'],
    [`/crs/${room}`, 'all'],
    [`/crs/${room}/result`, 'all'],
    [`/crs-result-h5p/${room}`, 'lecturer'],
    [`/courses/${course}/crs`, 'all'],
    ['/discussion', 'all'],
    ['/discussion/1', 'all'],
    ['/discussion/1/2', 'all'],
    ['/exam', 'all'],
    [`/exam/${exam}/edit`, 'all'],
    [`/exam/${exam}`, 'all'],
    [`/exam/${exam}/start`, 'all'],
    [`/exam/${exam}/preview/1`, 'all'],
    [`/exam/${exam}/statistic`, 'adminLecturer'],
    [`/exam/${exam}/download`, 'adminLecturer'],
    ['/presence', 'all'],
    [`/presence/${course}/1`, 'all'],
    [`/presence/${course}/1/detail/1`, 'adminLecturer'],
    ['/workspace', 'all'],
    ['/workspace/project-list/1', 'all'],
    ['/workspace/project-detail/1', 'all'],
    ['/workspace/project-detail/1/module-detail/1', 'all'],
    ['/courses', 'all'],
    ['/courses/requests', 'lecturer'],
    [`/courses/${course}`, 'all'],
    [`/courses/${course}/edit/exam`, 'lecturer'],
    [`/courses/${course}/edit`, 'lecturer'],
    [`/courses/${course}/edit/1/2`, 'lecturer'],
    [`/courses/${course}/preview`, 'lecturer'],
    [`/courses/${course}/preview/1`, 'lecturer'],
    [`/courses/${course}/enroll`, 'lecturer'],
    [`/courses/${course}/groups`, 'all'],
    [`/courses/${course}/settings`, 'lecturer'],
    [`/courses/${course}/deleted`, 'lecturer'],
    [`/courses/${course}/gradebook`, 'lecturer'],
    [`/courses/${course}/cpmk`, 'lecturer'],
    [`/courses/${course}/completion`, 'lecturer'],
    [`/courses/${course}/learning-plan`, 'lecturer'],
    [`/courses/${course}/learning-plan/edit`, 'lecturer'],
    [`/courses/${course}/rps`, 'lecturer'],
    [`/courses/${course}/rps/stage/informasi-umum-mk`, 'lecturer'],
    [`/courses/${course}/rps/preview/IF101/2024`, 'lecturer'],
    ['/rps', 'lecturer'],
    ['/rps/1', 'lecturer'],
    ['/notification', 'all'],
    ['/news/1', 'all'],
    ['/news/manage', 'lecturer'],
    ['/news/manage/new', 'lecturer'],
    ['/agenda', 'all'],
    ['/survey', 'all'],
    ['/survey/new', 'adminLecturer'],
    ['/survey/1', 'all'],
    ['/survey/1/take', 'all'],
    ['/todo', 'all'],
    ['/announcements', 'all'],
    ['/announcements/new', 'lecturer'],
    ['/vlabs/result/1', 'all'],
    ['/notes', 'all'],
    ['/bookmark', 'all'],
    ['/search', 'all'],
    ['/messages', 'all'],
    ['/messages/new', 'all'],
    ['/messages/sent', 'all'],
    ['/messages/1', 'all'],
    ['/settings/profile', 'all'],
    ['/settings/account', 'all'],
    ['/vicon', 'all'],
    ['/forms', 'all'],
    ['/forms/1', 'all'],
    ['/gradebook/1', 'all'],
  ];
}

/** The public full-page routes (no sign-in). */
function publicRoutes(course: { id: string; moduleId: string; activityId: string }): string[] {
  return [
    '/home-landing',
    '/landing',
    '/callback',
    '/webhook/sso',
    '/pages/login',
    '/pages/login/new',
    '/pages/register',
    '/pages/forgot-password',
    '/pages/reset-password',
    '/pages/lock-screen',
    '/pages/comingsoon',
    '/pages/error-404',
    '/pages/error-500',
    '/pages/not-authorized',
    '/pages/maintenance',
    `/public/courses/${course.id}`,
    `/public/courses/${course.id}/${course.moduleId}/${course.activityId}`,
    '/pages/preview-rps/IF101/2024',
    '/test/poc-whiteboard',
    '/test/poc-edit-pdf',
  ];
}

/** Routes of the lecturer's unpublished exam that a student must not reach (it is a 404 for them). */
const notAStudentsExam = (exam: string) => [
  `/exam/${exam}/edit`,
  `/exam/${exam}`,
  `/exam/${exam}/start`,
  `/exam/${exam}/preview/1`,
];

/** The demo seed's personal and group tasks in IF101 (services/task/src/seed). */
interface DemoTasks {
  personal: string;
  group: string;
}

/** A student's pages the staff open land on the task's own page. */
const staffLandAt = (tasks: DemoTasks): Record<string, string> => ({
  [`/assignment/take/${tasks.personal}`]: `/assignment/${tasks.personal}`,
  [`/assignment/group/${tasks.group}`]: `/assignment/${tasks.group}`,
});

const may = (role: 'student' | 'lecturer', allowed: Allowed) =>
  allowed === 'all' || (role === 'lecturer' && (allowed === 'lecturer' || allowed === 'adminLecturer'));

describe('the web client shell', () => {
  let web: BrowserPlatform;
  let courseId: string;
  /** The lecturer's unpublished exam the route map opens (the demo seed has exams of its own). */
  let examId: string;
  let roomId: string;
  const tasks: DemoTasks = { personal: '', group: '' };
  /** The seeded public course (OPEN101), its first module and activity. */
  const publicCourse = { id: '', moduleId: '', activityId: '' };

  beforeAll(async () => {
    web = await startBrowserPlatform();
    const token = await apiToken(web.base, 'lecturer');
    const courses = await fetch(`${web.base}/api/course/courses`, {
      headers: { authorization: `Bearer ${token}` },
    });
    courseId = ((await courses.json()) as { data: Array<{ id: string }> }).data[0].id;
    const catalogue = await fetch(`${web.base}/api/public/courses?filter[code][is]=OPEN101`);
    publicCourse.id = ((await catalogue.json()) as { data: Array<{ id: string }> }).data[0].id;
    const detail = (await (
      await fetch(`${web.base}/api/public/courses/${publicCourse.id}?include=modules,modules.activities`)
    ).json()) as { included: Array<{ id: string; type: string }> };
    publicCourse.moduleId = detail.included.find((resource) => resource.type === 'modules')!.id;
    publicCourse.activityId = detail.included.find((resource) => resource.type === 'activities')!.id;
    // The demo tasks arrive once the task service has learnt the course from its events.
    await expectEventually(async () => {
      const listed = (await (
        await fetch(`${web.base}/api/course/tasks?filter[course_id]=${courseId}&page[limit]=0`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: Array<{ id: string; attributes: { tasks_type: string } }> };
      tasks.personal = listed.data.find((task) => task.attributes.tasks_type === 'PERSONAL')?.id ?? '';
      tasks.group = listed.data.find((task) => task.attributes.tasks_type === 'GROUP')?.id ?? '';
      expect(tasks.personal && tasks.group).toBeTruthy();
    });
    // The route map opens /exam/{id}/…: the lecturer's new exam of the course (once the exam service has
    // learnt the course from its events).
    await expectEventually(async () => {
      const created = await fetch(`${web.base}/api/exam/exams`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({
          data: {
            type: 'exams',
            attributes: {
              course_id: Number(courseId),
              name: 'Midterm',
              type: 'midterm',
              package: 1,
              start_at: '2030-03-01 08:00:00',
              end_at: '2030-03-01 10:00:00',
            },
          },
        }),
      });
      expect(created.status).toBe(201);
      examId = ((await created.json()) as { data: { id: string } }).data.id;
    });
    // …and /crs/{id}/…: a live class of the course (once the presence service has learnt it).
    await expectEventually(async () => {
      const created = await fetch(`${web.base}/api/crs/crs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({
          data: {
            type: 'crs',
            attributes: {
              course_id: Number(courseId),
              title: 'Week 3, live',
              start_at: '2030-03-01 08:00:00',
              end_at: '2030-03-01 10:00:00',
            },
          },
        }),
      });
      expect(created.status).toBe(201);
      roomId = ((await created.json()) as { data: { id: string } }).data.id;
    });
  });

  /** Forgets a user's interface language and theme on their account (a test chose them). */
  async function forgetChoices(username: string): Promise<void> {
    const headers = { authorization: `Bearer ${await apiToken(web.base, username)}` };
    const me = (await (await fetch(`${web.base}/api/login/me`, { headers })).json()) as {
      data: { id: string };
    };
    const reset = await fetch(`${web.base}/api/course/users/${me.data.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: { type: 'users', id: me.data.id, attributes: { language: null, theme: null } },
      }),
    });
    expect(reset.status).toBe(200);
  }

  afterAll(() => web?.stop());

  /** A signed-in browser context; axe is injected as a script, so the page's CSP is bypassed there. */
  const signedIn = (username: string, options: { bypassCSP?: boolean } = {}) =>
    web.signedIn(username, { viewport: { width: 1280, height: 720 }, bypassCSP: false, ...options });

  it('applies the guard rules: login with `to`, away from login when signed in, 404 with `from`', async () => {
    const context = await web.browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${web.base}/assignment/take/${tasks.personal}`);
    await page.waitForURL(`${web.base}/pages/login?to=%2Fassignment%2Ftake%2F${tasks.personal}`);

    await page.getByLabel('Username').fill('student1');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${web.base}/assignment/take/${tasks.personal}`);
    await page.getByRole('heading', { name: 'Essay: choosing the right loop' }).waitFor();

    await page.goto(`${web.base}/pages/login`);
    await page.waitForURL(`${web.base}/`);
    await page.getByRole('heading', { name: /Welcome, Ayu Lestari/ }).waitFor();

    await page.goto(`${web.base}/courses/${courseId}/gradebook`);
    await page.waitForURL(/\/pages\/error-404\?from=/);
    expect(new URL(page.url()).searchParams.get('from')).toBe(`/courses/${courseId}/gradebook`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, 'guard-wrong-role-404');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses an admin account with its message and keeps it signed out', async () => {
    const context = await web.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${web.base}/settings/profile`);
    await page.waitForURL(/\/pages\/login\?to=/);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Cannot login using Admin Account' }).waitFor();
    await page.goto(`${web.base}/settings/profile`);
    await page.waitForURL(/\/pages\/login\?to=/);
    await context.close();
  });

  it('remembers the theme and the language across a reload', async () => {
    const { context, page, errors } = await signedIn('student1', { bypassCSP: true });
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('link', { name: 'Kurse', exact: true }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: /Willkommen, Ayu Lestari/ }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'home-dark-de');

    await page.getByRole('button', { name: 'Design' }).click();
    await page.getByRole('button', { name: 'Halbdunkel' }).click();
    await page.getByRole('button', { name: 'Sprache' }).click();
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('link', { name: 'Cours', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /Bienvenue, Ayu Lestari/ }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('semi-dark');
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'home-semi-dark-fr');
    expect(errors).toEqual([]);
    await context.close();
    // The choices are kept on the account now: give student1 back the campus's defaults.
    await forgetChoices('student1');
  });

  it('stars pages (kept across a reload) and switches between two signed-in accounts', async () => {
    const { context, page, errors } = await signedIn('student1');
    await page.goto(`${web.base}/courses/${courseId}`);
    await page.getByRole('heading', { name: 'Algorithms and Programming' }).waitFor();
    await page.getByRole('button', { name: 'Star this page' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Remove the star from this page' }).waitFor();
    await page.getByRole('button', { name: 'Starred pages' }).click();
    await page.getByRole('link', { name: /Algorithms and Programming · Course/ }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Account menu of Ayu Lestari/ }).click();
    await page.getByRole('link', { name: 'Add another account' }).click();
    await page.waitForURL(/account=add/);
    await page.getByLabel('Username').fill('lecturer');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /Welcome, Dr. Ratna Wijaya/ }).waitFor();

    await page.getByRole('button', { name: /Account menu of Dr. Ratna Wijaya/ }).click();
    await page.getByRole('button', { name: 'Switch to Ayu Lestari' }).click();
    await page.getByRole('heading', { name: /Welcome, Ayu Lestari/ }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /Welcome, Ayu Lestari/ }).waitFor();

    // Logging out of one account hands over to the other one still held.
    await page.getByRole('button', { name: /Account menu of Ayu Lestari/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: /Welcome, Dr. Ratna Wijaya/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const role of ['student', 'lecturer'] as const) {
    it(`renders every route of the map for a ${role}, without console errors`, async () => {
      const { context, page, errors } = await signedIn(role === 'student' ? 'student1' : 'lecturer');
      const failures: string[] = [];
      const landings = role === 'lecturer' ? staffLandAt(tasks) : {};
      for (const [path, allowed] of appRoutes(courseId, examId, tasks, roomId)) {
        await page.goto(`${web.base}${path}`);
        if (role === 'student' && notAStudentsExam(examId).includes(path)) {
          // The route is open to every role, but this is the lecturer's unpublished exam: the
          // service answers 404 to a student, and the client shows its not-found page.
          await page.waitForURL(/\/pages\/error-404$/);
        } else if (may(role, allowed)) {
          await settled(page);
          const url = new URL(page.url());
          const expected = landings[path] ?? path;
          if (url.pathname !== expected) failures.push(`${path} ended at ${url.pathname}`);
          if (await page.getByTestId('route-error').count()) failures.push(`${path} shows an error`);
          if (!(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible())) {
            failures.push(`${path} has no sidebar`);
          }
        } else {
          await page.waitForURL(/\/pages\/error-404\?from=/);
          expect(new URL(page.url()).searchParams.get('from')).toBe(path);
        }
      }
      expect(failures).toEqual([]);
      // The refusals a student's browser logs on that exam's pages are the expected ones.
      const refused = (error: string) =>
        role === 'student' &&
        notAStudentsExam(examId).some((path) => error.startsWith(`${web.base}${path}: `)) &&
        / status of 40[34] /.test(error);
      expect(errors.filter((error) => !refused(error))).toEqual([]);
      await context.close();
      // Every route of the map, one after another: 40–80 s on a loaded machine.
    }, 180_000);
  }

  it('renders every public page signed out, without console errors', async () => {
    const context = await web.browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const path of publicRoutes(publicCourse)) {
      await page.goto(`${web.base}${path}`);
      await settled(page);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.goto(`${web.base}/no/such/page`);
    await page.waitForURL(/\/pages\/error-404$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical accessibility violations on the main pages', async () => {
    const results: Record<string, unknown> = {};
    const anonymous = await web.browser.newContext({ bypassCSP: true });
    const visitor = await anonymous.newPage();
    for (const [path, name] of [
      ['/pages/login', 'login'],
      ['/home-landing', 'landing'],
      ['/pages/error-404', 'not-found'],
      ['/pages/register', 'register-unavailable'],
    ]) {
      await visitor.goto(`${web.base}${path}`);
      await settled(visitor);
      const violations = await seriousA11yViolations(visitor);
      if (violations.length) results[path] = violations;
      await screenshot(visitor, name);
    }
    await anonymous.close();

    for (const username of ['student1', 'lecturer']) {
      const { context, page } = await signedIn(username, { bypassCSP: true });
      for (const [path, name] of [
        ['/', 'home'],
        ['/dashboard', 'dashboard'],
        ['/courses', 'courses'],
        [`/courses/${courseId}`, 'course'],
        ['/exam', 'exams-unavailable'],
        ['/settings/profile', 'profile'],
        ['/settings/account', 'account-settings'],
      ]) {
        await page.goto(`${web.base}${path}`);
        await settled(page);
        const violations = await seriousA11yViolations(page);
        if (violations.length) results[`${username} ${path}`] = violations;
        await screenshot(page, `${username}-${name}`);
      }
      // open menus are part of the page too
      await page.getByRole('button', { name: /Account menu of/ }).click();
      const violations = await seriousA11yViolations(page);
      if (violations.length) results[`${username} account menu`] = violations;
      await context.close();
    }
    expect(results).toEqual({});
  });

  it('works on a phone: the sidebar is a drawer opened from the menu button', async () => {
    const { context, page, errors } = await web.signedIn('student1', {
      viewport: { width: 390, height: 780 },
    });
    await settled(page);
    // the top bar's buttons fit side by side: none is drawn over its neighbour
    const boxes = (await page.evaluate(`[...document.querySelectorAll('header button, header a')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => [box.left, box.right])`)) as [number, number][];
    for (let i = 1; i < boxes.length; i++) expect(boxes[i][0]).toBeGreaterThanOrEqual(boxes[i - 1][1] - 0.5);
    expect(boxes.at(-1)![1]).toBeLessThanOrEqual(390);
    expect(await page.getByRole('link', { name: 'Courses', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Courses', exact: true })
      .click();
    await page.waitForURL(`${web.base}/courses`);
    await settled(page);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'phone-courses');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe('Close menu');
    await page.waitForTimeout(400); // the drawer slides in
    await screenshot(page, 'phone-drawer');
    await page.keyboard.press('Escape');
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe('Menu');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);

    // keyboard users reach the content first
    await page.goto(`${web.base}/courses`);
    await settled(page);
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.locator(':focus').getAttribute('id')).toBe('main');
    expect(errors).toEqual([]);
    await context.close();
  });
});
