import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * Issue 17's attendance in a browser on the real services, from the demo's IF101-A (three sent
 * meetings and one open now): the lecturer starts a session now (the open one is kept) and reads
 * its check-in code; student2 checks in with it at phone width and sees themselves present; the
 * lecturer sees them checked in, marks student3 sick with one click and exports the recap, read
 * back with exceljs. Axe clean.
 */
describe('attendance (presence) in the browser', () => {
  let web: BrowserPlatform;
  let base: string;
  let classPath: string;
  let sessionsUrl: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    base = web.base;
    const token = await apiToken(base, 'lecturer');
    const list = (await (
      await fetch(`${base}/api/course/presences/list`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: Array<{ attributes: { course_id: number; class_id: number } }> };
    const { course_id, class_id } = list.data[0].attributes;
    classPath = `/presence/${course_id}/${class_id}`;
    sessionsUrl = `${base}/api/course/presences?filter[course_id]=${course_id}&filter[class_id]=${class_id}`;
  });

  afterAll(async () => {
    await web?.stop();
  });

  const signedIn = (username: string, viewport = { width: 1366, height: 900 }) =>
    web.signedIn(username, { viewport, acceptDownloads: true });

  it('lets the lecturer open a session, a student check in with its code, and the lecturer mark and export', async () => {
    const lecturer = await signedIn('lecturer');
    await lecturer.page.goto(`${base}/presence`);
    await lecturer.page
      .getByRole('button', { name: /Start a session now/ })
      .first()
      .click();
    await lecturer.page.goto(`${base}${classPath}`);
    const code = (await lecturer.page
      .getByText(/Check-in code:/)
      .locator('strong, code, span')
      .last()
      .textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await settled(lecturer.page);
    expect(await seriousA11yViolations(lecturer.page)).toEqual([]);

    const student = await signedIn('student2', { width: 390, height: 844 });
    await student.page.goto(`${base}${classPath}`);
    await student.page.getByLabel('Check-in code').fill(code.toLowerCase());
    await student.page.getByRole('button', { name: 'Check in' }).click();
    await student.page.getByText('You are checked in.').waitFor();
    // what the server holds: their own mark of the open session is `attend`, by check-in
    const mine = (await (
      await fetch(sessionsUrl, {
        headers: { authorization: `Bearer ${await apiToken(base, 'student2')}` },
      })
    ).json()) as {
      data: Array<{ attributes: { is_open: boolean; my_detail: { type: string; source: string } | null } }>;
    };
    expect(mine.data.find((session) => session.attributes.is_open)?.attributes.my_detail).toMatchObject({
      type: 'attend',
      source: 'check_in',
    });
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    expect(
      (await student.page.evaluate('document.documentElement.scrollWidth')) as number,
    ).toBeLessThanOrEqual(390);
    await screenshot(student.page, 'presence-student-checked-in-390');
    expect(student.errors).toEqual([]);
    await student.context.close();

    // the open session's students: student2 checked in; student3 marked sick with one click
    await lecturer.page.goto(`${base}${classPath}`);
    await lecturer.page.getByRole('link', { name: 'Students' }).last().click();
    await lecturer.page.getByText(/Dimas Saputra/).waitFor();
    await lecturer.page
      .getByText(/checked in at/)
      .first()
      .waitFor();
    const putri = lecturer.page.getByRole('group', { name: /Putri Maharani/ });
    await putri.getByRole('radio', { name: 'Sick' }).click();
    // saved: the count of the sick goes to 1 (reloaded from the server)
    await lecturer.page.reload();
    await lecturer.page
      .getByRole('group', { name: /Putri Maharani/ })
      .getByRole('radio', { name: 'Sick' })
      .waitFor();
    expect(
      await lecturer.page
        .getByRole('group', { name: /Putri Maharani/ })
        .getByRole('radio', { name: 'Sick' })
        .isChecked(),
    ).toBe(true);
    await settled(lecturer.page);
    expect(await seriousA11yViolations(lecturer.page)).toEqual([]);
    await screenshot(lecturer.page, 'presence-session-1366');

    // the recap workbook: a row per student, student2 present in the open session
    await lecturer.page.goto(`${base}${classPath}`);
    const [download] = await Promise.all([
      lecturer.page.waitForEvent('download'),
      lecturer.page.getByRole('button', { name: 'Export the recap (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const rows: string[] = [];
    workbook.worksheets[0].eachRow((row) => rows.push(JSON.stringify(row.values)));
    expect(rows.some((row) => row.includes('Dimas Saputra'))).toBe(true);
    expect(rows.some((row) => row.includes('Putri Maharani'))).toBe(true);
    expect(lecturer.errors).toEqual([]);
    await lecturer.context.close();
  });
});
