import { PDFDict, PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import type { BlobStorage, StoredFile } from '@lms/storage';
import type { JsonDocument } from '@lms/testing';
import { TaskAnnotation } from '../src/annotations/annotation.entity';
import { TaskAnswer } from '../src/answers/task-answer.entity';
import { TASK_STORAGE } from '../src/files/task-storage';
import { TaskGroup, TaskGroupMember } from '../src/groups/task-group.entity';
import { Task } from '../src/tasks/task.entity';
import { body, list, one, TaskHarness } from './support/harness';

/** A PDF of `pages` A4 pages, each with a line of text. */
async function pdf(pages = 2): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++)
    document.addPage([595, 842]).drawText(`Page ${n} of the essay`, { x: 72, y: 760, size: 14, font });
  return Buffer.from(await document.save());
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A file is named in a path by the last segment of its key: the gateway refuses an encoded slash. */
const tail = (key: string) => key.split('/').pop()!;

const highlight = (source: string, extra: Record<string, unknown> = {}) =>
  body({
    motivation: 'highlighting',
    body: { value: 'Good point' },
    target: {
      source,
      selector: { page: 1, rects: [{ x: 70, y: 755, width: 160, height: 20 }], quote: 'Page 1 of the essay' },
    },
    ...extra,
  });
const ink = (
  source: string,
  paths: unknown = [
    [
      [100, 300],
      [150, 320],
      [200, 280],
    ],
  ],
) =>
  body({
    motivation: 'drawing',
    color: '#1971C2',
    target: { source, selector: { page: 2, paths, width: 3 } },
  });
const note = (source: string, value = 'Cite the source here') =>
  body({
    motivation: 'commenting',
    body: { value },
    target: { source, selector: { page: 1, point: { x: 300, y: 400 } } },
  });

/**
 * PDF annotation of answers (`/course/task/answers/{id}/annotations`, `/course/task/annotations/{id}`,
 * `…/files/{key}/annotated`): staff annotate, the answer's student or group reads, others see nothing.
 */
