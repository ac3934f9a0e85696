import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * Issue 16, course requests in the browser on a phone: a lecturer asks for a course from the
 * course list, an operator approves one and rejects another (by the admin API: operators never
 * use the web app), and the lecturer reads both decisions and opens the new course.
 */
describe('course requests in the browser', () => {
  let web: BrowserPlatform;
  let base: string;
  let admin: string;

  const api = async (token: string, method: string, path: string, attributes?: Record<string, unknown>) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(attributes ? { 'content-type': 'application/json' } : {}),
      },
      body: attributes ? JSON.stringify({ data: { attributes } }) : undefined,
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as {
        data: { id: string; attributes: Record<string, unknown> };
      },
    };
  };

  beforeAll(async () => {
    web = await startBrowserPlatform();
    base = web.base;
    admin = await apiToken(base, 'admin');
  });

  afterAll(async () => {
    await web?.stop();
  });

  it('asks for a course at phone width, then reads the decisions and opens the approved course', async () => {
    expect(
      (
        await api(admin, 'POST', '/api/admin/periods', {
          name: 'Genap 2031',
          year: 2031,
          period_type: 'GENAP',
          is_active: true,
        })
      ).status,
    ).toBe(201);
    expect(
      (await api(admin, 'POST', '/api/admin/faculties', { name: 'Faculty of Medicine', code: 'FK-E2E' }))
        .status,
    ).toBe(201);

    const { context, page, errors } = await web.signedIn('lecturer', { width: 390 });
    await page.goto(`${base}/courses`);
    await settled(page);
    await page.getByRole('link', { name: 'Request a course' }).click();
    await page.waitForURL(`${base}/courses/requests`);
    await settled(page);
    await page.getByText('You have not requested a course yet.').waitFor();

    const form = page.getByRole('form', { name: 'Request a course' });
    for (const [code, name, classes] of [
      ['MED101', 'Human Anatomy', 'MED101-A, MED101-B'],
      ['MED102', 'Medical Ethics', ''],
    ]) {
      await form.getByLabel('Course code').fill(code);
      await form.getByLabel('Course name').fill(name);
      await form.getByLabel('Period').selectOption({ label: '2031/2032 Even Semester' });
      await form.getByLabel('Faculty').selectOption({ label: 'Faculty of Medicine (FK-E2E)' });
      await form.getByLabel('Classes').fill(classes);
      await form.getByRole('button', { name: 'Send the request' }).click();
      await page.getByText(`Your request for “${name}” (${code}) was sent to the administrator.`).waitFor();
    }
    const mine = page.getByRole('region', { name: 'My course requests' });
    await mine.getByText('Waiting for approval').nth(1).waitFor();
    await settled(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // nothing wider than the phone
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'phone-course-requests-pending');

    // the operator decides, by the admin API
    const pending = (await fetch(`${base}/api/admin/course-requests?filter[state][is]=pending`, {
      headers: { authorization: `Bearer ${admin}` },
    }).then((response) => response.json())) as { data: Array<{ id: string; attributes: { code: string } }> };
    const idOf = (code: string) => pending.data.find((request) => request.attributes.code === code)!.id;
    expect((await api(admin, 'POST', `/api/admin/course-requests/${idOf('MED101')}/approve`)).status).toBe(
      200,
    );
    expect(
      (
        await api(admin, 'POST', `/api/admin/course-requests/${idOf('MED102')}/reject`, {
          reason: 'Already taught in MED201',
        })
      ).status,
    ).toBe(200);

    // a third, asked by the API, the lecturer withdraws
    const lecturer = await apiToken(base, 'lecturer');
    const period = (await api(admin, 'GET', '/api/admin/periods?filter[year][is]=2031')).body as unknown as {
      data: Array<{ id: string }>;
    };
    expect(
      (
        await api(lecturer, 'POST', '/api/course/course-requests', {
          name: 'Pharmacology',
          code: 'MED103',
          period_id: Number(period.data[0].id),
        })
      ).status,
    ).toBe(201);

    await page.reload();
    await settled(page);
    await mine.getByText('Reason: Already taught in MED201').waitFor();
    await mine.getByText('Approved', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'phone-course-requests-decided');
    await mine.getByRole('button', { name: 'Withdraw the request for “Pharmacology”' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Withdraw your request for “Pharmacology”?' });
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText('Your request for “Pharmacology” was withdrawn.').waitFor();
    await mine.getByText('Withdrawn', { exact: true }).waitFor();
    await mine.getByRole('link', { name: 'Open the course' }).click();
    await page.getByRole('heading', { name: 'Human Anatomy' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
