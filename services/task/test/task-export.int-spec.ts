import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { expectEventually, type JsonResource } from '@lms/testing';
import { BlobNotFoundError, type BlobStorage } from '@lms/storage';
import { TASK_STORAGE } from '../src/files/task-storage';
import { PDF, multipart } from './support/answers';
import { GradingFixtures } from './support/grading-fixtures';
import { TaskHarness } from './support/harness';

const one = (doc: { data?: unknown }) => doc.data as JsonResource;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * `POST`/`GET /course/task/{id}/export`: a zip of a task's sent answers made in the background —
 * a folder per student or group with their files and text, the task's scores as summary.xlsx —
 * stored in the task service's blob store and downloaded by a short-lived link.
 */
describe('task answers export (zip)', () => {
  const h = new TaskHarness();
  const f = new GradingFixtures(h);
  let c: Awaited<ReturnType<GradingFixtures['course']>>;
  let essay: number;
  let project: number;

  beforeAll(async () => {
    await h.start();
    c = await f.course();
    essay = await f.task(c, { name: 'Essay: week 1', passingGrade: 60 });
    // Ana sends text and two files of the same name; Budi sends text only; Citra keeps a draft.
    const sent = await multipart(
      h,
      await h.token(c.student),
      'POST',
      '/api/course/tasks/setAnswer',
      { task_id: String(essay), answer: '<p>My <strong>essay</strong></p>', is_sent: '1' },
      [
        { name: 'essay.pdf', bytes: PDF },
        { name: 'essay.pdf', bytes: Buffer.concat([PDF, Buffer.from('% second\n')]), part: 'files[]' },
      ],
    );
    expect(sent.status).toBe(200);
    await c.asLecturer.send('PUT', '/api/course/task/answers/score', {
      data: { attributes: { answer_id: Number(one(sent.body).id), score: 95 } },
    });
    await f.answer(1, essay, { studentId: c.classmate.id }, { score: 40 });
    await f.answer(1, essay, { studentId: c.third.id }, { isSent: false });
    // A group task: Team 1 (Ana, Budi) sends a picture.
    project = await f.task(c, { name: 'Project', taskType: 'GROUP' });
    await f.group(1, project, 'Team 1', [c.student.id, c.classmate.id]);
    const group = await multipart(
      h,
      await h.token(c.student),
      'POST',
      '/api/course/task/answer/groups',
      { task_id: String(project), answer: '', is_sent: '1' },
      [{ name: 'poster.png', bytes: PNG }],
    );
    expect(group.status).toBe(200);
  });
  afterAll(() => h.stop());

  /** Asks for an export and waits until it is no longer queued or running. */
  async function exported(taskId: number, as = c.asLecturer) {
    const asked = await as.post(`/api/course/task/${taskId}/export`, {});
    expect(asked.status).toBe(202);
    expect(one(asked.body)).toMatchObject({ type: 'task-exports', attributes: { task_id: taskId } });
    expect(['queued', 'running']).toContain(one(asked.body).attributes.status);
    return expectEventually(async () => {
      const latest = await as.get(`/api/course/task/${taskId}/export`);
      expect(latest.status).toBe(200);
      const resource = one(latest.body);
      expect(resource.id).toBe(one(asked.body).id);
      expect(['ready', 'failed']).toContain(resource.attributes.status);
      return resource;
    }, 20_000);
  }

  async function unzip(url: string) {
    const response = await fetch(`${h.baseUrl}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Essay week 1 answers/,
    );
    return JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
  }
  const files = (zip: JSZip) =>
    Object.values(zip.files)
      .map((entry) => entry.name)
      .sort();

  it('zips a personal task’s sent answers in a folder per student with the scores as summary.xlsx', async () => {
    const ready = await exported(essay);
    expect(ready.attributes).toMatchObject({
      status: 'ready',
      answer_count: 2,
      error: null,
      filename: expect.stringMatching(/^Essay week 1 answers \d{12}\.zip$/),
    });
    const zip = await unzip(String(ready.attributes.download_url));
    expect(files(zip)).toEqual([
      'Ana Lestari (2201)/answer.html',
      'Ana Lestari (2201)/essay (2).pdf',
      'Ana Lestari (2201)/essay.pdf',
      'Budi Santoso (2202)/answer.html',
      'summary.xlsx',
    ]);
    expect(await zip.file('Ana Lestari (2201)/essay.pdf')!.async('nodebuffer')).toEqual(PDF);
    expect(await zip.file('Ana Lestari (2201)/answer.html')!.async('string')).toContain(
      '<p>My <strong>essay</strong></p>',
    );

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await zip.file('summary.xlsx')!.async('nodebuffer')) as unknown as ArrayBuffer);
    const rows = (book.getWorksheet('Scores')!.getSheetValues() as ExcelJS.CellValue[][])
      .filter(Boolean)
      .map((row) => row.slice(1));
    expect(rows[0]).toEqual([
      'Student number',
      'Name',
      'Class',
      'State',
      'Sent at',
      'Essay: week 1 (pass ≥ 60)',
      'Tasks passed',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3], row[5], row[6]])).toEqual([
      ['2201', 'Ana Lestari', 'sent', 95, 1],
      ['2202', 'Budi Santoso', 'sent', 40, 0],
      ['2203', 'Citra Dewi', 'draft', undefined, 0],
      ['2204', 'Dodi Pratama', 'not started', undefined, 0],
    ]);
  });

  it('zips a group task’s answers in a folder per group', async () => {
    const ready = await exported(project, c.asAssistant);
    expect(ready.attributes).toMatchObject({ status: 'ready', answer_count: 1 });
    const response = await fetch(`${h.baseUrl}${String(ready.attributes.download_url)}`);
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    expect(files(zip)).toEqual(['Team 1/poster.png', 'summary.xlsx']);
    expect(await zip.file('Team 1/poster.png')!.async('nodebuffer')).toEqual(PNG);
  });

  it('keeps the newest export of a task only, and lists a file no longer stored instead of failing', async () => {
    const [before]: Array<{ id: string; blob_key: string }> = await h.ds.query(
      `SELECT id, blob_key FROM task_exports WHERE task_id = $1`,
      [essay],
    );
    const [answer]: Array<{ files: Array<{ key: string }> }> = await h.ds.query(
      `SELECT files FROM task_answers WHERE task_id = $1 AND student_id = $2`,
      [essay, c.student.id],
    );
    const storage = h.app.get<BlobStorage>(TASK_STORAGE);
    await storage.remove(answer.files[1].key);

    const again = await exported(essay);
    expect(again.id).not.toBe(String(before.id));
    expect(again.attributes.status).toBe('ready');
    const zip = await unzip(String(again.attributes.download_url));
    expect(files(zip)).toContain('Ana Lestari (2201)/MISSING FILES.txt');
    expect(files(zip)).not.toContain('Ana Lestari (2201)/essay (2).pdf');
    const rows: Array<{ id: string }> = await h.ds.query(`SELECT id FROM task_exports WHERE task_id = $1`, [
      essay,
    ]);
    expect(rows.map((row) => String(row.id))).toEqual([again.id]);
    await expect(storage.stat(before.blob_key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('is for the course’s staff only', async () => {
    for (const as of [c.asStudent, c.asStranger]) {
      expect((await as.post(`/api/course/task/${essay}/export`, {})).status).toBe(403);
      expect((await as.get(`/api/course/task/${essay}/export`)).status).toBe(403);
    }
    expect((await c.asElsewhere.post(`/api/course/task/${essay}/export`, {})).status).toBe(404);
    expect((await c.asElsewhere.get(`/api/course/task/${essay}/export`)).status).toBe(404);
    expect((await c.asLecturer.post(`/api/course/task/999999/export`, {})).status).toBe(404);
  });

  it('answers null for a task no export was asked for', async () => {
    const fresh = await f.task(c, { name: 'Quiz' });
    const latest = await c.asLecturer.get(`/api/course/task/${fresh}/export`);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ data: null });
  });
});
