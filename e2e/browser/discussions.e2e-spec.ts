import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { apiToken, screenshot, seriousA11yViolations, settled } from '../support/browser';

interface Resource {
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: Array<{ id: string; type: string }> }>;
}

/**
 * Issue 15's discussions in a browser on the real services: student1 starts a thread on an
 * activity of IF101 from the course reader, student2 answers it mentioning student1 and attaching
 * a file (which downloads), student1 answers that reply (nested), the lecturer locks the thread
 * from the moderation menu and student2 can no longer reply. Axe clean, at 1366 and 390 px. (The
 * mention's event is proved by services/course/test/threads.int-spec.ts.)
 */
describe('discussions', () => {
  let web: BrowserPlatform;
  let courseId: string;
  let moduleId: string;
  let activityId: string;

  const api = async (token: string, path: string) => {
    const response = await fetch(`${web.base}/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: Resource | Resource[]; included?: Resource[] };
  };

  beforeAll(async () => {
    web = await startBrowserPlatform();
    const lecturer = await apiToken(web.base, 'lecturer');
    const courses = (await api(lecturer, 'course/courses')).data as Resource[];
    courseId = courses.find((item) => item.attributes.code === 'IF101')!.id;
    const outline = await api(lecturer, `course/courses/${courseId}?include=modules.activities`);
    const modules = (outline.included ?? []).filter((item) => item.attributes.name === 'Loops');
    moduleId = modules[0].id;
    activityId = (outline.included ?? []).find(
      (item) => item.attributes.name === 'Loop exercises' && String(item.attributes.module_id) === moduleId,
    )!.id;
  });

  afterAll(() => web?.stop());

  it('a student starts a thread, another replies with a mention and a file, the lecturer locks it', async () => {
    const title = `Infinite loops ${Date.now()}`;

    // student1 starts a thread from the activity in the course reader
    const { page: first, errors: errors } = await web.signedIn('student1');
    await first.goto(`${web.base}/courses/${courseId}?module=${moduleId}&activity=${activityId}`);
    await first.getByRole('heading', { name: 'Discussions', level: 3 }).waitFor();
    await first.getByText('No discussion on this activity yet.').waitFor();
    await first.getByRole('button', { name: 'Start a discussion' }).click();
    await first.getByLabel('Title').fill(title);
    await first.getByRole('textbox', { name: 'What do you want to discuss?' }).click();
    await first.keyboard.type('My while loop never stops. What am I missing?');
    await first.getByRole('button', { name: 'Start discussion' }).click();
    await first.getByRole('heading', { name: title, level: 1 }).waitFor();
    const threadPath = new URL(first.url()).pathname;
    expect(threadPath).toMatch(/^\/discussion\/\d+$/);
    await first.getByText('No replies yet. Be the first to answer.').waitFor();

    // student2 answers with a mention and a file, at phone width
    const { page: second, errors: secondErrors } = await web.signedIn('student2', { width: 390 });
    await second.goto(`${web.base}${threadPath}`);
    await second.getByRole('heading', { name: title, level: 1 }).waitFor();
    await second.getByRole('textbox', { name: 'Your reply' }).click();
    await second.keyboard.type('@student1 the condition never becomes false: change the counter inside.');
    await second.getByLabel(/Attach files/).setInputFiles({
      name: 'loop-fix.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('while (i < 10) {\n  i++;\n}\n'),
    });
    await second.getByRole('button', { name: 'Post reply' }).click();
    const posted = second.getByTestId('reply').filter({ hasText: 'the condition never becomes false' });
    const fileButton = posted.getByRole('button', { name: 'Download loop-fix.txt' });
    await fileButton.waitFor();
    const [download] = await Promise.all([second.waitForEvent('download'), fileButton.click()]);
    expect(download.suggestedFilename()).toBe('loop-fix.txt');
    await posted.getByText('@student1').waitFor();
    await settled(second);
    expect(await seriousA11yViolations(second)).toEqual([]);
    await screenshot(second, 'discussion-reply-390');

    // student1 answers the reply: nested one level down
    await first.reload();
    const reply = first.getByTestId('reply').filter({ hasText: 'the condition never becomes false' });
    await reply.getByRole('button', { name: /^Reply to / }).click();
    await first.getByRole('textbox', { name: /^Your reply to / }).click();
    await first.keyboard.type('That was it, thank you!');
    await first.getByRole('button', { name: 'Post reply' }).first().click();
    await first
      .getByRole('list', { name: /^Replies to / })
      .getByText('That was it, thank you!')
      .waitFor();

    // the lecturer locks it from the moderation menu
    const { page: lecturer, errors: lecturerErrors } = await web.signedIn('lecturer');
    await lecturer.goto(`${web.base}${threadPath}`);
    await lecturer.getByRole('heading', { name: title, level: 1 }).waitFor();
    await lecturer.getByText('That was it, thank you!').waitFor();
    await lecturer.getByRole('button', { name: 'Moderate' }).click();
    await lecturer.getByRole('button', { name: 'Lock (no new replies)' }).click();
    await lecturer.getByText('This thread is locked: it takes no new replies.').waitFor();
    await lecturer.getByRole('button', { name: 'Export (.xlsx)' }).waitFor();
    await settled(lecturer);
    expect(await seriousA11yViolations(lecturer)).toEqual([]);
    await screenshot(lecturer, 'discussion-locked-1366');

    // student2 can no longer reply; the thread lists as locked under its activity
    await second.reload();
    await second.getByText('This thread is locked: it takes no new replies.').waitFor();
    expect(await second.getByRole('textbox', { name: 'Your reply' }).count()).toBe(0);
    expect(await second.getByRole('button', { name: /^Reply to / }).count()).toBe(0);
    await second.goto(`${web.base}/courses/${courseId}?module=${moduleId}&activity=${activityId}`);
    const row = second.getByRole('listitem').filter({ has: second.getByRole('link', { name: title }) });
    await row.getByText('Locked').waitFor();
    await row.getByText('2 replies').waitFor();
    await settled(second);
    expect(await seriousA11yViolations(second)).toEqual([]);
    await screenshot(second, 'discussion-activity-390');

    // what the service holds: a reply and the reply to it
    const student1 = await apiToken(web.base, 'student1');
    const threadId = threadPath.split('/').pop()!;
    const replies = (await api(student1, `course/thread/replies?filter[thread_id]=${threadId}`))
      .data as Resource[];
    expect(replies.map((item) => item.attributes.depth)).toEqual([1, 2]);
    expect(errors).toEqual([]);
    expect(secondErrors).toEqual([]);
    expect(lecturerErrors).toEqual([]);
  });
});
