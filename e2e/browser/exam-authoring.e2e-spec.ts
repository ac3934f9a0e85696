import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { lecturersFirstCourse, screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * Issue 12's lecturer screens in a browser: a lecturer creates an exam in a course, sets a token
 * and Safe Exam Browser mode and downloads the .seb, adds questions of several types (the calculated ones over a new dataset), reorders them
 * by keyboard, imports the spreadsheet template, adds an exam assistant and chooses the classes,
 * and previews the package as a student; the pages are axe clean at 1366 and 390 px.
 */
describe('a lecturer authors an exam', () => {
  let web: BrowserPlatform;
  let courseId: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    courseId = await lecturersFirstCourse(web.base);
  });

  afterAll(() => web?.stop());

  async function addQuestion(page: Page, type: string, text: string): Promise<void> {
    await page.getByLabel('Type of the new question').selectOption({ label: type });
    await page.getByRole('button', { name: 'Add question' }).click();
    const editor = page.locator('form', {
      has: page.getByRole('heading', { name: new RegExp(`· ${type}$`) }),
    });
    await editor.getByLabel('Question', { exact: true }).fill(text);
    if (type === 'Multiple choice') await editor.getByRole('radio').first().check();
    if (type === 'Exact number') {
      if ((await editor.getByLabel('Exact answer').count()) === 0) {
        await editor.getByRole('button', { name: 'Add answer' }).click();
      }
      await editor.getByLabel('Exact answer').first().fill('3.14');
      await editor.getByLabel('Tolerance (±)').first().fill('0.01');
    }
    await editor.getByRole('button', { name: 'Save question' }).click();
    await page.getByText('Question saved.').first().waitFor();
  }

  it('creates an exam, sets its access, adds, reorders and previews questions', async () => {
    const { context, page, errors } = await web.signedIn('lecturer', { acceptDownloads: true });

    await page.goto(`${web.base}/courses/${courseId}/edit/exam`);
    await settled(page);
    await page.getByLabel('Name').fill('Browser midterm');
    await page.getByLabel('Kind of exam').selectOption('midterm');
    await page.getByRole('button', { name: 'Create and edit' }).click();
    await page.waitForURL(/\/exam\/\d+\/edit$/);
    await page.getByRole('heading', { name: 'Edit exam: Browser midterm' }).waitFor();
    const examId = /\/exam\/(\d+)\/edit/.exec(page.url())![1];

    // access: a token, Safe Exam Browser; the time limit checked as typed
    await page.getByRole('checkbox', { name: /^Time limit/ }).check();
    await page.getByLabel('Time limit (minutes)').fill('0');
    await page.getByText('Give the time limit as a whole number of minutes above 0.').waitFor();
    await page.getByLabel('Time limit (minutes)').fill('60');
    await page.getByRole('checkbox', { name: /^Token required/ }).check();
    await page.getByRole('checkbox', { name: /^Safe Exam Browser/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings of “Browser midterm” saved.').waitFor();
    await page.getByRole('button', { name: 'Generate token' }).click();
    await page.getByText('Current token:').waitFor();
    expect((await page.locator('output').first().textContent())?.trim()).toMatch(/^[A-Z0-9]{4,16}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the .seb file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Browser-midterm.seb');
    const seb = readFileSync((await download.path())!, 'utf8');
    expect(seb).toContain('startURL');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-settings-1366');

    // questions of three types, then the third moved up by keyboard
    await page.getByRole('tab', { name: 'Questions' }).click();
    await addQuestion(page, 'Multiple choice', 'What is 2 + 2?');
    await addQuestion(page, 'Essay', 'Explain the epsilon-delta definition of a limit.');
    await addQuestion(page, 'Exact number', 'Give pi to two decimal places.');
    const rows = page.getByRole('listitem', { name: /^Question \d+$/ });
    expect(await rows.count()).toBe(3);
    await rows.nth(2).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByText('Question moved to position 2.').first().waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Questions' }).click();
    await rows.first().waitFor();
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('What is 2 + 2?'),
      expect.stringContaining('Give pi'),
      expect.stringContaining('Explain the epsilon'),
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-questions-1366');

    // the spreadsheet template, downloaded from the import dialog, imports cleanly as shipped
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import questions into package 1' });
    await dialog.getByRole('radio', { name: /Spreadsheet/ }).check();
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: /Download the template/ }).click(),
    ]);
    await dialog.getByLabel('File').setInputFiles((await template.path())!);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('6 questions imported into package 1.').first().waitFor();
    await rows.nth(8).waitFor();
    expect(await rows.count()).toBe(9);
    const imported = (await rows.allTextContents()).slice(3).join(' | ');
    for (const type of ['Multiple choice', 'Multiple answers', 'True / false', 'Exact number', 'Essay']) {
      expect(imported).toContain(type);
    }

    // the two calculated types over a new dataset of the course: a variable, generated items, and
    // the formulas the server checks against it
    await page.getByLabel('Type of the new question').selectOption({ label: 'Calculated' });
    await page.getByRole('button', { name: 'Add question' }).click();
    const calculated = page.locator('form', { has: page.getByRole('heading', { name: /· Calculated$/ }) });
    await calculated.getByLabel('Question', { exact: true }).fill('What is twice {x}?');
    await calculated.getByRole('button', { name: 'New dataset' }).click();
    await calculated.getByLabel('New variable').fill('x');
    await calculated.getByRole('button', { name: 'Add variable' }).click();
    await calculated.getByLabel('Minimum of x').waitFor();
    await calculated.getByLabel('Items to generate').fill('5');
    await calculated.getByRole('button', { name: 'Generate', exact: true }).click();
    await calculated.getByText('Item 1 of 5').waitFor();
    if ((await calculated.getByRole('textbox', { name: 'Formula', exact: true }).count()) === 0) {
      await calculated.getByRole('button', { name: 'Add answer' }).click();
    }
    await calculated.getByRole('textbox', { name: 'Formula', exact: true }).first().fill('2 * x');
    await calculated.getByRole('button', { name: 'Save question' }).click();
    await rows.nth(9).waitFor();

    await page.getByLabel('Type of the new question').selectOption({ label: 'Calculated multiple choice' });
    await page.getByRole('button', { name: 'Add question' }).click();
    const calculatedChoice = page.locator('form', {
      has: page.getByRole('heading', { name: /· Calculated multiple choice$/ }),
    });
    await calculatedChoice.getByLabel('Question', { exact: true }).fill('Which is {x} squared?');
    await calculatedChoice.getByLabel('Dataset of the course').selectOption({ label: 'New Data Set' });
    await calculatedChoice.getByText('Item 1 of 5').waitFor();
    // the correct option's value is its formula's; the other option is a distractor
    await calculatedChoice.getByRole('radio').first().check();
    await calculatedChoice.getByRole('textbox', { name: 'Formula', exact: true }).fill('x ^ 2');
    await calculatedChoice.getByRole('button', { name: 'Save question' }).click();
    await rows.nth(10).waitFor();
    expect(await rows.count()).toBe(11);

    // exam assistants and classes
    await page.getByRole('tab', { name: 'Assistants and classes' }).click();
    await page.getByText('No assistants for this exam yet.').waitFor();
    await page.getByLabel('Find a lecturer').fill('Bima');
    await page.getByRole('button', { name: /^Add Bima Pratama/ }).click();
    await page
      .getByText(/Bima Pratama, M\.Kom\. now assists “Browser midterm”\./)
      .first()
      .waitFor();
    await page.getByRole('list', { name: 'Exam assistants' }).getByText('Bima Pratama, M.Kom.').waitFor();
    await page.getByRole('radio', { name: 'Only the classes chosen below' }).check();
    await page.getByRole('checkbox', { name: 'IF101-A' }).check();
    await page.getByRole('button', { name: 'Save classes' }).click();
    await page.getByText('1 class takes “Browser midterm”.').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-people-1366');

    await page.getByRole('link', { name: 'Preview package 1' }).first().click();
    await page.waitForURL(new RegExp(`/exam/${examId}/preview/1$`));
    await page.getByText('What is 2 + 2?').waitFor();
    await page.getByText('Give pi to two decimal places.').waitFor();
    // the calculated questions as a student gets them: {x} filled from a generated item
    await page.getByText(/^What is twice \d+(\.\d+)?\?$/).waitFor();
    await page.getByText(/^Which is \d+(\.\d+)? squared\?$/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'exam-preview-1366');
    expect(errors).toEqual([]);
    await context.close();

    // the same editor on a phone
    const { context: phone, page: small } = await web.signedIn('lecturer', { width: 390 });
    await small.goto(`${web.base}/exam/${examId}/edit?tab=questions&pack=1`);
    await small.getByRole('listitem', { name: 'Question 1', exact: true }).waitFor();
    const width = (await small.evaluate('document.documentElement.scrollWidth')) as number;
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(small)).toEqual([]);
    await screenshot(small, 'exam-questions-390');
    await small.goto(`${web.base}/exam/${examId}/edit?tab=people`);
    await small.getByRole('list', { name: 'Exam assistants' }).waitFor();
    expect((await small.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(small)).toEqual([]);
    await screenshot(small, 'exam-people-390');
    await phone.close();
  });
});
