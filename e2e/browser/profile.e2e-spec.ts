import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startBrowserPlatform, type BrowserPlatform } from '../support/browser-platform';
import { LANGUAGES, screenshot, seriousA11yViolations, settled } from '../support/browser';

/**
 * The profile page on the real services (issue 16): a student uploads a photo, keeps a square of
 * it, and the header shows the 256×256 avatar the server made; the page with its crop open in
 * every interface language, at 1366 and 390 px, axe clean.
 */
describe('the profile: avatar with a crop', () => {
  let web: BrowserPlatform;
  let base: string;
  let photo: string;

  const signedIn = (width: number, language: string) => web.signedIn('student1', { width, language });

  beforeAll(async () => {
    web = await startBrowserPlatform();
    base = web.base;
    // a landscape photo: red on the left, blue on the right
    photo = join(mkdtempSync(join(tmpdir(), 'profile-e2e-')), 'photo.png');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
      <rect width="450" height="600" fill="#e11d48"/><rect x="450" width="450" height="600" fill="#2563eb"/></svg>`;
    writeFileSync(photo, await sharp(Buffer.from(svg)).png().toBuffer());
  });
  afterAll(async () => {
    await web?.stop();
  });

  it('uploads a photo, keeps the square chosen, and shows the avatar in the header', async () => {
    const { page, errors } = await signedIn(1366, 'en');
    await page.goto(`${base}/settings/profile`);
    await page.getByLabel('Add a picture').setInputFiles(photo);
    await page.getByRole('img', { name: 'The picture you chose' }).waitFor();
    // zoomed in on the right (blue) half
    await page.getByRole('slider', { name: 'Zoom' }).fill('360');
    await page.getByRole('slider', { name: 'Left – right' }).fill('600');
    await page.getByRole('button', { name: 'Save the picture' }).click();
    await page.getByText('Your picture is saved.').waitFor();

    const header = page.getByRole('button', { name: /Account menu of/ }).locator('img');
    await header.waitFor();
    const src = await header.getAttribute('src');
    expect(src).toMatch(/^\/api\/course\/users\/\d+\/avatar\/[0-9a-f-]{36}$/);
    const served = await fetch(`${base}${src}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 256, height: 256 });
    const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const middle = (128 * 256 + 128) * 3;
    expect(data[middle + 2]).toBeGreaterThan(200); // blue
    expect(data[middle]).toBeLessThan(80);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  for (const width of [1366, 390])
    it(`shows the profile and its crop in every language at ${width} px, axe clean`, async () => {
      for (const language of LANGUAGES) {
        const { page, errors } = await signedIn(width, language);
        await page.goto(`${base}/settings/profile`);
        await page.locator('#avatar-file').setInputFiles(photo);
        await page.locator('#avatar-zoom').waitFor();
        await settled(page);
        await screenshot(page, `profile-crop-${language}-${width}`);
        expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(
          width,
        );
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }, 240_000);
});
