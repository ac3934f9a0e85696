import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type JsonDocument, stackServer } from '@lms/testing';
import { ContentsService } from '../src/contents/contents.service';
import { CourseHarness, cast, one } from './support/harness';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x41), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200, 0)]);

/** A ZIP start whose entries make it a Word document. */
function docx(): Buffer {
  const entry = (name: string, data: string) => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(name.length, 26);
    return [header, Buffer.from(name), Buffer.from(data)];
  };
  return Buffer.concat([
    ...entry('[Content_Types].xml', '<Types/>'),
    ...entry('word/document.xml', '<w:document/>'),
  ]);
}

interface Upload {
  fields?: Record<string, string>;
  file?: { bytes: Buffer; filename: string; type?: string };
  fieldName?: string;
}

describe('file contents: upload and download', () => {
  const h = new CourseHarness({ MAX_UPLOAD_MB: '1' });
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const blobRoot = () => join(h.dataDir, 'blobs', 'course');
  const storedBlobs = (): string[] => {
    const walk = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory()
              ? entry.name === '.tmp'
                ? []
                : walk(join(dir, entry.name))
              : entry.name.endsWith('.meta.json')
                ? []
                : [join(dir, entry.name)],
          )
        : [];
    return walk(blobRoot());
  };

  async function upload(token: string | undefined, { fields = {}, file, fieldName = 'file' }: Upload) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) {
      form.append(fieldName, new Blob([file.bytes], { type: file.type ?? '' }), file.filename);
    }
    const response = await fetch(`${h.baseUrl}/api/course/contents/upload`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: response.status, body: (await response.json()) as JsonDocument };
  }

  async function download(token: string | undefined, id: string, query = '') {
    const response = await fetch(`${h.baseUrl}/api/course/contents/${id}/download${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      redirect: 'manual',
    });
    return response;
  }

  async function setup() {
    const c = await cast(h);
    const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
    const activity = one(
      (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) })).body,
    );
    const target = { contentable_type: 'activities', contentable_id: activity.id };
    const tokens = {
      lecturer: await h.token(c.lecturer.id, 'lecturer'),
      assistant: await h.token(c.assistant.id, 'lecturer'),
      student: await h.token(c.student.id, 'student'),
      stranger: await h.token(c.stranger.id, 'lecturer'),
      outsider: await h.token(c.outsider.id, 'lecturer', 2),
    };
    return { c, module, activity, target, tokens };
  }

  it('stores a PDF under the course, judged by its bytes, and records the content last in its target', async () => {
    const { c, target, tokens } = await setup();
    const before = storedBlobs().length;
    const response = await upload(tokens.lecturer, {
      fields: target,
      file: { bytes: PDF, filename: 'Week 1 slides.pdf', type: 'application/pdf' },
    });
    expect(response.status).toBe(201);
    const content = one(response.body);
    expect(content.attributes).toMatchObject({
      contentable_type: 'activities',
      contentable_id: Number(target.contentable_id),
      contents_type: 'file',
      name: 'Week 1 slides.pdf',
      size: PDF.length,
      mime: 'application/pdf',
      index: 0,
    });
    expect(content.attributes.content).toMatch(
      new RegExp(`^course/1/${c.course.id}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`),
    );
    expect(storedBlobs()).toHaveLength(before + 1);
    const events = await h.events<{ courseId: number; subject: string; action: string; ids: number[] }>(
      'course.structure.changed',
    );
    expect(events.at(-1)?.data).toMatchObject({
      courseId: c.course.id,
      subject: 'content',
      action: 'created',
      ids: [Number(content.id)],
    });

    // An assistant may upload too; the name field wins over the file's name.
    const named = await upload(tokens.assistant, {
      fields: { ...target, name: 'Syllabus' },
      file: { bytes: docx(), filename: 'syllabus.docx', type: 'application/octet-stream' },
    });
    expect(named.status).toBe(201);
    expect(one(named.body).attributes).toMatchObject({
      name: 'Syllabus',
      index: 1,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('tells CSV from plain text only among text, and stores the other allowed types', async () => {
    const { target, tokens } = await setup();
    const csv = await upload(tokens.lecturer, {
      fields: target,
      file: {
        bytes: Buffer.from('nim,name\n2301001,Ayu\n'),
        filename: 'grades.csv',
        type: 'application/vnd.ms-excel',
      },
    });
    expect(csv.status).toBe(201);
    expect(one(csv.body).attributes.mime).toBe('text/csv');
    const image = await upload(tokens.lecturer, {
      fields: { contentable_type: 'course', contentable_id: String(one(csv.body).attributes.course_id) },
      file: { bytes: PNG, filename: 'diagram.png', type: 'image/png' },
    });
    expect(image.status).toBe(201);
    expect(one(image.body).attributes).toMatchObject({ mime: 'image/png', contentable_type: 'courses' });
  });

  it('refuses a disallowed or mismatching type with a 422 naming it, storing nothing', async () => {
    const { target, tokens } = await setup();
    const before = storedBlobs().length;
    const exe = await upload(tokens.lecturer, {
      fields: target,
      file: { bytes: EXE, filename: 'notes.pdf', type: 'application/pdf' },
    });
    expect(exe.status).toBe(422);
    expect(exe.body.errors?.[0].detail).toContain('application/x-msdownload');
    expect(exe.body.errors?.[0].source?.pointer).toBe('/data/attributes/file');

    const renamed = await upload(tokens.lecturer, {
      fields: target,
      file: { bytes: PNG, filename: 'report.pdf', type: 'application/pdf' },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors?.[0].detail).toBe(
      'The file was sent as application/pdf but its content is image/png',
    );

    const html = await upload(tokens.lecturer, {
      fields: target,
      file: {
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        filename: 'a.txt',
        type: 'text/plain',
      },
    });
    expect(html.status).toBe(422);
    expect(html.body.errors?.[0].detail).toContain('text/html');

    const empty = await upload(tokens.lecturer, {
      fields: target,
      file: { bytes: Buffer.alloc(0), filename: 'empty.pdf', type: 'application/pdf' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.[0].detail).toBe('The file is empty');
    expect(storedBlobs()).toHaveLength(before);
  });

  it('refuses a file over MAX_UPLOAD_MB with a 413 and keeps nothing of it', async () => {
    const { target, tokens } = await setup();
    const before = storedBlobs().length;
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const response = await upload(tokens.lecturer, {
      fields: target,
      file: { bytes: big, filename: 'big.pdf', type: 'application/pdf' },
    });
    expect(response.status).toBe(413);
    expect(response.body.errors?.[0].detail).toBe('The file is larger than the upload limit of 1 MB');
    expect(storedBlobs()).toHaveLength(before);
    const contents = await h.ds.query(`SELECT count(*)::int AS n FROM contents WHERE name = 'big.pdf'`);
    expect(contents[0].n).toBe(0);
  });

  it('checks the caller and the fields before storing anything', async () => {
    const { target, tokens } = await setup();
    const file = { bytes: PDF, filename: 'a.pdf', type: 'application/pdf' };
    const before = storedBlobs().length;
    expect((await upload(tokens.student, { fields: target, file })).status).toBe(403);
    expect((await upload(tokens.stranger, { fields: target, file })).status).toBe(404);
    expect((await upload(tokens.outsider, { fields: target, file })).status).toBe(404);
    expect((await upload(undefined, { fields: target, file })).status).toBe(401);

    const noTarget = await upload(tokens.lecturer, { fields: {}, file });
    expect(noTarget.status).toBe(422);
    expect(noTarget.body.errors?.map((error) => error.detail)).toEqual(
      expect.arrayContaining(['Contentable type is required', 'Contentable id is required']),
    );
    const afterFile = new FormData();
    afterFile.append('file', new Blob([PDF], { type: 'application/pdf' }), 'a.pdf');
    afterFile.append('contentable_type', 'activities');
    const late = await fetch(`${h.baseUrl}/api/course/contents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.lecturer}` },
      body: afterFile,
    });
    expect(late.status).toBe(422);

    const noFile = await upload(tokens.lecturer, { fields: target });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors?.[0].detail).toBe('The file is required');
    const wrongPart = await upload(tokens.lecturer, { fields: target, file, fieldName: 'document' });
    expect(wrongPart.status).toBe(422);
    const json = await h.api.as(tokens.lecturer).post('/api/course/contents/upload', target);
    expect(json.status).toBe(400);
    expect(storedBlobs()).toHaveLength(before);
  });

  it('removes the stored blob when recording the content fails', async () => {
    const { target, tokens } = await setup();
    const before = storedBlobs().length;
    const spy = jest
      .spyOn(h.app.get(ContentsService), 'createFile')
      .mockRejectedValueOnce(new Error('database went away'));
    try {
      const response = await upload(tokens.lecturer, {
        fields: target,
        file: { bytes: PDF, filename: 'a.pdf', type: 'application/pdf' },
      });
      expect(response.status).toBe(500);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    expect(storedBlobs()).toHaveLength(before);
  });

  it('redirects readers to a 5-minute link served by the service itself; archiving keeps the file', async () => {
    const { c, target, tokens } = await setup();
    const created = one(
      (
        await upload(tokens.lecturer, {
          fields: target,
          file: { bytes: PDF, filename: 'slides.pdf', type: 'application/pdf' },
        })
      ).body,
    );
    const response = await download(tokens.student, created.id);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/api\/course\/blobs\/course\/[\w-]+\.[\w-]+$/);
    const claims = JSON.parse(Buffer.from(location.split('/').pop()!.split('.')[0], 'base64url').toString());
    expect(claims.e - Date.now() / 1000).toBeGreaterThan(290);
    expect(claims.e - Date.now() / 1000).toBeLessThanOrEqual(300);

    const file = await fetch(h.baseUrl + location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="slides.pdf"; filename*=UTF-8''slides.pdf`,
    );
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    const forged = await fetch(`${h.baseUrl}${location.slice(0, -3)}abc`);
    expect(forged.status).toBe(403);

    expect((await download(tokens.lecturer, created.id)).status).toBe(302);
    expect((await download(tokens.stranger, created.id)).status).toBe(404);
    expect((await download(tokens.outsider, created.id)).status).toBe(404);
    expect((await download(undefined, created.id)).status).toBe(401);

    const asJson = await download(tokens.student, created.id, '?redirect=0');
    expect(asJson.status).toBe(200);
    const document = (await asJson.json()) as {
      data: { attributes: { url: string; filename: string; expires_in: number } };
    };
    expect(document.data.attributes.url).toMatch(/^\/api\/course\/blobs\/course\//);
    expect(document.data.attributes.filename).toBe('slides.pdf');
    expect(document.data.attributes.expires_in).toBe(300);
    const viaDocument = await fetch(h.baseUrl + document.data.attributes.url);
    expect(viaDocument.headers.get('content-disposition')).toBe(
      `attachment; filename="slides.pdf"; filename*=UTF-8''slides.pdf`,
    );

    // A public course is readable by anyone of its campus.
    await h.ds.query(`UPDATE courses SET is_public = true WHERE id = $1`, [c.course.id]);
    expect((await download(tokens.stranger, created.id)).status).toBe(302);
    expect((await download(tokens.outsider, created.id)).status).toBe(404);

    // Archived: gone for students, still there for staff, and the blob is kept for a restore.
    expect((await c.asLecturer.send('DELETE', `/api/course/contents/${created.id}`)).status).toBe(204);
    expect((await download(tokens.student, created.id)).status).toBe(404);
    expect((await download(tokens.lecturer, created.id)).status).toBe(302);
    expect(existsSync(join(blobRoot(), String(created.attributes.content)))).toBe(true);
  });

  it('saves a download under the content’s name, in UTF-8, with the extension of its type', async () => {
    const { c, target, tokens } = await setup();
    const stored = async (name: string, bytes: Buffer, filename: string, type: string) =>
      one(
        (await upload(tokens.lecturer, { fields: { ...target, name }, file: { bytes, filename, type } }))
          .body,
      );
    const disposition = async (id: string) => {
      const redirect = await download(tokens.student, id);
      expect(redirect.status).toBe(302);
      const file = await fetch(h.baseUrl + redirect.headers.get('location')!);
      expect(file.status).toBe(200);
      return file.headers.get('content-disposition');
    };

    const syllabus = await stored('Syllabus', docx(), 'syllabus.docx', 'application/octet-stream');
    expect(await disposition(syllabus.id)).toBe(
      `attachment; filename="Syllabus.docx"; filename*=UTF-8''Syllabus.docx`,
    );
    const local = await stored('Materi Pertemuan 1 – “Pengantar” ü.pdf', PDF, 'a.pdf', 'application/pdf');
    expect(await disposition(local.id)).toBe(
      `attachment; filename="Materi Pertemuan 1 _ _Pengantar_ _.pdf"; ` +
        `filename*=UTF-8''Materi%20Pertemuan%201%20%E2%80%93%20%E2%80%9CPengantar%E2%80%9D%20%C3%BC.pdf`,
    );
    const photo = await stored(
      'photo.JPEG',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
      'p.jpg',
      'image/jpeg',
    );
    expect(await disposition(photo.id)).toBe(
      `attachment; filename="photo.JPEG"; filename*=UTF-8''photo.JPEG`,
    );

    // Renamed after the upload: the download follows the name.
    expect(
      (await c.asLecturer.patch(`/api/course/contents/${syllabus.id}`, { name: 'RPS "final"' })).status,
    ).toBe(200);
    expect(await disposition(syllabus.id)).toBe(
      `attachment; filename="RPS _final_.docx"; filename*=UTF-8''RPS%20%22final%22.docx`,
    );
  });

  it('answers 422 for a content without a file and 404 for a key that is not this campus’s file', async () => {
    const { c, activity, tokens } = await setup();
    const add = async (attributes: Record<string, unknown>) =>
      one(
        (
          await c.asLecturer.post('/api/course/contents', {
            contentable_type: 'activities',
            contentable_id: Number(activity.id),
            name: 'x',
            ...attributes,
          })
        ).body,
      );
    const link = await add({ type: 'link', content: 'https://example.org' });
    const linkDownload = await download(tokens.lecturer, link.id);
    expect(linkDownload.status).toBe(422);
    expect(((await linkDownload.json()) as JsonDocument).errors?.[0].detail).toBe(
      'Only a file content can be downloaded',
    );
    const foreign = await add({
      type: 'file',
      content: 'course/2/1/secret',
      size: 1,
      mime: 'application/pdf',
    });
    expect((await download(tokens.lecturer, foreign.id)).status).toBe(404);
    const missing = await add({
      type: 'file',
      content: 'course/1/1/nothing-here',
      size: 1,
      mime: 'application/pdf',
    });
    expect((await download(tokens.lecturer, missing.id)).status).toBe(404);
  });

  it('keeps its link-signing secret under DATA_DIR', () => {
    expect(existsSync(join(h.dataDir, 'keys', 'course-blob-signing.secret'))).toBe(true);
  });
});

