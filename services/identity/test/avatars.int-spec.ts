import sharp from 'sharp';
import type { BlobStorage } from '@lms/storage';
import type { JsonDocument, JsonResource } from '@lms/testing';
import { BLOB_STORAGE } from '../src/storage/blob-storage';
import { User } from '../src/users/user.entity';
import { IdentityHarness } from './support/harness';

const attributesOf = (doc: JsonDocument) => (doc.data as JsonResource).attributes;

/** A picture of `width`×`height`: its left half red, its right half blue. */
function picture(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${half}" height="${height}" fill="#ff0000"/>
    <rect x="${half}" width="${width - half}" height="${height}" fill="#0000ff"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** The colour of the middle pixel of a picture. */
async function middle(bytes: Buffer): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 3;
  return [data[at], data[at + 1], data[at + 2]];
}

/** A user's own avatar (`POST /api/course/users/{id}/avatar`, shown at the address of its thumbnail). */
describe("a user's avatar", () => {
  const h = new IdentityHarness();
  let campus: Awaited<ReturnType<IdentityHarness['campus']>>;
  beforeAll(async () => {
    await h.start();
    campus = await h.campus({ domain: 'avatars.example.ac.id' });
  });
  afterAll(() => h.stop());

  async function upload(
    token: string,
    userId: number,
    bytes: Buffer,
    options: { name?: string; type?: string; fields?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
      options.name ?? 'me.png',
    );
    const response = await fetch(`${h.baseUrl}/api/course/users/${userId}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as JsonDocument };
  }
  const show = (path: string, host = 'avatars.example.ac.id') =>
    fetch(`${h.baseUrl}${path}`, { headers: { 'x-forwarded-host': host } });
  const stored = (tenantId: number, thumbnail: string, userId: number) =>
    h.app
      .get<BlobStorage>(BLOB_STORAGE)
      .stat(`identity/${tenantId}/avatars/${userId}/${thumbnail.split('/').pop()}`);

  it('keeps a PNG as a 256×256 WebP of its middle square, shown at the address of the thumbnail', async () => {
    const student = await h.user(campus.id, 'student');
    const response = await upload(await h.token(student), student.id, await picture(600, 400, 'png'));
    expect(response.status).toBe(200);
    const thumbnail = String(attributesOf(response.body).thumbnail);
    expect(thumbnail).toMatch(new RegExp(`^/api/course/users/${student.id}/avatar/[0-9a-f-]{36}$`));
    expect((await h.ds.getRepository(User).findOneByOrFail({ id: student.id })).thumbnail).toBe(thumbnail);
    const events = await h.events('identity.user.upserted');
    expect(events.at(-1)?.data).toMatchObject({ id: student.id, thumbnail });

    const file = await show(thumbnail);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // the middle square of a picture red on the left, blue on the right: half and half
    const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3);
    const [left, right] = [pixel(50, 128), pixel(200, 128)];
    expect(left[0]).toBeGreaterThan(200);
    expect(right[2]).toBeGreaterThan(200);
  });

  it('keeps the square the user chose of a JPEG, and deletes the avatar it replaces', async () => {
    const lecturer = await h.user(campus.id, 'lecturer');
    const token = await h.token(lecturer);
    const first = String(
      attributesOf((await upload(token, lecturer.id, await picture(600, 400, 'png'))).body).thumbnail,
    );
    const response = await upload(token, lecturer.id, await picture(800, 600, 'jpeg'), {
      name: 'me.jpg',
      type: 'image/jpeg',
      fields: { crop_x: '500', crop_y: '100', crop_size: '300' },
    });
    expect(response.status).toBe(200);
    const second = String(attributesOf(response.body).thumbnail);
    expect(second).not.toBe(first);
    const file = await show(second);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 256, height: 256 });
    const [red, , blue] = await middle(bytes);
    expect(blue).toBeGreaterThan(200);
    expect(red).toBeLessThan(50);

    expect((await show(first)).status).toBe(404);
    await expect(stored(campus.id, first, lecturer.id)).rejects.toThrow();
    await expect(stored(campus.id, second, lecturer.id)).resolves.toMatchObject({
      contentType: 'image/webp',
    });
  });

  it('refuses what is not a picture by its content, with the types it takes, keeping the avatar', async () => {
    const student = await h.user(campus.id, 'student');
    const token = await h.token(student);
    const refusals = [
      Buffer.from('just some text, named like a picture'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
    ];
    for (const bytes of refusals) {
      const response = await upload(token, student.id, bytes);
      expect(response.status).toBe(422);
      expect(response.body.errors?.[0]).toMatchObject({ source: { pointer: '/data/attributes/file' } });
      expect(response.body.errors?.[0].detail).toMatch(/are not accepted; allowed: PNG, JPEG, GIF, WebP$/);
    }
    // a polyglot: the signature of a PNG, then a web page
    const polyglot = Buffer.concat([
      (await picture(20, 20, 'png')).subarray(0, 33),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const response = await upload(token, student.id, polyglot);
    expect(response.status).toBe(422);
    expect(response.body.errors?.[0]).toMatchObject({
      source: { pointer: '/data/attributes/file' },
      detail: 'The file could not be read as a picture; allowed: PNG, JPEG, GIF, WebP',
    });
    expect((await h.ds.getRepository(User).findOneByOrFail({ id: student.id })).thumbnail).toBeNull();
  });

  it('refuses a picture over 5 MB with a 413, and a square outside the picture with a 422', async () => {
    const student = await h.user(campus.id, 'student');
    const token = await h.token(student);
    const png = await picture(40, 40, 'png');
    const big = await upload(token, student.id, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/file' });

    const outside = await upload(token, student.id, png, {
      fields: { crop_x: '20', crop_y: '0', crop_size: '30' },
    });
    expect(outside.status).toBe(422);
    expect(outside.body.errors?.[0]).toMatchObject({
      source: { pointer: '/data/attributes/crop_size' },
      detail: 'The square lies outside the picture, which is 40×40 pixels',
    });
    const partly = await upload(token, student.id, png, { fields: { crop_x: '2' } });
    expect(partly.status).toBe(422);
    const negative = await upload(token, student.id, png, {
      fields: { crop_x: '-1', crop_y: '0', crop_size: '5' },
    });
    expect(negative.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/crop_x' });
    expect((await h.ds.getRepository(User).findOneByOrFail({ id: student.id })).thumbnail).toBeNull();
  });

  it("never changes another user's avatar: 403 for one the caller sees, 404 for another campus's", async () => {
    const student = await h.user(campus.id, 'student');
    const admin = await h.user(campus.id, 'admin');
    const elsewhere = await h.user((await h.campus()).id, 'student');
    const png = await picture(40, 40, 'png');
    expect((await upload(await h.token(admin), student.id, png)).status).toBe(403);
    expect((await upload(await h.token(admin), elsewhere.id, png)).status).toBe(404);
    const response = await fetch(`${h.baseUrl}/api/course/users/${student.id}/avatar`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect((await h.ds.getRepository(User).findOneByOrFail({ id: student.id })).thumbnail).toBeNull();
  });

  it("is shown on its campus's host only, and removed with thumbnail null (an address is refused)", async () => {
    const student = await h.user(campus.id, 'student');
    const token = await h.token(student);
    const thumbnail = String(
      attributesOf((await upload(token, student.id, await picture(40, 40, 'png'))).body).thumbnail,
    );
    expect((await show(thumbnail, 'other.example.ac.id')).status).toBe(404);
    expect((await show(`/api/course/users/${student.id}/avatar/not-a-name`)).status).toBe(404);

    const client = await h.as(student);
    const named = await client.patch(`/api/course/users/${student.id}`, {
      data: { type: 'users', attributes: { thumbnail: 'https://tracker.example/pixel.png' } },
    });
    expect(named.status).toBe(422);
    expect(named.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/thumbnail' });
    expect((await show(thumbnail)).status).toBe(200);

    const removed = await client.patch(`/api/course/users/${student.id}`, {
      data: { type: 'users', attributes: { thumbnail: null } },
    });
    expect(removed.status).toBe(200);
    expect(attributesOf(removed.body).thumbnail).toBeNull();
    expect((await show(thumbnail)).status).toBe(404);
    await expect(stored(campus.id, thumbnail, student.id)).rejects.toThrow();
  });
});
