import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type JsonDocument, stackServer } from '@lms/testing';
import { ContentsService } from '../src/contents/contents.service';
import { CourseHarness, cast, list, one } from './support/harness';

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
      lecturer: await h.token(c.lecturer),
      assistant: await h.token(c.assistant),
      student: await h.token(c.student),
      stranger: await h.token(c.stranger),
      outsider: await h.token(c.outsider),
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
    const events = await h.events('course.structure.changed');
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

  it('answers 422 for downloading a content that is not a file', async () => {
    const { c, activity, tokens } = await setup();
    const link = one(
      (
        await c.asLecturer.post('/api/course/contents', {
          contentable_type: 'activities',
          contentable_id: Number(activity.id),
          name: 'x',
          type: 'link',
          content: 'https://example.org',
        })
      ).body,
    );
    const linkDownload = await download(tokens.lecturer, link.id);
    expect(linkDownload.status).toBe(422);
    expect(((await linkDownload.json()) as JsonDocument).errors?.[0].detail).toBe(
      'Only a file content can be downloaded',
    );
  });

  describe('which stored file a content may name', () => {
    const pdf = { bytes: PDF, filename: 'notes.pdf', type: 'application/pdf' };
    const refusedKey = {
      detail: 'content must be the storage key of a file you uploaded to this course',
      source: { pointer: '/data/attributes/content' },
    };

    /** Course X (the cast's) and course Y, both of campus 1, each with an uploaded file. */
    async function twoCourses() {
      const x = await setup();
      const yLecturer = await h.given.user(1, 'lecturer');
      const y = await h.course(1, yLecturer.id, { name: 'Other course' });
      const asYLecturer = await h.as(yLecturer);
      const yToken = await h.token(yLecturer);
      const inY = { contentable_type: 'courses', contentable_id: String(y.id) };
      const yFile = one((await upload(yToken, { fields: inY, file: pdf })).body);
      const xFile = one((await upload(x.tokens.lecturer, { fields: x.target, file: pdf })).body);
      const attach = (client: typeof x.c.asLecturer, content: unknown, extra: object = {}) =>
        client.post('/api/course/contents', {
          contentable_type: 'activities',
          contentable_id: Number(x.activity.id),
          name: 'Attached',
          type: 'file',
          content,
          size: 1,
          mime: 'application/pdf',
          ...extra,
        });
      return { ...x, y, yLecturer, asYLecturer, yToken, yFile, xFile, attach };
    }

    it('lets the uploader name their own file of the course again, with the stored size and type', async () => {
      const { c, xFile, attach, tokens } = await twoCourses();
      const response = await attach(c.asLecturer, xFile.attributes.content, { size: 999, mime: 'text/html' });
      expect(response.status).toBe(201);
      expect(one(response.body).attributes).toMatchObject({
        content: xFile.attributes.content,
        size: PDF.length,
        mime: 'application/pdf',
      });
      expect((await download(tokens.student, one(response.body).id)).status).toBe(302);
    });

    it('refuses another course’s file, a guessed key and another teacher’s upload (422 on content)', async () => {
      const { c, y, yFile, attach, asYLecturer, yLecturer, xFile, target, tokens } = await twoCourses();
      // Another course's file, even when the caller teaches that course too.
      expect((await attach(c.asLecturer, yFile.attributes.content)).body.errors).toEqual([
        expect.objectContaining(refusedKey),
      ]);
      await h.assist(y.id, c.lecturer.id);
      const own = one(
        (
          await upload(tokens.lecturer, {
            fields: { contentable_type: 'courses', contentable_id: String(y.id) },
            file: pdf,
          })
        ).body,
      );
      const crossCourse = await attach(c.asLecturer, own.attributes.content);
      expect(crossCourse.status).toBe(422);
      expect(crossCourse.body.errors?.[0]).toMatchObject(refusedKey);
      // A guessed key of the course's own part of the store.
      const guessed = await attach(
        c.asLecturer,
        `course/1/${c.course.id}/00000000-0000-4000-8000-000000000000`,
      );
      expect(guessed.status).toBe(422);
      expect(guessed.body.errors?.[0]).toMatchObject(refusedKey);
      // A file of the same course uploaded by someone else (the assistant).
      const byAssistant = one((await upload(tokens.assistant, { fields: target, file: pdf })).body);
      expect((await attach(c.asLecturer, byAssistant.attributes.content)).status).toBe(422);
      // Course Y's lecturer cannot name course X's file in Y either.
      const intoY = await asYLecturer.post('/api/course/contents', {
        contentable_type: 'courses',
        contentable_id: y.id,
        name: 'Taken',
        type: 'file',
        content: xFile.attributes.content,
        size: 1,
        mime: 'application/pdf',
      });
      expect(intoY.status).toBe(422);
      expect(yLecturer.id).not.toBe(c.lecturer.id);
      const names: Array<{ name: string }> = await h.ds.query(
        `SELECT name FROM contents WHERE name IN ('Attached', 'Taken') AND course_id = ANY($1)`,
        [[c.course.id, y.id]],
      );
      expect(names).toEqual([]);
    });

    it('refuses the same through a change of a content, and a student attaches nothing', async () => {
      const { c, yFile, xFile, attach } = await twoCourses();
      const text = one((await attach(c.asLecturer, '<p>notes</p>', { type: 'text', name: 'Notes' })).body);
      const toForeign = await c.asLecturer.patch(`/api/course/contents/${text.id}`, {
        type: 'file',
        content: yFile.attributes.content,
      });
      expect(toForeign.status).toBe(422);
      expect(toForeign.body.errors?.[0]).toMatchObject(refusedKey);
      const fileSwap = await c.asLecturer.patch(`/api/course/contents/${xFile.id}`, {
        content: yFile.attributes.content,
      });
      expect(fileSwap.status).toBe(422);
      // Renaming keeps the file; size and type stay the stored file's.
      const renamed = await c.asLecturer.patch(`/api/course/contents/${xFile.id}`, {
        name: 'Renamed',
        size: 5,
        mime: 'image/png',
      });
      expect(renamed.status).toBe(200);
      expect(one(renamed.body).attributes).toMatchObject({
        content: xFile.attributes.content,
        size: PDF.length,
        mime: 'application/pdf',
      });

      expect((await attach(c.asStudent, xFile.attributes.content)).status).toBe(403);
      expect(
        (await c.asStudent.patch(`/api/course/contents/${xFile.id}`, { content: yFile.attributes.content }))
          .status,
      ).toBe(403);
    });

    it('signs no link for a key written into a content by other means', async () => {
      const { c, yFile, xFile, attach, tokens } = await twoCourses();
      const planted = one((await attach(c.asLecturer, xFile.attributes.content, { name: 'Planted' })).body);
      expect((await download(tokens.student, planted.id)).status).toBe(302);
      // Another course's real file, and a key of the course's own part of the store.
      for (const key of [yFile.attributes.content, `course/1/${c.course.id}/not-uploaded`]) {
        await h.ds.query(`UPDATE contents SET content = $1 WHERE id = $2`, [key, Number(planted.id)]);
        expect((await download(tokens.student, planted.id)).status).toBe(404);
        expect((await download(tokens.lecturer, planted.id)).status).toBe(404);
      }
    });

    it('lets a copy or a move into another course the caller teaches take its file along, and no more', async () => {
      const { c, y, xFile, attach, tokens } = await twoCourses();
      const mine = await h.course(1, c.lecturer.id, { name: 'Second course' });
      await h.enrol(mine.id, 1, [c.student.id]);
      const into = { contentable_type: 'courses', contentable_id: mine.id };
      const [copied] = list(
        (await c.asLecturer.post('/api/course/contents/copy', { content_ids: [Number(xFile.id)], ...into }))
          .body,
      );
      expect(copied.attributes).toMatchObject({ course_id: mine.id, content: xFile.attributes.content });
      expect((await download(tokens.student, copied.id)).status).toBe(302);
      // The copier may name it in the target course again, as their copy.
      const again = await c.asLecturer.post('/api/course/contents', {
        ...into,
        name: 'Again',
        type: 'file',
        content: xFile.attributes.content,
      });
      expect(again.status).toBe(201);

      const moving = one((await attach(c.asLecturer, xFile.attributes.content, { name: 'Moving' })).body);
      const moved = await c.asLecturer.post('/api/course/contents/move', {
        content_ids: [Number(moving.id)],
        ...into,
      });
      expect(moved.status).toBe(200);
      expect((await download(tokens.student, moving.id)).status).toBe(302);

      // A content whose key its course does not hold passes nothing on.
      const planted = one((await attach(c.asLecturer, xFile.attributes.content, { name: 'P' })).body);
      const foreignKey = `course/1/${y.id}/${'f'.repeat(8)}`;
      await h.ds.query(`UPDATE contents SET content = $1 WHERE id = $2`, [foreignKey, Number(planted.id)]);
      const [launder] = list(
        (await c.asLecturer.post('/api/course/contents/copy', { content_ids: [Number(planted.id)], ...into }))
          .body,
      );
      expect((await download(tokens.student, launder.id)).status).toBe(404);
      const held: unknown[] = await h.ds.query(`SELECT 1 FROM course_files WHERE blob_key = $1`, [
        foreignKey,
      ]);
      expect(held).toEqual([]);
    });

    it('lets a replicated course download the files it copied', async () => {
      const { c, xFile, tokens } = await twoCourses();
      const next = await h.course(1, c.lecturer.id, { name: 'Next semester' });
      await h.enrol(next.id, 1, [c.student.id]);
      const replicated = await c.asLecturer.send('PUT', '/api/course/courses/replicate', {
        from: c.course.id,
        to: next.id,
      });
      expect(replicated.status).toBe(200);
      const [copy]: Array<{ id: string }> = await h.ds.query(
        `SELECT id FROM contents WHERE course_id = $1 AND content = $2`,
        [next.id, xFile.attributes.content],
      );
      expect((await download(tokens.student, String(copy.id))).status).toBe(302);
    });
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
      headers: { authorization: `Bearer ${await h.token(c.lecturer)}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const content = one((await uploaded.json()) as JsonDocument);

    const redirect = await fetch(`${h.baseUrl}/api/course/contents/${content.id}/download`, {
      headers: { authorization: `Bearer ${await h.token(c.student)}` },
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
