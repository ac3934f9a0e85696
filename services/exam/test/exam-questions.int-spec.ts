import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceHarness, type JsonResource, type TestUser } from '@lms/testing';
import { configKey, hashQuitPassword, parsePlist } from '../src/domain/seb';
import { examService } from '../src/service';

const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/**
 * Questions inside exams: packages, the exam's assistants, numbering per package, copies from the
 * bank, imports into a package and the QTI export of a package, imported back.
 */
describe('questions of an exam on PostgreSQL', () => {
  const h = new ServiceHarness(examService);
  let lecturer: TestUser;
  let examAssistant: TestUser;
  let stranger: TestUser;
  let outsider: TestUser;
  let courseId: number;

  beforeAll(async () => {
    await h.start();
    lecturer = await h.given.user(1, 'lecturer');
    examAssistant = await h.given.user(1, 'lecturer');
    stranger = await h.given.user(1, 'lecturer');
    outsider = await h.given.user(2, 'lecturer');
    courseId = (await h.project('course.course.upserted', 1)).id;
    await h.given.staff(1, { courseId, lecturerId: lecturer.id, assistants: [] });
  });
  afterAll(() => h.stop());

  /** An exam of the course with `packages` packages (what the exams API makes). */
  async function exam(packages = 2, assistants: TestUser[] = []): Promise<number> {
    const [row]: Array<{ id: string }> = await h.ds.query(
      `INSERT INTO exams (tenant_id, course_id, name, package, created_by) VALUES (1, $1, 'Midterm', $2, $3) RETURNING id`,
      [courseId, packages, lecturer.id],
    );
    for (const assistant of assistants)
      await h.ds.query(`INSERT INTO exam_assistants (exam_id, user_id) VALUES ($1, $2)`, [
        row.id,
        assistant.id,
      ]);
    return Number(row.id);
  }

  const add = async (user: TestUser, examId: number, attributes: Record<string, unknown> = {}) =>
    (await h.as(user)).post('/api/exam/questions', {
      data: { attributes: { exam_id: examId, ...attributes } },
    });

  const order = async (examId: number, pack: number) =>
    list(
      (
        await (
          await h.as(lecturer)
        ).get(`/api/exam/questions?filter[exam_id]=${examId}&filter[package]=${pack}&page[limit]=0`)
      ).body,
    ).map((q) => [q.attributes.question, q.attributes.index]);

  async function upload(
    user: TestUser,
    path: string,
    fields: Record<string, string>,
    bytes: Buffer,
    filename: string,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), filename);
    const response = await fetch(`${h.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.token(user)}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { data?: unknown; errors?: unknown[] },
    };
  }

  it('lets the course’s staff and the exam’s assistants author, and no one else', async () => {
    const examId = await exam(1, [examAssistant]);
    expect((await add(lecturer, examId)).status).toBe(201);
    expect((await add(examAssistant, examId)).status).toBe(201);
    expect((await add(stranger, examId)).status).toBe(403);
    expect((await add(outsider, examId)).status).toBe(404);
    await h.ds.query(`UPDATE exams SET deleted_at = now() WHERE id = $1`, [examId]);
    expect((await add(lecturer, examId)).status).toBe(404);
    // a soft-deleted exam keeps its questions (it can be restored); a removed row takes them along
    const count = async () =>
      Number((await h.ds.query(`SELECT count(*) AS n FROM questions WHERE exam_id = $1`, [examId]))[0].n);
    expect(await count()).toBe(2);
    await h.ds.query(`DELETE FROM exams WHERE id = $1`, [examId]);
    expect(await count()).toBe(0);
  });

  it('numbers each package on its own, keeps a question in the exam’s packages, moves one between them', async () => {
    const examId = await exam(2);
    for (const [text, pack] of [
      ['1a', 1],
      ['1b', 1],
      ['2a', 2],
    ] as const)
      expect((await add(lecturer, examId, { question: text, package: pack })).status).toBe(201);
    const third = await add(lecturer, examId, { package: 3 });
    expect(third.status).toBe(422);
    expect(third.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/package' });
    expect(await order(examId, 2)).toEqual([['2a', 1]]);

    const [first] = list(
      (await (await h.as(lecturer)).get(`/api/exam/questions?filter[exam_id]=${examId}&filter[package]=1`))
        .body,
    );
    const moved = await (
      await h.as(lecturer)
    ).patch(`/api/exam/questions/${first.id}`, { data: { attributes: { package: 2 } } });
    expect(one(moved.body).attributes).toMatchObject({ package: 2, index: 2 });
    expect(await order(examId, 1)).toEqual([['1b', 1]]);
    expect(await order(examId, 2)).toEqual([
      ['2a', 1],
      ['1a', 2],
    ]);
  });

  it('copies questions of the bank into a package, after the ones it has', async () => {
    const examId = await exam(1);
    await add(lecturer, examId, { question: 'already there' });
    const as = await h.as(lecturer);
    const banked = one(
      (
        await as.post('/api/exam/questions', {
          data: {
            attributes: {
              course_id: courseId,
              question: 'From the bank',
              tags: ['bank'],
              answers: [{ answer: 'yes', point: 1 }, { answer: 'no' }],
            },
          },
        })
      ).body,
    );
    const copied = await as.post(`/api/exam/exams/${examId}/questions/copy`, {
      data: { attributes: { package: 1, questions: [Number(banked.id)] } },
    });
    expect(copied.status).toBe(201);
    expect(list(copied.body)[0].attributes).toMatchObject({
      exam_id: examId,
      index: 2,
      question: 'From the bank',
      tags: ['bank'],
      problems: [],
    });
    expect(await order(examId, 1)).toEqual([
      ['already there', 1],
      ['From the bank', 2],
    ]);
    const missing = await as.post(`/api/exam/exams/${examId}/questions/copy`, {
      data: { attributes: { questions: [999999] } },
    });
    expect(missing.status).toBe(422);
  });

  it('exports a package as QTI 2.1 and imports it into another package as the same questions', async () => {
    const examId = await exam(2);
    const template = readFileSync(join(__dirname, '../templates/questions-template.xlsx'));
    const imported = await upload(
      lecturer,
      '/api/exam/imports/question',
      { exam_id: String(examId), package: '1' },
      template,
      'q.xlsx',
    );
    expect(imported.status).toBe(201);
    const dataSet = one(
      (
        await (
          await h.as(lecturer)
        ).post('/api/exam/datasets', { data: { attributes: { course_id: courseId } } })
      ).body,
    );
    await (
      await h.as(lecturer)
    ).post('/api/exam/datasetdetails', {
      data: { attributes: { data_set_id: Number(dataSet.id), name: 'x' } },
    });
    await add(lecturer, examId, {
      questions_type: 'parameterized',
      question: 'Twice {x}?',
      data_set_id: Number(dataSet.id),
      answers: [{ formula: '2 * x', point: 1 }],
    });

    const response = await fetch(`${h.baseUrl}/api/exam/exams/${examId}/packages/1/qti`, {
      headers: { authorization: `Bearer ${await h.token(lecturer)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(JSON.parse(decodeURIComponent(response.headers.get('x-qti-not-exported') ?? ''))).toEqual([
      {
        index: 7,
        reason: expect.stringMatching(/^parameterized questions draw their values from a dataset/),
      },
    ]);
    const zip = Buffer.from(await response.arrayBuffer());
    const back = await upload(
      lecturer,
      '/api/exam/imports/qti',
      { exam_id: String(examId), package: '2' },
      zip,
      'package.zip',
    );
    expect(back.status).toBe(201);

    const read = async (pack: number) => {
      const doc = (
        await (
          await h.as(lecturer)
        ).get(
          `/api/exam/questions?filter[exam_id]=${examId}&filter[package]=${pack}&page[limit]=0&include=answers`,
        )
      ).body;
      return list(doc)
        .filter((q) => q.attributes.questions_type !== 'parameterized')
        .map((q) => ({
          ...q.attributes,
          package: undefined,
          created_at: undefined,
          updated_at: undefined,
          answers: (doc.included ?? [])
            .filter((a) => a.attributes.question_id === Number(q.id))
            .map((a) => ({ ...a.attributes, question_id: undefined })),
        }));
    };
    expect(await read(2)).toEqual(await read(1));
    expect(
      (
        await fetch(`${h.baseUrl}/api/exam/exams/${examId}/packages/1/qti`, {
          headers: { authorization: `Bearer ${await h.token(stranger)}` },
        })
      ).status,
    ).toBe(403);
  });

  it('removes a package with its questions and moves the later packages down', async () => {
    const examId = await exam(3);
    for (const [text, pack] of [
      ['p1', 1],
      ['p2', 2],
      ['p3a', 3],
      ['p3b', 3],
    ] as const)
      await add(lecturer, examId, { question: text, package: pack });
    const removed = await (await h.as(lecturer)).send('DELETE', `/api/exam/exams/${examId}/package/2`);
    expect(removed.status).toBe(200);
    expect(await order(examId, 1)).toEqual([['p1', 1]]);
    expect(await order(examId, 2)).toEqual([
      ['p3a', 1],
      ['p3b', 2],
    ]);
    expect(await order(examId, 3)).toEqual([]);
  });

  it('hands the .seb of a Safe Exam Browser exam to its authors, with the Config Key the server keeps', async () => {
    const examId = await exam(1);
    const download = async (user: TestUser) =>
      fetch(`${h.baseUrl}/api/exam/safe/${examId}/download`, {
        headers: { authorization: `Bearer ${await h.token(user)}`, 'x-forwarded-host': 'campus.example' },
      });
    expect((await download(lecturer)).status).toBe(422);
    await h.ds.query(`UPDATE exams SET is_safe = true WHERE id = $1`, [examId]);
    const response = await download(lecturer);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="exam-${examId}.seb"`);
    const settings = parsePlist(await response.text());
    expect(settings.startURL).toBe(`http://campus.example/exam/${examId}/start`);
    expect(settings.sendBrowserExamKey).toBe(true);
    expect(response.headers.get('x-seb-config-key')).toBe(configKey(settings));

    const kept = one((await (await h.as(lecturer)).get(`/api/exam/safe/${examId}`)).body).attributes;
    expect(kept.config_key).toBe(configKey(settings));
    expect(settings.hashedQuitPassword).toBe(hashQuitPassword(kept.quit_password as string));
    // the quit password stays the same from one download to the next
    const again = parsePlist(await (await download(lecturer)).text());
    expect(again.hashedQuitPassword).toBe(settings.hashedQuitPassword);
    expect((await download(stranger)).status).toBe(403);
  });
});
