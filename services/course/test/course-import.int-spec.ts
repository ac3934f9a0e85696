import ExcelJS from 'exceljs';
import type { JsonDocument, TestUser } from '@lms/testing';
import { CourseHarness, list } from './support/harness';

const HEADER = ['code', 'name', 'period', 'faculty', 'lecturers', 'classes'];

async function xlsx(rows: string[][], header = HEADER): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Courses');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface Report {
  dry_run: boolean;
  counts: Record<'create' | 'update' | 'unchanged' | 'error', number>;
  rows: Array<{
    row: number;
    code: string | null;
    action: string;
    course_id: number | null;
    problems: Array<{ column: string; reason: string }>;
  }>;
}

describe('/api/admin/courses/import (courses from a workbook)', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  async function upload(as: TestUser, bytes: Buffer, query = '') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'courses.xlsx');
    const response = await fetch(`${h.baseUrl}/api/admin/courses/import${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.token(as)}` },
      body: form,
    });
    const body = (await response.json()) as JsonDocument;
    return {
      status: response.status,
      body,
      report: (body.data as { attributes: Report } | undefined)?.attributes as Report,
    };
  }

  /** A campus with its operator, a period, a faculty and two lecturers. */
  async function campus() {
    const { id } = await h.given.campus();
    const lptk = await h.given.user(id, 'lptk');
    const client = await h.as(lptk);
    await client.post('/api/admin/periods', {
      data: { attributes: { name: 'Ganjil 2026', year: 2026, period_type: 'GANJIL' } },
    });
    await client.post('/api/admin/faculties', { data: { attributes: { name: 'Teknik', code: 'FT' } } });
    const ani = await h.given.user(id, 'lecturer', { username: `ani${id}` });
    const budi = await h.given.user(id, 'lecturer', { username: `budi${id}` });
    const courses = async () =>
      list((await client.get('/api/admin/courses?page[limit]=0')).body).map((c) => c.attributes);
    return { id, lptk, client, ani, budi, courses };
  }

  it('imports the courses of a good file with their lecturers and classes; a second import changes nothing', async () => {
    const c = await campus();
    const file = await xlsx([
      ['IF101', 'Algoritma', '2026 GANJIL', 'FT', `ani${c.id}, budi${c.id}`, 'IF101-A; IF101-B'],
      ['IF102', 'Basis Data', 'Ganjil 2026', 'Teknik', `budi${c.id}`, ''],
    ]);
    const tried = await upload(c.lptk, file, '?dry_run=true');
    expect(tried.status).toBe(200);
    expect(tried.report).toMatchObject({
      dry_run: true,
      counts: { create: 2, update: 0, unchanged: 0, error: 0 },
    });
    expect(tried.report.rows.map((row) => [row.row, row.code, row.action, row.course_id])).toEqual([
      [2, 'IF101', 'create', null],
      [3, 'IF102', 'create', null],
    ]);
    expect(await c.courses()).toEqual([]);

    const imported = await upload(c.lptk, file);
    expect(imported.status).toBe(200);
    expect(imported.report.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    const courses = await c.courses();
    expect(courses).toEqual([
      expect.objectContaining({
        code: 'IF101',
        lecturer_ids: [c.ani.id, c.budi.id],
        classes: [expect.objectContaining({ name: 'IF101-A' }), expect.objectContaining({ name: 'IF101-B' })],
      }),
      expect.objectContaining({ code: 'IF102', name: 'Basis Data', lecturer_ids: [c.budi.id], classes: [] }),
    ]);
    expect(courses[0].faculty_id).toBe(courses[1].faculty_id);
    const courseId = imported.report.rows[0].course_id!;
    const [staff] = (await h.events('course.staff.changed')).filter((e) => e.data.courseId === courseId);
    expect(staff.data.lecturerId).toBe(c.ani.id);

    const events = (await h.events('course.course.upserted')).length;
    const again = await upload(c.lptk, file);
    expect(again.report.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
    expect((await h.events('course.course.upserted')).length).toBe(events);

    const changed = await upload(
      c.lptk,
      await xlsx([['IF101', 'Algoritma Lanjut', '2026 GANJIL', '', `budi${c.id}`, 'IF101-C']]),
    );
    expect(changed.report.rows).toEqual([
      expect.objectContaining({ row: 2, action: 'update', course_id: courseId }),
    ]);
    expect((await c.courses())[0]).toMatchObject({ name: 'Algoritma Lanjut', lecturer_ids: [c.budi.id] });
  });

  it('reports every bad row in a dry run, and imports nothing from a file with a bad row', async () => {
    const c = await campus();
    const student = await h.given.user(c.id, 'student', { username: `mhs${c.id}` });
    const file = await xlsx([
      ['IF201', 'Jaringan', '2026 GANJIL', 'FT', `ani${c.id}`, 'A'],
      ['IF202', '', '2031 GENAP', 'FMIPA', `${student.username}, nobody`, ''],
      ['IF201', 'Twin', '2026 GANJIL', '', '', 'A, A'],
    ]);
    const tried = await upload(c.lptk, file, '?dry_run=true');
    expect(tried.status).toBe(200);
    expect(tried.report.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 2 });
    expect(tried.report.rows.map((row) => [row.row, row.action, row.problems.map((p) => p.column)])).toEqual([
      [2, 'create', []],
      [3, 'error', ['period', 'faculty', 'lecturers', 'lecturers', 'name']],
      [4, 'error', ['classes', 'code']],
    ]);
    expect(tried.report.rows[1].problems[2].reason).toBe(`${student.username} is not a lecturer`);
    expect(tried.report.rows[2].problems[1].reason).toBe('row 2 has the course IF201 of this period already');

    const refused = await upload(c.lptk, file);
    expect(refused.status).toBe(422);
    const errors = refused.body.errors ?? [];
    expect(errors).toHaveLength(7);
    expect(errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/file' },
      detail: 'row 3, period: the campus has no period 2031 GENAP',
      meta: { row: 3, column: 'period' },
    });
    expect(await c.courses()).toEqual([]);

    const header = await upload(c.lptk, await xlsx([['x']], ['code', 'title']));
    expect(header.status).toBe(422);
    expect(header.body.errors?.map((e) => e.detail)).toEqual([
      'row 1, name: the column is missing',
      'row 1, period: the column is missing',
    ]);
    const notAWorkbook = await upload(c.lptk, Buffer.from('code,name\nIF1,X'));
    expect(notAWorkbook.body.errors?.[0].detail).toBe('the file is not an Excel workbook (.xlsx)');
  });

  it('gives the template to operators, which imports once its example names the campus', async () => {
    const c = await campus();
    const response = await fetch(`${h.baseUrl}/api/admin/courses/import-template`, {
      headers: { authorization: `Bearer ${await h.token(c.lptk)}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Courses')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'code',
      'name',
      'period',
      'faculty',
      'lecturers',
      'classes',
      'description',
    ]);
    sheet.getRow(2).getCell(5).value = `ani${c.id}, budi${c.id}`;
    const imported = await upload(c.lptk, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(imported.report.counts.create).toBe(1);
  });

  it('is for operators of the campus: another campus 404, other roles 403', async () => {
    const c = await campus();
    const other = await campus();
    const file = await xlsx([['IF301', 'Kalkulus', '2026 GANJIL', '', '', '']]);
    expect((await upload(other.lptk, file, `?campus_id=${c.id}`)).status).toBe(404);
    expect((await upload(c.ani, file)).status).toBe(403);
    expect((await upload(c.lptk, file, '?dry_run=maybe')).status).toBe(400);
    const admin = await h.given.user(1, 'admin');
    const imported = await upload(admin, file, `?campus_id=${c.id}`);
    expect(imported.report.counts.create).toBe(1);
    expect((await c.courses()).map((course) => course.code)).toEqual(['IF301']);
    expect(await other.courses()).toEqual([]);
  });
});
