import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { lecturersFirstCourse, screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * The user's own space (issue 21) in a browser on the real services, on the demo seed: student1
 * bookmarks a content of IF101 and writes a private note on it, finds both on /bookmark and
 * /notes (by search), and opens /vicon, where the seeded Google Meet review comes first and joins
 * in a new tab without an opener. Axe clean; /vicon fits a phone.
 */
describe('bookmarks, notes and video conferences in the browser', () => {
  let web: BrowserPlatform;
  let courseId: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    courseId = await lecturersFirstCourse(web.base);
  });

  afterAll(() => web?.stop());

  it('a student bookmarks a content, writes a note on it, finds them on /bookmark and /notes, and opens /vicon', async () => {
    const student = await web.signedIn('student1');
    const { page } = student;
    await page.goto(`${web.base}/courses/${courseId}`);
    await settled(page);

    // the seed bookmarked the welcome text already; the lecture recording is bookmarked here
    await page.getByRole('button', { name: 'Bookmarked: Welcome' }).waitFor();
    await page.getByRole('button', { name: 'Bookmark Lecture recording' }).click();
    await page.getByRole('button', { name: 'Bookmarked: Lecture recording' }).waitFor();
    await page.getByText('Bookmarked “Lecture recording”.').waitFor();

    await page.getByRole('button', { name: 'My note on Lecture recording' }).click();
    const panel = page.getByRole('region', { name: 'My note on Lecture recording' });
    await panel.getByRole('textbox', { name: 'My private note' }).click();
    await page.keyboard.type('Watch at double speed and pause at each worked example.');
    await panel.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Note saved.').waitFor();
    await panel.getByText('Watch at double speed and pause at each worked example.').waitFor();
    await panel.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'space-content-note');

    await page.goto(`${web.base}/bookmark`);
    await settled(page);
    await page.getByRole('heading', { name: 'Bookmarks', level: 1 }).waitFor();
    const recording = page.getByRole('link', { name: 'Lecture recording' });
    await recording.waitFor();
    await page.getByRole('link', { name: 'Mid-semester review' }).waitFor();
    await page.getByRole('link', { name: 'When do I use for, and when while?' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'space-bookmarks');
    // the bookmark leads back to the content in its course
    await recording.click();
    await page.getByRole('heading', { name: 'Lecture recording', level: 3 }).waitFor();
    expect(page.url()).toContain(`/courses/${courseId}?module=`);

    await page.goto(`${web.base}/notes`);
    await settled(page);
    const notes = page.getByTestId('notes');
    await notes.getByRole('link', { name: 'Lecture recording' }).waitFor();
    await notes.getByRole('link', { name: 'Welcome' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search your notes' }).fill('worked example');
    await page.waitForURL(/q=worked/);
    await notes.getByRole('link', { name: 'Welcome' }).waitFor({ state: 'detached' });
    expect(await notes.getByRole('link').allTextContents()).toEqual(['Lecture recording']);
    await page.getByRole('searchbox', { name: 'Search your notes' }).fill('nothing like this');
    await page.getByText('No note matches “nothing like this”.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'space-notes-search');

    await page.goto(`${web.base}/vicon`);
    await settled(page);
    const rows = page.getByTestId('conferences').getByRole('listitem');
    const review = rows.filter({ hasText: 'Mid-semester review' });
    await review.getByText('Upcoming').waitFor();
    expect(await rows.first().textContent()).toContain('Mid-semester review');
    const join = review.getByRole('link', { name: /^Join Mid-semester review/ });
    expect(await join.getAttribute('href')).toBe('https://meet.google.com/abc-defg-hij');
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await join.getAttribute('rel')).toBe('noopener noreferrer');
    await rows.filter({ hasText: 'Weekly consultation' }).getByText('No time set').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'space-vicon');
    expect(student.errors).toEqual([]);
    await student.context.close();

    const phone = await web.signedIn('student1', { width: 390 });
    await phone.page.goto(`${web.base}/vicon`);
    await settled(phone.page);
    await phone.page.getByRole('link', { name: /^Join Mid-semester review/ }).waitFor();
    const overflow = (await phone.page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'space-vicon-phone');
    await phone.context.close();
  });
});