describe('file contents in MinIO (stack mode): downloads', () => {
  let h: CourseHarness;
  let publicEndpoint: string;
  beforeAll(async () => {
    const minio = stackServer('minio');
    // Browsers reach the store under another name than the service does: links are signed for it.
    publicEndpoint = `http://localhost:${new URL(minio.S3_ENDPOINT).port}`;
    h = await new CourseHarness({
      S3_ENDPOINT: minio.S3_ENDPOINT,
      S3_PUBLIC_ENDPOINT: publicEndpoint,
      S3_ACCESS_KEY: minio.S3_ACCESS_KEY,
      S3_SECRET_KEY: minio.S3_SECRET_KEY,
      S3_BUCKET: 'lms-course-test',
    }).start();
  });
  afterAll(() => h?.stop());

  it('redirects to a presigned MinIO link for the public address that answers the file as a named attachment', async () => {
    const c = await cast(h);
    const form = new FormData();
    form.append('contentable_type', 'courses');
    form.append('contentable_id', String(c.course.id));
    form.append('name', 'Kontrak Kuliah é');
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'kontrak.pdf');
    const uploaded = await fetch(`${h.baseUrl}/api/course/contents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.token(c.lecturer.id, 'lecturer')}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const content = one((await uploaded.json()) as JsonDocument);

    const redirect = await fetch(`${h.baseUrl}/api/course/contents/${content.id}/download`, {
      headers: { authorization: `Bearer ${await h.token(c.student.id, 'student')}` },
      redirect: 'manual',
    });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location.startsWith(`${publicEndpoint}/lms-course-test/course/1/${c.course.id}/`)).toBe(true);
    expect(new URL(location).searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Kontrak Kuliah _.pdf"; filename*=UTF-8''Kontrak%20Kuliah%20%C3%A9.pdf`,
    );
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Kontrak Kuliah _.pdf"; filename*=UTF-8''Kontrak%20Kuliah%20%C3%A9.pdf`,
    );
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
  });
});
