import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expectEventually } from '@lms/testing';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

/** A real PNG of `width`×`height` pixels: a blue-to-orange gradient. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows.set([Math.round((255 * x) / width), 120, Math.round(255 - (255 * x) / width)], at);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What the reader shows of a rich text, read from the DOM. */
async function readerFacts(page: Page) {
  const text = page.getByTestId('rich-text');
  await text.locator('[data-type="inline-math"] .katex').waitFor();
  // A string: the root tsconfig has no DOM types.
  return JSON.parse(
    await page.evaluate(`(() => {
      const root = document.querySelector('[data-testid="rich-text"]');
      const image = root.querySelector('img');
      const link = root.querySelector('a');
      return JSON.stringify({
        h2: root.querySelector('h2')?.textContent,
        strong: root.querySelector('strong')?.textContent,
        items: Array.from(root.querySelectorAll('li')).map((li) => li.textContent),
        link: link && { href: link.getAttribute('href'), text: link.textContent, rel: link.getAttribute('rel') },
        headers: Array.from(root.querySelectorAll('th')).map((th) => th.textContent),
        cells: root.querySelectorAll('td').length,
        imageWidth: image && image.complete ? image.naturalWidth : -1,
        katex: root.querySelectorAll('[data-type="inline-math"] .katex').length,
        latex: root.querySelector('[data-type="inline-math"]')?.getAttribute('data-latex'),
        scripts: root.querySelectorAll('script').length,
      });
    })()`),
  ) as Record<string, unknown>;
}

const EXPECTED = {
  h2: 'Sorting',
  strong: 'slow',
  items: ['compare', 'swap'],
  link: {
    href: 'https://en.wikipedia.org/wiki/Bubble_sort',
    text: 'Read more',
    rel: 'noopener noreferrer',
  },
  headers: ['n', 'steps', ''],
  cells: 6,
  imageWidth: 160,
  katex: 1,
  latex: 'O(n^2)',
  scripts: 0,
};