describe('annotations of answers', () => {
  const h = new TaskHarness();
  let c: Awaited<ReturnType<TaskHarness['course']>>;
  let storage: BlobStorage;
  let essay: StoredFile;
  let picture: StoredFile;
  let answerId: number;
  let groupAnswerId: number;
  let taskId: number;
  let stored: Buffer;

  async function store(name: string, bytes: Buffer, mime: string): Promise<StoredFile> {
    const key = `task/1/answers/${h.nextId()}-${name.replace(/\W/g, '')}`;
    await storage.put(key, bytes, { contentType: mime, maxBytes: 10 * 1024 * 1024 });
    return { key, name, size: bytes.length, mime };
  }

  async function task(type: 'PERSONAL' | 'GROUP') {
    const saved = await h.ds.getRepository(Task).save({
      tenantId: 1,
      courseId: c.course.id,
      taskableType: 'activity',
      taskableId: c.activityId,
      name: `Essay ${type}`,
      taskType: type,
      createdBy: c.lecturer.id,
    } as Partial<Task>);
    return saved.id;
  }

  beforeAll(async () => {
    await h.start();
    c = await h.course();
    storage = h.app.get<BlobStorage>(TASK_STORAGE);
    stored = await pdf(2);
    essay = await store('essay.pdf', stored, 'application/pdf');
    picture = await store('photo.png', PNG, 'image/png');
    taskId = await task('PERSONAL');
    const answers = h.ds.getRepository(TaskAnswer);
    answerId = (
      await answers.save({
        tenantId: 1,
        taskId,
        studentId: c.student.id,
        files: [essay, picture],
        isSent: true,
        sentAt: new Date(),
        updatedBy: c.student.id,
      })
    ).id;
    const groupTaskId = await task('GROUP');
    const group = await h.ds
      .getRepository(TaskGroup)
      .save({ tenantId: 1, taskId: groupTaskId, name: 'Group 1' });
    await h.ds.getRepository(TaskGroupMember).save([
      { groupId: group.id, studentId: c.student.id, taskId: groupTaskId },
      { groupId: group.id, studentId: c.groupmate.id, taskId: groupTaskId },
    ]);
    const groupEssay = await store('group.pdf', await pdf(1), 'application/pdf');
    groupAnswerId = (
      await answers.save({
        tenantId: 1,
        taskId: groupTaskId,
        groupId: group.id,
        files: [groupEssay],
        isSent: true,
        updatedBy: c.groupmate.id,
      })
    ).id;
  });
  afterAll(() => h.stop());

  const path = (id = answerId) => `/api/course/task/answers/${id}/annotations`;
  const filtered = (key: string, id = answerId) =>
    `${path(id)}?filter[file]=${encodeURIComponent(key)}&page[limit]=0`;

  it('lets the lecturer highlight, draw and pin notes, and the student read them', async () => {
    const created = await c.asLecturer.post(path(), highlight(essay.key));
    expect(created.status).toBe(201);
    expect(one(created.body)).toMatchObject({
      type: 'annotations',
      attributes: {
        answer_id: answerId,
        motivation: 'highlighting',
        body: { type: 'TextualBody', value: 'Good point', format: 'text/plain' },
        target: {
          source: essay.key,
          selector: { type: 'PdfSelector', page: 1, rects: [{ x: 70, y: 755, width: 160, height: 20 }] },
        },
        color: '#ffd400',
        creator: { id: c.lecturer.id },
      },
    });
    expect((await c.asAssistant.post(path(), ink(essay.key))).status).toBe(201);
    expect((await c.asLecturer.post(path(), note(essay.key))).status).toBe(201);

    // Kept as W3C Web Annotations, the student's file untouched.
    const [row] = await h.ds.getRepository(TaskAnnotation).find({ order: { id: 'ASC' }, take: 1 });
    expect(row.body).toMatchObject({
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      type: 'Annotation',
      motivation: 'highlighting',
      target: { source: essay.key, selector: { type: 'PdfSelector', page: 1 } },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(essay.key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(stored);

    const seen = await c.asStudent.get(filtered(essay.key));
    expect(seen.status).toBe(200);
    expect(list(seen.body).map((a) => a.attributes.motivation)).toEqual([
      'highlighting',
      'drawing',
      'commenting',
    ]);
    expect(list(seen.body)[1].attributes).toMatchObject({
      color: '#1971c2',
      target: {
        selector: {
          paths: [
            [
              [100, 300],
              [150, 320],
              [200, 280],
            ],
          ],
          width: 3,
        },
      },
      creator: { id: c.assistant.id },
    });
    expect(seen.body.meta).toMatchObject({ total: 3 });
    const notes = await c.asStudent.get(`${path()}?filter[motivation]=commenting`);
    expect(list(notes.body)).toHaveLength(1);
    expect(list((await c.asStudent.get(filtered(picture.key))).body)).toHaveLength(0);
  });

  it('shows nothing of the answer to another student, another campus or a lecturer not teaching it', async () => {
    for (const client of [
      c.asClassmate,
      c.asOtherStudent,
      c.asStranger,
      c.asElsewhere,
      c.asElsewhereStudent,
      c.asGroupmate,
    ]) {
      expect((await client.get(path())).status).toBe(404);
      expect((await client.post(path(), highlight(essay.key))).status).toBe(404);
      expect(
        (await client.get(`/api/course/task/answers/${answerId}/files/${tail(essay.key)}/annotated`)).status,
      ).toBe(404);
    }
    expect((await h.api.get(path())).status).toBe(401);
    expect((await c.asLecturer.get(path(999_999))).status).toBe(404);
  });

  it('follows the answer’s own rule: a student who no longer takes the task reaches neither', async () => {
    const answerUrl = `/api/course/task/answers/${answerId}`;
    const annotated = `${answerUrl}/files/${tail(essay.key)}/annotated`;
    const tasks = h.ds.getRepository(Task);
    for (const change of [
      { isActive: false },
      { allClass: false },
      { startAt: new Date(Date.now() + 3_600_000) },
    ]) {
      await tasks.update({ id: taskId }, change);
      for (const url of [answerUrl, path(), annotated]) expect((await c.asStudent.get(url)).status).toBe(404);
      expect((await c.asLecturer.get(path())).status).toBe(200);
      await tasks.update({ id: taskId }, { isActive: true, allClass: true, startAt: null });
    }
    expect((await c.asStudent.get(path())).status).toBe(200);
  });

  it('lets only staff write: the student is refused', async () => {
    const refused = await c.asStudent.post(path(), highlight(essay.key));
    expect(refused.status).toBe(403);
    const [first] = list((await c.asStudent.get(filtered(essay.key))).body);
    expect(
      (await c.asStudent.patch(`/api/course/task/annotations/${first.id}`, body({ color: '#000000' })))
        .status,
    ).toBe(403);
    expect((await c.asStudent.send('DELETE', `/api/course/task/annotations/${first.id}`)).status).toBe(403);
    expect((await c.asElsewhere.send('DELETE', `/api/course/task/annotations/${first.id}`)).status).toBe(404);
  });

  it('refuses geometry off the page, the wrong shape for the motivation and oversized content, with pointers', async () => {
    const refused = async (document: unknown) => {
      const response = await c.asLecturer.post(path(), document);
      expect(response.status).toBe(422);
      return (response.body as JsonDocument).errors?.map((error) => [error.source?.pointer, error.detail]);
    };
    const selector = '/data/attributes/target/selector';
    expect(
      await refused(
        body({
          motivation: 'highlighting',
          target: { source: essay.key, selector: { page: 3, rects: [{ x: 1, y: 1, width: 5, height: 5 }] } },
        }),
      ),
    ).toEqual([[`${selector}/page`, "target.selector.page must be at most 2 (the file's pages)"]]);
    expect(
      await refused(
        body({
          motivation: 'highlighting',
          target: {
            source: essay.key,
            selector: { page: 1, rects: [{ x: 500, y: 800, width: 200, height: 10 }] },
          },
        }),
      ),
    ).toEqual([
      [`${selector}/rects/0`, 'target.selector.rects[0] must lie inside page 1 (x 0–595, y 0–842)'],
    ]);
    expect(
      await refused(
        body({
          motivation: 'commenting',
          target: { source: essay.key, selector: { page: 1, point: { x: -20, y: 10 } } },
          body: { value: 'x' },
        }),
      ),
    ).toEqual([[`${selector}/point`, expect.stringContaining('must lie inside page 1')]]);
    expect(
      await refused(
        body({
          motivation: 'highlighting',
          target: { source: essay.key, selector: { page: 1, point: { x: 1, y: 1 } } },
        }),
      ),
    ).toEqual([
      [`${selector}/rects`, 'target.selector.rects is required for highlighting'],
      [`${selector}/point`, 'target.selector.point is not allowed for highlighting'],
    ]);
    expect(await refused(note(essay.key, '   '))).toEqual([
      ['/data/attributes/body/value', 'body.value is required for a note'],
    ]);
    expect(await refused(note(essay.key, 'x'.repeat(5001)))).toEqual([
      ['/data/attributes/body/value', expect.stringContaining('5000')],
    ]);
    const many = Array.from({ length: 3 }, () =>
      Array.from({ length: 2000 }, (_, i) => [100 + (i % 50), 300]),
    );
    expect(await refused(ink(essay.key, many))).toEqual([
      [`${selector}/paths`, expect.stringContaining('at most 5000 points in all (not 6000)')],
    ]);
    expect(await refused(ink(essay.key, [[[100, 'x']]]))).toEqual([
      [`${selector}/paths/0/0/1`, expect.stringContaining('number')],
    ]);
    expect(await refused(highlight('task/1/answers/someone-else.pdf'))).toEqual([
      ['/data/attributes/target/source', 'target.source must be the key of one of the answer’s files'],
    ]);
    expect(await refused(highlight(picture.key))).toEqual([
      ['/data/attributes/target/source', 'target.source must be a PDF, not image/png'],
    ]);
    expect(await refused(highlight(essay.key, { color: 'red' }))).toEqual([
      ['/data/attributes/color', 'color must be a colour as #rrggbb'],
    ]);
    expect(await refused(highlight(essay.key, { motivation: 'bookmarking' }))).toEqual([
      ['/data/attributes/motivation', expect.stringContaining('highlighting, commenting, drawing')],
    ]);
  });

  it('changes the text, colour and place of an annotation, never its file', async () => {
    const created = one((await c.asLecturer.post(path(), highlight(essay.key))).body);
    const url = `/api/course/task/annotations/${created.id}`;
    const moved = await c.asAssistant.patch(
      url,
      body({
        body: { value: 'Better said here' },
        color: '#40C057',
        target: { selector: { page: 2, rects: [{ x: 10, y: 10, width: 50, height: 12 }] } },
      }),
    );
    expect(moved.status).toBe(200);
    expect(one(moved.body).attributes).toMatchObject({
      motivation: 'highlighting',
      body: { value: 'Better said here' },
      color: '#40c057',
      target: { source: essay.key, selector: { page: 2, rects: [{ x: 10, y: 10, width: 50, height: 12 }] } },
      creator: { id: c.lecturer.id },
    });
    const cleared = await c.asLecturer.patch(url, body({ body: null }));
    expect(one(cleared.body).attributes.body).toBeNull();
    const otherFile = await c.asLecturer.patch(
      url,
      body({
        target: { source: picture.key, selector: { page: 1, rects: [{ x: 1, y: 1, width: 1, height: 1 }] } },
      }),
    );
    expect(otherFile.status).toBe(422);
    expect(otherFile.body.errors?.[0].source?.pointer).toBe('/data/attributes/target/source');
    const offPage = await c.asLecturer.patch(
      url,
      body({ target: { selector: { page: 1, rects: [{ x: 590, y: 1, width: 50, height: 1 }] } } }),
    );
    expect(offPage.status).toBe(422);

    expect((await c.asAssistant.send('DELETE', url)).status).toBe(204);
    expect((await c.asLecturer.patch(url, body({ color: '#000000' }))).status).toBe(404);
    expect(await h.ds.getRepository(TaskAnnotation).countBy({ id: Number(created.id) })).toBe(0);
  });

  it('lets every member of the group read the annotations of their group’s answer, and no one else', async () => {
    const [groupFile] = (await h.ds.getRepository(TaskAnswer).findOneByOrFail({ id: groupAnswerId })).files;
    expect((await c.asLecturer.post(path(groupAnswerId), note(groupFile.key))).status).toBe(201);
    for (const member of [c.asStudent, c.asGroupmate])
      expect(list((await member.get(path(groupAnswerId))).body)).toHaveLength(1);
    expect((await c.asClassmate.get(path(groupAnswerId))).status).toBe(404);
  });

  it('downloads the PDF with the annotations drawn in, for staff and the student, and leaves the file as it was', async () => {
    const url = `/api/course/task/answers/${answerId}/files/${tail(essay.key)}/annotated`;
    const response = await fetch(`${h.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${await h.token(c.student)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('essay (annotated).pdf');
    const copy = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    // Two pages of the essay and the list of notes.
    expect(copy.getPageCount()).toBe(3);
    const notes = (copy.getPage(0).node.Annots()?.asArray() ?? []).map(
      (ref) => copy.context.lookup(ref) as PDFDict,
    );
    expect(notes.map((n) => (n.get(PDFName.of('Contents')) as PDFHexString).decodeText())).toEqual([
      'Good point',
      'Cite the source here',
    ]);

    const asLecturer = await fetch(`${h.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${await h.token(c.lecturer)}` },
    });
    expect(asLecturer.status).toBe(200);

    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(essay.key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(stored);

    expect(
      (await c.asLecturer.get(`/api/course/task/answers/${answerId}/files/${tail(picture.key)}/annotated`))
        .status,
    ).toBe(404);
    expect(
      (await c.asLecturer.get(`/api/course/task/answers/${answerId}/files/nothing.pdf/annotated`)).status,
    ).toBe(404);
  });

  it('hides the annotations of a deleted task', async () => {
    await h.ds.getRepository(Task).softDelete({ id: taskId });
    expect((await c.asLecturer.get(path())).status).toBe(404);
    expect((await c.asStudent.get(path())).status).toBe(404);
    await h.ds.getRepository(Task).restore({ id: taskId });
    expect((await c.asStudent.get(path())).status).toBe(200);
  });
});
