import { readFile } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}

/**
 * Issue 14's PDF annotation in a browser on the real services: student1 hands in a two-page PDF;
 * the lecturer highlights an area and comments it, draws a stroke and pins a note on it, moves the
 * note with the keyboard and downloads the annotated copy; student1 opens the same screen on a
 * phone and sees every annotation, without the tools. Axe clean, 1366 and 390 px.
 */
describe('the lecturer annotates a student’s PDF', () => {
  let web: BrowserPlatform;
  let lecturer: string;
  let student: string;
  let answerId: string;

  async function call(token: string, path: string, init: RequestInit = {}) {
    const response = await fetch(`${web.base}/api/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as { data: Resource | Resource[] }) : null;
  }
  const send = (token: string, method: string, path: string, attributes: Record<string, unknown>) =>
    call(token, path, {
      method,
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { attributes } }),
    });
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  /** A two-page essay, as a student would hand it in. */
  async function essay(): Promise<Buffer> {
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.Helvetica);
    for (const [index, line] of ['Loops and invariants', 'Termination of the loop'].entries()) {
      const page = document.addPage([595, 842]);
      page.drawText(line, { x: 60, y: 760, size: 22, font });
      page.drawText(`Page ${index + 1}: an invariant holds before and after each iteration.`, {
        x: 60,
        y: 720,
        size: 12,
        font,
      });
    }
    return Buffer.from(await document.save());
  }

  const annotationsOf = async (token: string) =>
    (await call(token, `course/task/answers/${answerId}/annotations?page[limit]=0`))!.data as Resource[];

  /** Drags the mouse over the page's element, from and to points given in fractions of its size. */
  async function drag(
    page: Page,
    pageNumber: number,
    from: [number, number],
    to: [number, number],
    steps = 8,
  ) {
    const box = (await page.getByTestId(`pdf-page-${pageNumber}`).boundingBox())!;
    await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps });
    await page.mouse.up();
  }

  beforeAll(async () => {
    web = await startBrowserPlatform();
    lecturer = await apiToken(web.base, 'lecturer');
    student = await apiToken(web.base, 'student1');
    const courses = (await call(lecturer, 'course/courses'))!.data as Resource[];
    const courseId = (courses.find((item) => item.attributes.code === 'IF101') ?? courses[0]).id;
    const module = (await send(lecturer, 'POST', 'course/modules', {
      course_id: Number(courseId),
      name: 'Week 10: loops',
    }))!.data as Resource;
    // the task service learns of the new module by its event: try until it has
    const createTask = () =>
      send(lecturer, 'POST', 'course/tasks', {
        course_id: Number(courseId),
        taskable_type: 'module',
        taskable_id: Number(module.id),
        name: 'Loop invariants essay',
        start_at: hoursFromNow(-1),
        end_at: hoursFromNow(48),
        is_active: true,
        file_required: true,
        tasks_type: 'PERSONAL',
        assesment_method: 'score',
        all_class: true,
      });
    let created: Awaited<ReturnType<typeof createTask>> = null;
    for (let tries = 0; !created; tries++) {
      created = await createTask().catch(async (error: Error) => {
        if (tries > 50 || !error.message.includes('is not a module of the course')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return null;
      });
    }
    const task = created.data as Resource;
    const form = new FormData();
    form.append('task_id', task.id);
    form.append('answer', '<p>My essay is attached.</p>');
    form.append('is_sent', '1');
    form.append('file', new Blob([new Uint8Array(await essay())], { type: 'application/pdf' }), 'loops.pdf');
    const answer = (await call(student, 'course/tasks/setAnswer', { method: 'POST', body: form }))!
      .data as Resource;
    answerId = answer.id;
  });

  afterAll(() => web?.stop());

  it('highlights, draws and pins a note that the student then sees', async () => {
    const { context, page, errors } = await web.signedIn('lecturer', { acceptDownloads: true });
    await page.goto(`${web.base}/assignment/annotate-pdf/${answerId}`);
    await page.getByRole('heading', { name: 'Annotate PDF', level: 1 }).waitFor();
    await page.getByTestId('pdf-page-2').waitFor();
    await page.getByText('Drawing page 1…').waitFor({ state: 'detached' });
    await page.getByText('No annotations yet. Choose a tool and mark the PDF.').waitFor();

    // an area highlight over the title, then its comment in the list (saved on leaving the field)
    await page.getByRole('button', { name: 'Highlight', exact: true }).click();
    await drag(page, 1, [0.09, 0.07], [0.6, 0.12]);
    await page.getByText('Highlight saved on page 1.').first().waitFor();
    const items = page.getByTestId('annotation-item');
    await items.first().getByText('1. Highlight, page 1').waitFor();
    await items.first().getByRole('textbox').fill('A clear statement of the invariant.');
    await page.keyboard.press('Tab');
    await page.getByText('Highlight on page 1 changed.').first().waitFor();

    // ink, chosen by its key, in blue
    await page.keyboard.press('i');
    expect(await page.getByRole('button', { name: 'Ink' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('radio', { name: 'Blue' }).check();
    await drag(page, 1, [0.2, 0.3], [0.7, 0.35], 15);
    await page.getByText('Drawing saved on page 1.').first().waitFor();

    // a note pinned on page 2, then moved 10 points right with the keyboard
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    await page.getByTestId('pdf-page-2').scrollIntoViewIfNeeded();
    const second = (await page.getByTestId('pdf-page-2').boundingBox())!;
    await page.mouse.click(second.x + second.width * 0.5, second.y + second.height * 0.3);
    await page.getByLabel('Note on page 2').fill('State why the loop terminates.');
    await page.getByRole('button', { name: 'Pin note' }).click();
    await page.getByText('Note saved on page 2.').first().waitFor();
    const pin = page.getByRole('button', { name: /^3\. Note, page 2: State why the loop terminates\./ });
    const before = (
      (await annotationsOf(lecturer)).find((a) => a.attributes.motivation === 'commenting')!.attributes
        .target as { selector: { point: { x: number } } }
    ).selector.point.x;
    await pin.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.getByText('Note on page 2 changed.').first().waitFor();
    const after = (
      (await annotationsOf(lecturer)).find((a) => a.attributes.motivation === 'commenting')!.attributes
        .target as { selector: { point: { x: number } } }
    ).selector.point.x;
    expect(after - before).toBeCloseTo(10, 5);

    // text selected on page 1 becomes a highlight of that text, with its words quoted
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('button', { name: 'Show annotation 1 (Highlight) on page 1' }).click();
    await page
      .getByTestId('pdf-page-1')
      .getByText('Page 1: an invariant holds before and after each iteration.')
      .click({ clickCount: 3 });
    await page.getByRole('button', { name: 'Highlight selected text' }).click();
    let quoted: Resource | undefined;
    for (let tries = 0; !quoted && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      quoted = (await annotationsOf(lecturer)).find(
        (a) => (a.attributes.target as { selector: { quote?: string } }).selector.quote,
      );
    }
    await page.getByTestId('annotation-item').nth(2).getByText('3. Highlight, page 1').waitFor();
    expect((quoted!.attributes.target as { selector: { quote: string } }).selector.quote).toContain(
      'an invariant holds before and after each iteration',
    );
    await page
      .getByRole('button', { name: /^Remove annotation \d \(Highlight\)$/ })
      .last()
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove annotation' }).click();
    await page.getByText('Highlight removed.').waitFor();

    // what the service keeps: three W3C annotations in PDF points
    const kept = await annotationsOf(student);
    expect(kept.map((a) => a.attributes.motivation).sort()).toEqual([
      'commenting',
      'drawing',
      'highlighting',
    ]);
    const highlight = kept.find((a) => a.attributes.motivation === 'highlighting')!.attributes;
    expect(highlight.body).toMatchObject({ value: 'A clear statement of the invariant.' });
    const [rect] = (
      highlight.target as { selector: { rects: Array<{ x: number; y: number; width: number }> } }
    ).selector.rects;
    // 9 % to 60 % of an A4 page's width: about 54 to 357 points
    expect(rect.x).toBeGreaterThan(45);
    expect(rect.x + rect.width).toBeLessThan(365);
    expect(kept.find((a) => a.attributes.motivation === 'drawing')!.attributes.color).toBe('#4dabf7');
    expect(highlight.color).toBe('#ffd400');

    await page.getByRole('button', { name: 'Show annotation 1 (Highlight) on page 1' }).click();
    await page.evaluate('window.scrollTo(0, 0)');
    await settled(page);
    await page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished))');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'task-annotate-lecturer-1366');

    // the annotated copy: the two pages and a page listing the notes, the notes as PDF notes
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download annotated PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('loops (annotated).pdf');
    const copy = await PDFDocument.load(await readFile((await download.path())!));
    expect(copy.getPageCount()).toBe(3);
    const notes = (copy.getPage(1).node.Annots()?.asArray() ?? []).map(
      (ref) => copy.context.lookup(ref) as PDFDict,
    );
    expect(notes.map((note) => (note.get(PDFName.of('Contents')) as PDFHexString).decodeText())).toEqual([
      'State why the loop terminates.',
    ]);
    expect(errors).toEqual([]);
    await context.close();

    // the student, on a phone: every annotation, no tools, the page fits the width
    const {
      context: phone,
      page: small,
      errors: studentErrors,
    } = await web.signedIn('student1', { width: 390 });
    await small.goto(`${web.base}/assignment/annotate-pdf/${answerId}`);
    await small.getByTestId('pdf-page-1').waitFor();
    await small.getByText('Drawing page 1…').waitFor({ state: 'detached' });
    await small.getByRole('heading', { name: 'Annotations (3)' }).waitFor();
    await small.getByText('A clear statement of the invariant.').waitFor();
    await small.getByText('State why the loop terminates.').first().waitFor();
    expect(await small.getByRole('button', { name: 'Highlight', exact: true }).count()).toBe(0);
    expect(await small.getByTestId('annotation-highlighting').count()).toBe(1);
    expect(await small.getByTestId('annotation-drawing').count()).toBe(1);
    await settled(small);
    expect((await small.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(small)).toEqual([]);
    await screenshot(small, 'task-annotate-student-390');
    // a student cannot write: the service refuses, whatever the screen offers
    const refused = await fetch(`${web.base}/api/course/task/answers/${answerId}/annotations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${student}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          attributes: {
            motivation: 'drawing',
            target: { source: 'x', selector: { page: 1, paths: [[[1, 1]]] } },
          },
        },
      }),
    });
    expect(refused.status).toBe(403);
    expect(studentErrors).toEqual([]);
    await phone.close();
  });
});
