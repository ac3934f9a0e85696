import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { lecturersFirstCourse, screenshot, seriousA11yViolations, settled } from '../support/browser';

/** The accessible name of the element that has the keyboard focus. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as {
      document: { activeElement: { getAttribute(name: string): string | null; textContent: string } | null };
    };
    const focused = document.activeElement;
    return focused?.getAttribute('aria-label') ?? focused?.textContent?.trim() ?? '';
  });
}

/** A success toast after every save, and confirmations that name what will happen (issue 11). */
describe('saving tells the user it worked, and destructive actions ask in specific words', () => {
  let web: BrowserPlatform;
  let courseId: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    courseId = await lecturersFirstCourse(web.base);
  });

  afterAll(() => web?.stop());

  const lecturer = () => web.signedIn('lecturer', { viewport: { width: 1366, height: 768 } });

  it('shows a success toast after saving the course settings, read out politely, held while hovered', async () => {
    const { context, page, errors } = await lecturer();
    await page.goto(`${web.base}/courses/${courseId}/settings`);
    await settled(page);
    await page.getByLabel('Description', { exact: true }).fill('Saved with a toast.');
    await page.getByRole('button', { name: 'Save details' }).click();

    // the sentence is in the polite live region a screen reader announces, and names the course
    const saved = 'The details of “Algorithms and Programming” are saved.';
    const region = page.getByRole('status').filter({ hasText: saved });
    await region.waitFor();
    expect(await region.getAttribute('aria-live')).toBe('polite');
    const toast = region.getByText(saved);
    expect(await toast.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // it stays while the pointer rests on it (it would hide after 5 s)…
    await toast.hover();
    await screenshot(page, 'toast-course-details-saved');
    await page.waitForTimeout(6_500);
    expect(await toast.isVisible()).toBe(true);
    // …and hides by itself once the pointer has left
    await page.mouse.move(10, 10);
    await toast.waitFor({ state: 'detached', timeout: 8_000 });

    // a toast is dismissed by its button
    await page.getByLabel('Description', { exact: true }).fill('Saved with a second toast.');
    await page.getByRole('button', { name: 'Save details' }).click();
    await toast.waitFor();
    await region.getByRole('button', { name: 'Dismiss' }).click();
    await toast.waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before removing a student in words that name the student, the course and the class', async () => {
    const { context, page, errors } = await lecturer();
    await page.goto(`${web.base}/courses/${courseId}/enroll`);
    await settled(page);
    const row = page.getByRole('row').filter({ hasText: 'Ayu Lestari' });
    await row.waitFor();
    const className = (await row.getByRole('cell').nth(2).textContent())!.trim();
    expect(className).not.toBe('');

    const opener = row.getByRole('button', { name: 'Remove Ayu Lestari from the course' });
    await opener.click();
    const dialog = page.getByRole('alertdialog', {
      name: 'Remove Ayu Lestari from “Algorithms and Programming”?',
    });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      `They leave the class ${className} and no longer see the course.`,
    );
    // the destructive button says what it does; focus starts on the one that changes nothing
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel', 'Remove student']);
    expect(await focusedName(page)).toBe('Cancel');
    // Tab stays inside the dialog
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Remove student');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Remove student');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'confirm-remove-student');

    // Escape cancels: the student stays, the focus is back on the button that asked
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Remove Ayu Lestari from the course');
    expect(await row.count()).toBe(1);

    // confirmed, the student goes and a toast says so
    await opener.click();
    await dialog.getByRole('button', { name: 'Remove student' }).click();
    await page
      .getByRole('status')
      .getByText('Ayu Lestari is no longer enrolled in “Algorithms and Programming”.')
      .waitFor();
    await row.waitFor({ state: 'detached' });
    await screenshot(page, 'toast-student-removed');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a student before leaving a course, naming it and saying how to come back', async () => {
    const { context, page, errors } = await web.signedIn('student2', { width: 390 });
    await page.goto(`${web.base}/courses/${courseId}`);
    await settled(page);
    await page.getByRole('button', { name: 'Leave the course “Algorithms and Programming”' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave the course “Algorithms and Programming”?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('To come back, you have to join it again.');
    await screenshot(page, 'confirm-leave-course-phone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
