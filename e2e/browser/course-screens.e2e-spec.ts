import type { Locator } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { lecturersFirstCourse, screenshot, settled } from '../support/browser';

/** The computed styles that make a button look like the others of its row. */
function buttonLook(button: Locator): Promise<Record<string, string>> {
  return button.evaluate((element) => {
    const style = (
      globalThis as unknown as { getComputedStyle(element: unknown): Record<string, string> }
    ).getComputedStyle(element);
    return {
      backgroundColor: style.backgroundColor,
      borderTopStyle: style.borderTopStyle,
      borderTopColor: style.borderTopColor,
      borderRadius: style.borderRadius,
      fontSize: style.fontSize,
      paddingTop: style.paddingTop,
    };
  });
}

/** The course screens' layout, as a lecturer sees it on a desktop and on a phone (issue 11). */
describe('the course screens are laid out for desktop and phone', () => {
  let web: BrowserPlatform;
  let courseId: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    courseId = await lecturersFirstCourse(web.base);
  });

  afterAll(() => web?.stop());

  const lecturerAt = (width: number, height: number) =>
    web.signedIn('lecturer', { viewport: { width, height } });

  it('lines the Access checkboxes up in one column, each with its label beside it', async () => {
    const { context, page, errors } = await lecturerAt(1366, 768);
    await page.goto(`${web.base}/courses/${courseId}/settings`);
    await settled(page);
    const access = page.getByRole('group', { name: 'Access' });
    const boxes = access.getByRole('checkbox');
    expect(await boxes.count()).toBe(5);
    const lefts = new Set<number>();
    for (const box of await boxes.all()) {
      const area = await box.boundingBox();
      if (!area) throw new Error('a checkbox is not shown');
      // a checkbox, not a text-field-wide input
      expect(area.width).toBeLessThan(30);
      lefts.add(Math.round(area.x));
      // its label starts right after it
      const label = box.locator('xpath=following-sibling::*[1]');
      const text = await label.boundingBox();
      if (!text) throw new Error('a checkbox has no label beside it');
      expect(text.x - (area.x + area.width)).toBeLessThan(20);
    }
    expect(lefts.size).toBe(1);
    await screenshot(page, 'course-settings-access');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the editor rows' Rename buttons on a phone, styled like the row's other buttons", async () => {
    for (const [width, height, name] of [
      [390, 844, 'course-editor-phone'],
      [1366, 768, 'course-editor-desktop'],
    ] as const) {
      const { context, page, errors } = await lecturerAt(width, height);
      await page.goto(`${web.base}/courses/${courseId}/edit`);
      await settled(page);
      const row = page.getByTestId('module-row').first();
      const rename = row.getByRole('button', { name: /^Rename /, includeHidden: true }).first();
      expect(await rename.isVisible()).toBe(true);
      const area = await rename.boundingBox();
      expect(area?.width ?? 0).toBeGreaterThan(20);
      expect(area!.x + area!.width).toBeLessThanOrEqual(width);
      const remove = row.getByRole('button', { name: /^Delete / }).first();
      expect(await buttonLook(rename)).toEqual(await buttonLook(remove));
      // every name of the tree keeps its Rename button beside it, on its first line
      const names = page.getByRole('navigation', { name: 'Modules and activities' }).getByRole('link');
      for (const link of await names.all()) {
        const linkArea = (await link.boundingBox())!;
        const button = link.locator('xpath=following-sibling::button[1]');
        const buttonArea = (await button.boundingBox())!;
        expect(buttonArea.x).toBeGreaterThan(linkArea.x + linkArea.width - 1);
        expect(Math.abs(buttonArea.y - linkArea.y)).toBeLessThan(12);
      }
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
