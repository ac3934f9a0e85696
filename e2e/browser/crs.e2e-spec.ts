import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startBrowserPlatform, type BrowserPlatform, type SignedIn } from '../support/browser-platform';
import { lecturersFirstCourse, screenshot, seriousA11yViolations, settled } from '../support/browser';

/** A minute of silence as a WAV file (8 kHz, 8 bits, mono): a medium the browser plays and seeks. */
function silence(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * seconds;
  const wav = Buffer.alloc(44 + data, 128);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(data, 40);
  return wav;
}

/** Serves the lecture's "video" with ranges, as a media server does (the browser seeks by them). */
function mediaServer(file: Buffer): Promise<Server> {
  const server = createServer((request, response) => {
    const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range && range[2] ? Number(range[2]) : file.length - 1;
    response.writeHead(range ? 206 : 200, {
      'content-type': 'audio/wav',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${file.length}` } : {}),
    });
    response.end(file.subarray(start, end + 1));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** `yyyy-mm-ddThh:mm` of a day from today: wide enough that the campus's zone, whatever it is, is inside. */
const dayFromToday = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T08:00`;

/** The seconds of "Paused at m:ss". */
async function pausedAt(page: Page): Promise<number> {
  const text = (await page.getByText(/^Paused at \d+:\d\d$/).textContent())!;
  const [minutes, seconds] = text.replace('Paused at ', '').split(':').map(Number);
  return minutes * 60 + seconds;
}

/** Where the page's player is (seconds). */
const playerTime = (page: Page) =>
  page.locator('video').evaluate((element: { currentTime: number }) => element.currentTime);

/** Waits until the page's player plays (or is paused), within 1.5 s of `near` seconds when given. */
const playerIs = (page: Page, paused: boolean, near?: number) =>
  page.waitForFunction(
    ([wanted, position]) => {
      const { document } = globalThis as unknown as {
        document: { querySelector(selector: string): { paused: boolean; currentTime: number } };
      };
      const element = document.querySelector('video');
      return (
        element.paused === wanted && (position === null || Math.abs(element.currentTime - position) < 1.5)
      );
    },
    [paused, near ?? null] as const,
  );

/**
 * Issue 17's live classroom in a browser on the real services (presence's /crs API and its
 * /socket/crs through the gateway), on the demo's IF101: the lecturer plans a live class and hosts
 * it; student1 (1366 px) and student2 (390 px, phone) join. They chat (the host replies to a
 * question, the reply quoting it reaches the others), the host runs a vote both students answer
 * (the host's bars count them), and plays and pauses the video for everyone: the students' players
 * follow, and a student coming back late starts where it was paused. Then the host ends it. Axe
 * clean, no console errors, screenshots at both widths.
 */
describe('the live classroom in the browser', () => {
  let web: BrowserPlatform;
  let media: Server;
  let base: string;
  let courseId: string;

  beforeAll(async () => {
    web = await startBrowserPlatform();
    base = web.base;
    courseId = await lecturersFirstCourse(base);
    media = await mediaServer(silence(60));
  });

  afterAll(async () => {
    media?.close();
    await web?.stop();
  });

  it('lets a host chat, vote and play a video in step with two students', async () => {
    const videoUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}/lecture.wav`;
    const host = await web.signedIn('lecturer');
    await host.page.goto(`${base}/courses/${courseId}/crs`);
    await host.page.getByRole('button', { name: 'New live class' }).click();
    const form = host.page.getByRole('form', { name: 'New live class' });
    await form.getByLabel('Title').fill('Sorting, live');
    await form.getByLabel('Starts').fill(dayFromToday(-1));
    await form.getByLabel('Ends').fill(dayFromToday(1));
    await form.getByLabel('Videos').fill(videoUrl);
    await form.getByRole('button', { name: 'Save live class' }).click();
    await host.page.getByText('Live class “Sorting, live” created.').waitFor();
    await host.page.getByRole('link', { name: 'Join “Sorting, live”' }).click();
    await host.page.waitForURL(/\/crs\/\d+$/);
    const roomUrl = host.page.url();
    const state = (page: Page) => page.getByTestId('connection-state');
    await state(host.page).filter({ hasText: 'Live' }).waitFor();

    const ayu = await web.signedIn('student1');
    const phone = await web.signedIn('student2', { width: 390 });
    for (const student of [ayu, phone]) {
      await student.page.goto(roomUrl);
      await state(student.page).filter({ hasText: 'Live' }).waitFor();
    }
    await host.page.getByRole('heading', { name: 'In the room (3)' }).waitFor();

    // chat: a question, the host's reply quoting it, read by the other student
    await ayu.page.getByRole('textbox', { name: 'Message' }).fill('Is merge sort stable?');
    await ayu.page.getByRole('button', { name: 'Send' }).click();
    const hostLog = host.page.getByRole('log', { name: 'Chat' });
    await hostLog.getByText('Is merge sort stable?').waitFor();
    await hostLog.getByRole('button', { name: /^Reply to .*: Is merge sort stable\?$/ }).click();
    await host.page.getByRole('textbox', { name: 'Message' }).fill('Yes: equal keys keep their order.');
    await host.page.getByRole('button', { name: 'Send' }).click();
    const phoneLog = phone.page.getByRole('log', { name: 'Chat' });
    const reply = phoneLog.getByRole('listitem').filter({ hasText: 'Yes: equal keys keep their order.' });
    await reply.waitFor();
    expect(await reply.locator('blockquote').textContent()).toContain('Is merge sort stable?');

    // a vote: both students answer once, the host's bars count them
    await host.page.getByText('New vote').click();
    const voteForm = host.page.getByRole('form', { name: 'New vote' });
    await voteForm.getByLabel('Question').fill('Which sort is stable?');
    await voteForm.getByLabel('Answer 1', { exact: true }).fill('Quick sort');
    await voteForm.getByLabel('Answer 2', { exact: true }).fill('Merge sort');
    await voteForm.getByRole('button', { name: 'Start the vote' }).click();
    for (const [student, choice] of [
      [ayu, 'Merge sort'],
      [phone, 'Quick sort'],
    ] as Array<[SignedIn, string]>) {
      const card = student.page.getByRole('article', { name: 'Which sort is stable?' });
      await card.getByRole('radio', { name: choice }).check();
      await card.getByRole('button', { name: 'Send my answer' }).click();
      await card.getByText(/^You answered \(\d+ points\)\.$/).waitFor();
    }
    expect(
      await ayu.page
        .getByRole('article', { name: 'Which sort is stable?' })
        .getByText('You answered')
        .textContent(),
    ).toBe('You answered (10 points).');
    const bars = host.page
      .getByRole('article', { name: 'Which sort is stable?' })
      .getByRole('list', { name: 'Results: 2 answers' });
    await bars.waitFor();
    expect(await bars.getByRole('listitem').allTextContents()).toEqual([
      'Quick sort · 10 points1 (50%)',
      'Merge sort · 10 points1 (50%)',
    ]);

    // the video: the host plays it for everyone, the students' players follow; then pauses it
    await host.page.getByRole('button', { name: 'Play for everyone' }).click();
    for (const student of [ayu, phone]) {
      await student.page.getByText('Playing', { exact: true }).waitFor();
      await playerIs(student.page, false);
    }
    await host.page.waitForTimeout(2500);
    await settled(host.page);
    expect(await seriousA11yViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'crs-live-room-host-1366');
    await host.page.getByRole('button', { name: 'Pause for everyone' }).click();
    const at = await pausedAt(host.page);
    expect(at).toBeGreaterThanOrEqual(2);
    for (const student of [ayu, phone]) {
      await student.page.getByText(/^Paused at /).waitFor();
      expect(await pausedAt(student.page)).toBe(at);
      await playerIs(student.page, true, await playerTime(host.page));
    }

    // a late joiner starts where the room is
    await phone.page.reload();
    await state(phone.page).filter({ hasText: 'Live' }).waitFor();
    expect(await pausedAt(phone.page)).toBe(at);
    await playerIs(phone.page, true, await playerTime(host.page));
    await settled(phone.page);
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    expect((await phone.page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(
      390,
    );
    await screenshot(phone.page, 'crs-live-room-student-390');

    // the end, for everyone
    await host.page.getByRole('button', { name: 'End the class' }).click();
    await host.page.getByRole('alertdialog').getByRole('button', { name: 'End the class' }).click();
    for (const page of [host.page, ayu.page, phone.page])
      await state(page).filter({ hasText: 'Ended' }).waitFor();

    for (const person of [host, ayu, phone]) {
      expect(person.errors).toEqual([]);
      await person.context.close();
    }
  });
});
