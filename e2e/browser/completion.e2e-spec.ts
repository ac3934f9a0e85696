import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { lecturersFirstCourse, screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * Completion tracking in the browser (issue 15): the demo course IF101 tracks completion and
 * student1 has done two of the five contents of its first activity. They mark two more; the
 * lecturer's report then shows them at 80 %, in the table and in the distribution chart.
 */
describe('completion tracking in the browser', () => {
  let web: BrowserPlatform;
  let courseId: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    courseId = await lecturersFirstCourse(web.base);
  });

  afterAll(() => web?.stop());

  it('a student marks two contents done and the lecturer sees the percentage in the report and the chart', async () => {
    const student = await web.signedIn('student1');
    await student.page.goto(`${web.base}/courses/${courseId}`);
    await settled(student.page);
    const progress = student.page.getByRole('region', { name: 'Your progress' });
    await progress.getByText('2 of 5 done').waitFor();
    await student.page.getByRole('checkbox', { name: 'Done: Welcome' }).waitFor();
    for (const name of ['Course handbook.pdf', 'Lecture recording']) {
      // a click, not check(): the box shows the store's state, which the optimistic update sets a
      // moment after the click (check() asserts the state at once and fails on a loaded machine)
      await student.page.getByRole('checkbox', { name: `Mark as done: ${name}` }).click();
      await student.page.getByRole('checkbox', { name: `Done: ${name}` }).waitFor();
    }
    await progress.getByText('4 of 5 done').waitFor();
    // what the student marked is stored: a reload shows it
    await student.page.reload();
    await settled(student.page);
    await progress.getByText('4 of 5 done').waitFor();
    expect(await student.page.getByRole('checkbox', { name: 'Done: Lecture recording' }).isChecked()).toBe(
      true,
    );
    expect(await seriousA11yViolations(student.page)).toEqual([]);
    await screenshot(student.page, 'completion-student-course');
    expect(student.errors).toEqual([]);
    await student.context.close();

    const lecturer = await web.signedIn('lecturer');
    await lecturer.page.goto(`${web.base}/courses/${courseId}/completion`);
    await settled(lecturer.page);
    await lecturer.page.getByRole('heading', { name: 'Completion', level: 1 }).waitFor();
    const table = lecturer.page.getByRole('table', { name: 'Completion of each student' });
    const row = table.getByRole('row').filter({ hasText: '4 of 5' });
    await row.first().waitFor();
    expect(await row.count()).toBe(2); // student1 now, and student2 from the demo seed
    await table.getByRole('row').filter({ hasText: '80 %' }).first().waitFor();
    expect(await lecturer.page.getByRole('switch', { name: 'Completion tracking' }).isChecked()).toBe(true);
    const chart = lecturer.page.getByRole('figure', { name: 'Students by completion' });
    await chart.locator('svg .recharts-bar-rectangle').first().waitFor();
    // the chart's numbers: two students at 80–89 %, student3 at 0–9 %
    await chart.getByText('Show as a table').click();
    await chart.getByRole('row', { name: '80–89 2' }).waitFor();
    await chart.getByRole('row', { name: '0–9 1' }).waitFor();
    expect(await seriousA11yViolations(lecturer.page)).toEqual([]);
    await screenshot(lecturer.page, 'completion-report');
    expect(lecturer.errors).toEqual([]);
    await lecturer.context.close();

    const phone = await web.signedIn('lecturer', { width: 390 });
    await phone.page.goto(`${web.base}/courses/${courseId}/completion`);
    await settled(phone.page);
    await phone.page.getByRole('table', { name: 'Completion of each student' }).waitFor();
    const overflow = (await phone.page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'completion-report-phone');
    await phone.context.close();
  });
});
