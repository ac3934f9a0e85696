import ExcelJS from 'exceljs';
import type { JsonDocument } from '@lms/testing';
import { User } from '../src/users/user.entity';
import { IdentityHarness } from './support/harness';

type Cells = Array<string | number | null>;
const HEADER = ['username', 'name', 'email', 'role', 'nim', 'nidn'];

async function xlsx(rows: Cells[], header: string[] = HEADER): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csv = (rows: Cells[], delimiter = ',') =>
  Buffer.from(
    [HEADER, ...rows]
      .map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join(delimiter))
      .join('\n'),
  );

interface ImportRow {
  row: number;
  username: string | null;
  action: string;
  changes: string[];
  problems: Array<{ column: string; reason: string }>;
}
interface Report {
  dry_run: boolean;
  counts: Record<string, number>;
  rows: ImportRow[];
}

describe('/api/admin/campuses/:id/users/import (bulk users)', () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  async function upload(
    as: { id: number; tenantId: number; role: 'admin' | 'lptk' | 'student' | 'lecturer' },
    campusId: number,
    bytes: Buffer,
    filename: string,
    dryRun = false,
  ) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), filename);
    const response = await fetch(
      `${h.baseUrl}/api/admin/campuses/${campusId}/users/import${dryRun ? '?dry_run=true' : ''}`,
      { method: 'POST', headers: { authorization: `Bearer ${await h.token(as)}` }, body: form },
    );
    const body = (await response.json()) as JsonDocument;
    const report = (body.data as { attributes?: Report } | undefined)?.attributes;
    return { status: response.status, body, report: report! };
  }

  const usersOf = (tenantId: number) =>
    h.ds.getRepository(User).find({ where: { tenantId }, order: { username: 'ASC' } });
  /** The events imports wrote (the factories' own have no actor). */
  const upsertedFor = async (tenantId: number) =>
    (await h.events('identity.user.upserted')).filter(
      (event) => event.tenantId === tenantId && event.actorId !== null,
    );

  async function operator(role: 'admin' | 'lptk' = 'lptk') {
    const campus = await h.campus();
    return { campus, operator: await h.user(campus.id, role) };
  }

  it('offers templates in both formats that import as they are', async () => {
    const { campus, operator: lptk } = await operator();
    const api = await h.as(lptk);
    for (const format of ['xlsx', 'csv'] as const) {
      const response = await fetch(
        `${h.baseUrl}/api/admin/campuses/${campus.id}/users/import-template/${format}`,
        {
          headers: { authorization: `Bearer ${await h.token(lptk)}` },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain(`users-template.${format}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      const { status, report } = await upload(lptk, campus.id, bytes, `users-template.${format}`, true);
      expect(status).toBe(200);
      expect(report.rows.map((row) => [row.username, row.action])).toEqual([
        ['2201001', 'create'],
        ['budi.santoso', 'create'],
      ]);
    }
    expect((await api.get(`/api/admin/campuses/${campus.id}/users/import-template/pdf`)).status).toBe(404);
  });

  it('answers per row in a dry run, bad rows with their column and reason, and changes nothing', async () => {
    const { campus, operator: lptk } = await operator();
    const before = await usersOf(campus.id);
    const file = await xlsx([
      ['', 'Ayu Lestari', 'ayu@students.example.ac.id', 'mahasiswa', '2301001', null],
      ['andi', 'Andi', 'not-an-address', 'student', '2301002', null],
      ['dewi', '', null, 'dosen', null, null],
      ['ayu.dup', 'Ayu Again', null, 'student', '2301003', null],
      [null, null, null, null, null, null],
      ['2301001', 'Twin', null, 'student', '2301009', null],
      ['root', 'Root', null, 'admin', null, null],
    ]);
    const { status, report } = await upload(lptk, campus.id, file, 'users.xlsx', true);
    expect(status).toBe(200);
    expect(report.dry_run).toBe(true);
    expect(report.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 4 });
    const byRow = new Map(report.rows.map((row) => [row.row, row]));
    expect(byRow.get(2)).toMatchObject({ username: '2301001', action: 'create', problems: [] });
    expect(byRow.get(3)?.problems).toEqual([
      { column: 'email', reason: "'not-an-address' is not an e-mail address" },
    ]);
    expect(byRow.get(4)?.problems.map((problem) => problem.column)).toEqual(['name', 'nidn']);
    expect(byRow.get(5)?.action).toBe('create');
    expect(byRow.has(6)).toBe(false); // the blank row
    expect(byRow.get(7)?.problems).toEqual([
      { column: 'username', reason: "the username '2301001' is on row 2 too" },
    ]);
    expect(byRow.get(8)?.problems[0]).toMatchObject({ column: 'role' });
    expect(await usersOf(campus.id)).toEqual(before);
    expect(await upsertedFor(campus.id)).toHaveLength(0);
  });

  it('imports nothing when any row is bad, and says which row, column and why', async () => {
    const { campus, operator: lptk } = await operator();
    const file = csv([
      ['s1', 'Student One', null, 'student', 'N1', null],
      ['s2', 'Student Two', null, 'student', null, null],
    ]);
    const { status, body } = await upload(lptk, campus.id, file, 'users.csv');
    expect(status).toBe(422);
    expect(body.errors).toEqual([
      expect.objectContaining({
        detail: 'row 3, nim: a student needs a nim',
        source: { pointer: '/data/attributes/file' },
        meta: { row: 3, column: 'nim' },
      }),
    ]);
    expect((await usersOf(campus.id)).map((user) => user.username)).toEqual([lptk.username]);
    expect(await upsertedFor(campus.id)).toHaveLength(0);
  });

  it('creates, then on re-import changes nothing, then updates what changed — an event per user written', async () => {
    const { campus, operator: lptk } = await operator();
    const rows: Cells[] = [
      ['', 'Rina Wati', 'rina@students.example.ac.id', 'student', '2401001', null],
      ['pak.joko', 'Joko Widodo', 'joko@example.ac.id', 'lecturer', null, '0123456789'],
    ];
    const first = await upload(lptk, campus.id, csv(rows, ';'), 'users.csv');
    expect(first.status).toBe(200);
    expect(first.report.counts).toMatchObject({ create: 2, error: 0 });
    const created = await usersOf(campus.id);
    expect(created.filter((user) => user.id !== lptk.id)).toEqual([
      expect.objectContaining({
        username: '2401001',
        name: 'Rina Wati',
        level: 'student',
        nim: '2401001',
        active: true,
      }),
      expect.objectContaining({
        username: 'pak.joko',
        level: 'lecturer',
        nidn: '0123456789',
        email: 'joko@example.ac.id',
      }),
    ]);
    const events = await upsertedFor(campus.id);
    expect(events.map((event) => event.data.username).sort()).toEqual(['2401001', 'pak.joko']);
    expect(events[0]).toMatchObject({ actorId: lptk.id });

    const again = await upload(lptk, campus.id, await xlsx(rows), 'users.xlsx');
    expect(again.report.counts).toMatchObject({ create: 0, update: 0, unchanged: 2 });
    expect(await upsertedFor(campus.id)).toHaveLength(2);

    rows[0][1] = 'Rina Wati Putri';
    const changed = await upload(lptk, campus.id, await xlsx(rows), 'users.xlsx');
    expect(changed.report.rows[0]).toMatchObject({ action: 'update', changes: ['name'] });
    const after = await upsertedFor(campus.id);
    expect(after).toHaveLength(3);
    expect(after[2].data).toMatchObject({ username: '2401001', name: 'Rina Wati Putri' });
    expect((await usersOf(campus.id)).find((user) => user.username === '2401001')?.id).toBe(
      created.find((user) => user.username === '2401001')?.id,
    );
  });

  it('places students in the classes named in `classes`: the class of that name of every active course, once', async () => {
    const { campus, operator: lptk } = await operator();
    const n = Number(campus.id) * 100;
    const course = (id: number, code: string, classes: string[], isActive = true) =>
      h.publish('course.course.upserted', campus.id, {
        id,
        name: code,
        code,
        period: { id: 1, name: '2026 GANJIL', year: 2026, type: 'GANJIL' },
        isActive,
        startAt: null,
        endAt: null,
        classes: classes.map((name, index) => ({ id: id * 10 + index, name })),
      });
    await course(n + 1, 'IF101', ['TI-1A', 'TI-1B']); // classes n*10+10, +11
    await course(n + 2, 'IF102', ['TI-1A']); // class (n+2)*10
    await course(n + 3, 'IF999', ['TI-1C'], false); // not active
    const header = [...HEADER, 'classes'];
    const placedFor = async () =>
      (await h.events('identity.user.placed')).filter((event) => event.tenantId === campus.id);

    const bad = await upload(
      lptk,
      campus.id,
      await xlsx(
        [
          ['', 'Ani', null, 'student', '2501001', null, 'TI-1C'],
          ['', 'Budi', null, 'student', '2501002', null, 'ti-1a; TI-1B'],
          ['', 'Cici', null, 'lecturer', null, '0501003', 'TI-1A'],
        ],
        header,
      ),
      'users.xlsx',
      true,
    );
    expect(bad.report.rows.map((row) => row.problems)).toEqual([
      [{ column: 'classes', reason: "no active course of the campus has a class named 'TI-1C'" }],
      [
        {
          column: 'classes',
          reason: "'ti-1a' and 'TI-1B' are both classes of IF101: a student is in one class of a course",
        },
      ],
      [
        {
          column: 'classes',
          reason: 'only a student is placed in classes (a lecturer teaches courses: npm run structure)',
        },
      ],
    ]);

    const rows: Cells[] = [
      ['', 'Ani', null, 'student', '2501001', null, 'ti-1a'],
      ['', 'Budi', null, 'student', '2501002', null, ''],
    ];
    const first = await upload(lptk, campus.id, await xlsx(rows, header), 'users.xlsx');
    expect(first.status).toBe(200);
    const ani = (await usersOf(campus.id)).find((user) => user.username === '2501001')!;
    const placed = await placedFor();
    expect(placed.map((event) => event.data)).toEqual([
      { userId: Number(ani.id), classIds: [(n + 1) * 10, (n + 2) * 10] },
    ]);
    // after the user's own event, on the same topic and key: the course service knows them first
    const [upserted] = (await upsertedFor(campus.id)).filter((event) => event.data.username === '2501001');
    const order: Array<{ id: string }> = await h.ds.query(
      `SELECT envelope->>'id' AS id FROM outbox WHERE envelope->>'id' = ANY($1) ORDER BY seq`,
      [[upserted.id, placed[0].id]],
    );
    expect(order.map((row) => row.id)).toEqual([upserted.id, placed[0].id]);

    // the course service enrolled her (as its event tells identity): importing again changes nothing
    for (const [courseId, classId] of [
      [n + 1, (n + 1) * 10],
      [n + 2, (n + 2) * 10],
    ])
      await h.publish('course.enrolment.changed', campus.id, {
        courseId,
        classId,
        userId: Number(ani.id),
        enrolled: true,
        reason: 'imported',
      });
    const again = await upload(lptk, campus.id, await xlsx(rows, header), 'users.xlsx');
    expect(again.report.counts).toMatchObject({ unchanged: 2 });
    expect(await placedFor()).toHaveLength(1);

    // a class added to an existing user: an update of `classes` only, no new user event
    rows[1][6] = 'TI-1B';
    const writtenBefore = (await upsertedFor(campus.id)).length;
    const moved = await upload(lptk, campus.id, await xlsx(rows, header), 'users.xlsx');
    expect(moved.report.rows[1]).toMatchObject({ action: 'update', changes: ['classes'] });
    expect(await upsertedFor(campus.id)).toHaveLength(writtenBefore);
    expect((await placedFor()).map((event) => event.data.classIds)).toEqual([
      [(n + 1) * 10, (n + 2) * 10],
      [(n + 1) * 10 + 1],
    ]);
  });

  it("never touches another campus's users, and an lptk account imports into its own campus only", async () => {
    const { campus: mine, operator: lptk } = await operator();
    const { campus: theirs } = await operator();
    const theirStudent = await h.user(theirs.id, 'student', {
      username: 'shared',
      name: 'Theirs',
      nim: 'T1',
    });
    const file = csv([['shared', 'Mine', null, 'student', 'M1', null]]);

    expect((await upload(lptk, theirs.id, file, 'users.csv')).status).toBe(404);
    const imported = await upload(lptk, mine.id, file, 'users.csv');
    expect(imported.report.rows[0]).toMatchObject({ username: 'shared', action: 'create' });
    expect(await h.ds.getRepository(User).findOneByOrFail({ id: theirStudent.id })).toMatchObject({
      name: 'Theirs',
      nim: 'T1',
    });
    // a platform admin imports into any campus: there the same username is that campus's user
    const admin = (await operator('admin')).operator;
    const there = await upload(admin, theirs.id, file, 'users.csv');
    expect(there.report.rows[0]).toMatchObject({ action: 'update', changes: ['name', 'nim'] });
    expect((await usersOf(mine.id)).find((user) => user.username === 'shared')?.name).toBe('Mine');
  });

  it('refuses operator accounts, other roles and files that are not users files', async () => {
    const { campus, operator: lptk } = await operator();
    const student = await h.user(campus.id, 'student');
    expect((await upload(student, campus.id, csv([]), 'users.csv')).status).toBe(403);
    const own = await upload(
      lptk,
      campus.id,
      csv([[lptk.username, 'Me', null, 'student', 'X1', null]]),
      'u.csv',
      true,
    );
    expect(own.report.rows[0].problems[0].reason).toContain('operator account (lptk)');
    const pdf = await upload(lptk, campus.id, Buffer.from('%PDF-1.4'), 'users.pdf');
    expect(pdf.status).toBe(422);
    const broken = await upload(lptk, campus.id, Buffer.from('not a zip'), 'users.xlsx');
    expect(broken.status).toBe(422);
    expect(broken.body.errors?.[0].detail).toContain('not an Excel workbook');
    const header = await upload(lptk, campus.id, await xlsx([], ['login', 'name']), 'users.xlsx');
    expect(header.body.errors?.map((error) => error.detail)).toEqual([
      "row 1 has the unknown column 'login' (the columns are username, name, email, role, nim, nidn, classes)",
      "row 1 lacks the column 'role'",
    ]);
  });

  it('imports 10 000 users of one file in one go', async () => {
    const { campus, operator: lptk } = await operator();
    const rows: Cells[] = Array.from({ length: 10_000 }, (_, index) => [
      null,
      `Student ${index}`,
      `s${index}@students.example.ac.id`,
      'student',
      String(25_000_000 + index),
      null,
    ]);
    const { status, report } = await upload(lptk, campus.id, await xlsx(rows), 'big.xlsx');
    expect(status).toBe(200);
    expect(report.counts).toMatchObject({ create: 10_000, error: 0 });
    const [{ count }] = await h.ds.query(`SELECT count(*)::int AS count FROM users WHERE tenant_id = $1`, [
      campus.id,
    ]);
    expect(count).toBe(10_001);
    expect(await upsertedFor(campus.id)).toHaveLength(10_000);
  });
});
