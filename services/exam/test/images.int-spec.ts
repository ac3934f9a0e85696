import type { JsonDocument } from '@lms/testing';
import { ExamHarness, one } from './support/harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Images of questions' rich text, kept in the exam service's store (uploaded, then shown by address). */
describe('question images', () => {
  const h = new ExamHarness();
  let c: Awaited<ReturnType<ExamHarness['course']>>;
  beforeAll(async () => {
    await h.start();
    c = await h.course();
    await h.given.campus({ id: 1, domain: 'one.example.ac.id' });
    await h.given.campus({ id: 2, domain: 'two.example.ac.id' });
  });
  afterAll(() => h.stop());

  async function upload(token: string | undefined, courseId: number, bytes: Buffer, part = 'file') {
    const form = new FormData();
    form.append(part, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'diagram.png');
    const response = await fetch(`${h.baseUrl}/api/exam/courses/${courseId}/images`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: response.status, body: (await response.json()) as JsonDocument };
  }
  const show = (path: string, host = 'one.example.ac.id') =>
    fetch(`${h.baseUrl}${path}`, { headers: { 'x-forwarded-host': host } });

  it('stores an image uploaded by an author of the course’s questions and shows it at its address', async () => {
    const response = await upload(await h.token(c.assistant), c.course.id, PNG);
    expect(response.status).toBe(201);
    const image = one(response.body);
    expect(image.type).toBe('question_images');
    expect(image.attributes).toMatchObject({ course_id: c.course.id, size: PNG.length, mime: 'image/png' });
    expect(image.attributes.url).toBe(`/api/exam/courses/${c.course.id}/images/${image.id}`);
    expect(await h.ds.query(`SELECT blob_key, added_by::int AS added_by FROM exam_images`)).toEqual([
      { blob_key: `exam/1/${c.course.id}/images/${image.id}`, added_by: c.assistant.id },
    ]);

    const file = await show(String(image.attributes.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);

    // Another campus's host, another course, an unknown or malformed name: nothing.
    expect((await show(String(image.attributes.url), 'two.example.ac.id')).status).toBe(404);
    expect((await show(`/api/exam/courses/${c.course.id + 1}/images/${image.id}`)).status).toBe(404);
    expect(
      (await show(`/api/exam/courses/${c.course.id}/images/00000000-0000-4000-8000-000000000000`)).status,
    ).toBe(404);
    expect((await show(`/api/exam/courses/${c.course.id}/images/..%2F..%2Fsecret`)).status).toBe(404);
  });

  it('is for the course’s authors, and only for images', async () => {
    expect((await upload(await h.token(c.student), c.course.id, PNG)).status).toBe(403);
    expect((await upload(await h.token(c.stranger), c.course.id, PNG)).status).toBe(403);
    expect((await upload(await h.token(c.elsewhere), c.course.id, PNG)).status).toBe(404);
    expect((await upload(undefined, c.course.id, PNG)).status).toBe(401);
    const pdf = await upload(await h.token(c.lecturer), c.course.id, Buffer.from('%PDF-1.4 not an image'));
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors?.[0]).toMatchObject({
      source: { pointer: '/data/attributes/file' },
      detail: 'Files of type application/pdf are not accepted; allowed: PNG, JPEG, GIF, WebP',
    });
    const wrongPart = await upload(await h.token(c.lecturer), c.course.id, PNG, 'image');
    expect(wrongPart.status).toBe(422);
    expect((await h.ds.query(`SELECT count(*)::int AS n FROM exam_images`))[0].n).toBe(1);
  });

  it('refuses an image over MAX_UPLOAD_MB with a 413 and keeps nothing', async () => {
    const big = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const response = await upload(await h.token(c.lecturer), c.course.id, big);
    expect(response.status).toBe(413);
    expect(response.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/file' });
    expect((await h.ds.query(`SELECT count(*)::int AS n FROM exam_images`))[0].n).toBe(1);
  });
});