describe('the rich-text editor: a lecturer writes, saves, reloads and reads', () => {
  let web: BrowserPlatform;
  let courseId: string;
  let moduleId: string;
  let activityId: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    const token = await apiToken(web.base, 'lecturer');
    const call = async (method: string, path: string, attributes: Record<string, unknown>) => {
      const response = await fetch(`${web.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({ data: { attributes } }),
      });
      return ((await response.json()) as { data: { id: string } }).data;
    };
    const courses = await fetch(`${web.base}/api/course/courses`, {
      headers: { authorization: `Bearer ${token}` },
    });
    courseId = ((await courses.json()) as { data: Array<{ id: string }> }).data[0].id;
    moduleId = (await call('POST', '/api/course/modules', { course_id: Number(courseId) })).id;
    await call('PATCH', `/api/course/modules/${moduleId}`, { name: 'Rich module' });
    activityId = (await call('POST', '/api/course/activities', { module_id: Number(moduleId) })).id;
    await call('PATCH', `/api/course/activities/${activityId}`, { name: 'Rich activity' });
  });

  afterAll(() => web?.stop());

  it('keeps headings, bold, lists, a link, a table, an uploaded image and a formula across a reload', async () => {
    // No bypassCSP: the images and KaTeX's fonts and styles load under the gateway's policy.
    const { context, page, errors } = await web.signedIn('lecturer', { bypassCSP: false });
    await page.goto(`${web.base}/courses/${courseId}/edit/${moduleId}/${activityId}`);
    await settled(page);
    await page.getByRole('button', { name: 'Add content' }).click();
    const form = page.getByRole('form', { name: 'New content' });
    await form.getByLabel('Name', { exact: true }).fill('Rich notes');
    const text = form.getByRole('textbox', { name: 'Text', exact: true });
    const toolbar = form.getByRole('toolbar', { name: 'Formatting' });
    const keys = page.keyboard;
    /** A toolbar action hands the focus back to the text on the next frame: wait for it before typing. */
    const backInText = () =>
      page.waitForFunction(() => {
        const { document } = globalThis as unknown as {
          document: { activeElement: { getAttribute(name: string): string | null } | null };
        };
        return document.activeElement?.getAttribute('role') === 'textbox';
      });

    // a heading, a paragraph with a bold word, a bulleted list
    await text.click();
    await toolbar.getByRole('combobox', { name: 'Text style' }).selectOption({ label: 'Heading 2' });
    await backInText();
    await keys.type('Sorting');
    await keys.press('Enter');
    await keys.type('Bubble sort is ');
    const bold = toolbar.getByRole('button', { name: 'Bold' });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await keys.press('ControlOrMeta+b');
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    await keys.type('slow');
    await keys.press('ControlOrMeta+b');
    await keys.type('.');
    await keys.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await backInText();
    await keys.type('compare');
    await keys.press('Enter');
    await keys.type('swap');
    await keys.press('Enter');
    await keys.press('Enter');

    // a link: a javascript: address is refused, a web address is taken
    await keys.type('Read more');
    await text.locator('p', { hasText: 'Read more' }).waitFor();
    // Select the words typed. The browser moves the selection at once, the editor takes it on the
    // next 'selectionchange': wait until the editor's own selection holds the words (TipTap keeps
    // the editor on its element), or Ctrl+K would link an empty selection.
    const selected = () =>
      page.evaluate(() => {
        type Editor = {
          state: {
            selection: { from: number; to: number };
            doc: { textBetween(a: number, b: number): string };
          };
        };
        const { document } = globalThis as unknown as {
          document: { querySelector(selector: string): { editor?: Editor } | null };
        };
        const editor = document.querySelector('.ProseMirror')?.editor;
        return editor
          ? editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to)
          : null;
      });
    await keys.press('Shift+Home');
    await expectEventually(async () => expect(await selected()).toBe('Read more'));
    await keys.press('ControlOrMeta+k');
    const linkForm = form.getByRole('group', { name: 'Link' });
    await linkForm.getByLabel('Web address').fill('javascript:alert(1)');
    await linkForm.getByRole('button', { name: 'Apply link' }).click();
    await linkForm
      .getByRole('alert')
      .getByText(/javascript: and data: addresses are not allowed/)
      .waitFor();
    await linkForm.getByLabel('Web address').fill('https://en.wikipedia.org/wiki/Bubble_sort');
    await linkForm.getByRole('button', { name: 'Apply link' }).click();
    await linkForm.waitFor({ state: 'detached' });
    await backInText();
    await keys.press('End');
    await keys.press('Enter');

    // a formula, previewed while typed
    await keys.type('It takes ');
    await toolbar.getByRole('button', { name: 'Formula' }).click();
    const mathForm = form.getByRole('group', { name: 'Formula' });
    await mathForm.getByLabel('Formula (LaTeX)').fill('O(n^2)');
    await mathForm.getByRole('img', { name: 'Preview of the formula' }).locator('.katex').waitFor();
    await mathForm.getByRole('button', { name: 'Insert formula' }).click();
    await backInText();
    await keys.type(' steps.');
    await keys.press('Enter');

    // an image, uploaded as a file of the course
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      toolbar.getByRole('button', { name: 'Insert image' }).click(),
    ]);
    await chooser.setFiles({ name: 'growth.png', mimeType: 'image/png', buffer: png(160, 80) });
    await text.locator('img[alt="growth"]').waitFor();
    await backInText();

    // a table: 3×3 with a header row, one row added
    await toolbar.getByRole('button', { name: 'Insert table' }).click();
    await backInText();
    await keys.type('n');
    await keys.press('Tab');
    await keys.type('steps');
    await toolbar.getByRole('button', { name: 'Add row below' }).click();
    expect(await text.locator('tr').count()).toBe(4);
    await backInText();
    await keys.press('ArrowDown');
    await toolbar.getByRole('button', { name: 'Delete row' }).click();
    expect(await text.locator('tr').count()).toBe(3);

    await screenshot(page, 'rich-text-editor');
    await page.getByRole('button', { name: 'Save content' }).click();
    await page.getByRole('list', { name: 'Contents of Rich activity' }).getByText('Rich notes').waitFor();

    // after a reload, the reader shows the same
    await page.goto(`${web.base}/courses/${courseId}/preview/${moduleId}/${activityId}`);
    await page.reload();
    await settled(page);
    await page.getByRole('heading', { name: 'Rich notes' }).waitFor();
    await page.waitForFunction(() => {
      const { document } = globalThis as unknown as {
        document: { querySelector(selector: string): { complete: boolean; naturalWidth: number } | null };
      };
      const image = document.querySelector('[data-testid="rich-text"] img');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    expect(await readerFacts(page)).toEqual(EXPECTED);
    await screenshot(page, 'rich-text-reader');

    // and the editor opens it as it was saved
    await page.goto(`${web.base}/courses/${courseId}/edit/${moduleId}/${activityId}`);
    await settled(page);
    await page.getByRole('button', { name: 'Edit Rich notes' }).click();
    const edit = page.getByRole('form', { name: 'Edit Rich notes' });
    const editor = edit.getByRole('textbox', { name: 'Text', exact: true });
    await editor.locator('h2', { hasText: 'Sorting' }).waitFor();
    expect(await editor.locator('strong').textContent()).toBe('slow');
    expect(await editor.locator('li').count()).toBe(2);
    expect(await editor.locator('.katex').count()).toBe(1);
    expect(await editor.locator('th').count()).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the toolbar wraps within 390 px and the reader shows the text', async () => {
    // bypassCSP lets axe-core be injected for the accessibility check.
    const { context, page } = await web.signedIn('lecturer', { width: 390 });
    await page.goto(`${web.base}/courses/${courseId}/preview/${moduleId}/${activityId}`);
    await settled(page);
    await page.getByRole('heading', { name: 'Rich notes' }).waitFor();
    expect(await readerFacts(page)).toMatchObject({ h2: 'Sorting', katex: 1 });
    await screenshot(page, 'rich-text-reader-390');

    await page.goto(`${web.base}/courses/${courseId}/edit/${moduleId}/${activityId}`);
    await settled(page);
    await page.getByRole('button', { name: 'Edit Rich notes' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.waitFor();
    // a long address breaks instead of widening the editor past the screen
    await page.getByRole('textbox', { name: 'Text', exact: true }).locator('h2').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' https://en.wikipedia.org/wiki/Bubble_sort#Analysis_of_the_algorithm');
    const box = await toolbar.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(() => {
      const { document } = globalThis as unknown as {
        document: { documentElement: { scrollWidth: number } };
      };
      return document.documentElement.scrollWidth;
    });
    expect(overflow).toBeLessThanOrEqual(390);
    // one tab stop: arrows move along the toolbar
    await toolbar.getByRole('combobox', { name: 'Text style' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(
      await toolbar
        .getByRole('button', { name: 'Bold' })
        .evaluate((b) => b === b.ownerDocument.activeElement),
    ).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'rich-text-editor-390');
    await context.close();
  });
});
