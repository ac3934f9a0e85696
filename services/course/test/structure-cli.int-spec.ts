import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { CourseHarness, one } from './support/harness';

const SCRIPT = join(__dirname, '../../../scripts/service-cli.mjs');

/** Runs `npm run structure -- …` as an operator would (the script itself, on the service's database). */
function structure(databaseUrl: string, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, 'course', 'structure', ...args],
      { env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('npm run structure (periods, faculties and courses by command, on the course service database)', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());
  const run = (...args: string[]) => structure(h.config.databaseUrl, ...args);

  it('builds a campus named by its host name: a period, a faculty and a course its lecturers then teach', async () => {
    const campus = await h.given.campus({ domain: 'lms.structure.ac.id' });
    const lecturer = await h.given.user(campus.id, 'lecturer', { username: 'dosen.ani' });
    const assistant = await h.given.user(campus.id, 'lecturer', { username: 'dosen.budi' });
    const at = ['--campus', 'lms.structure.ac.id'];

    const period = await run(
      'periods',
      'add',
      ...at,
      '--name',
      'Ganjil 2026',
      '--year',
      '2026',
      '--type',
      'ganjil',
      '--active',
    );
    expect(period).toMatchObject({ code: 0, stderr: '' });
    expect(period.stdout).toMatch(/^added period \d+\t2026 GANJIL\tGanjil 2026\t\(active\)\n$/);
    expect((await run('faculties', 'add', ...at, '--name', 'Fakultas Teknik', '--code', 'FT')).code).toBe(0);

    const course = await run(
      'courses',
      'add',
      ...at,
      ...['--code', 'IF101', '--name', 'Algoritma', '--period', '2026 GANJIL', '--faculty', 'ft'],
      ...['--lecturer', 'dosen.ani', '--lecturer', 'DOSEN.BUDI', '--class', 'IF101-A', '--class', 'IF101-B'],
    );
    expect(course).toMatchObject({ code: 0, stderr: '' });
    const courseId = Number(/^added course (\d+)\tIF101\tAlgoritma\n$/.exec(course.stdout)?.[1]);
    expect(courseId).toBeGreaterThan(0);

    // what the API shows, and what the other services learn
    const lptk = await h.as(await h.given.user(campus.id, 'lptk'));
    const shown = one((await lptk.get(`/api/admin/courses/${courseId}`)).body);
    expect(shown.attributes).toMatchObject({ lecturer_ids: [lecturer.id, assistant.id], code: 'IF101' });
    const [staff] = (await h.events('course.staff.changed')).filter((e) => e.data.courseId === courseId);
    expect(staff).toMatchObject({ tenantId: campus.id, actorId: null, data: { lecturerId: lecturer.id } });
    expect((await h.events('course.course.upserted')).some((e) => e.data.id === courseId)).toBe(true);
    expect((await (await h.as(lecturer)).get(`/api/course/courses/${courseId}`)).status).toBe(200);

    const listed = JSON.parse(
      (await run('courses', 'list', ...at, '--period', 'Ganjil 2026', '--json')).stdout,
    );
    expect(listed).toEqual([
      expect.objectContaining({ code: 'IF101', lecturer: 'dosen.ani', classes: ['IF101-A', 'IF101-B'] }),
    ]);
    const renamed = await run('periods', 'update', '2026 ganjil', ...at, '--name', 'Odd 2026', '--inactive');
    expect(renamed.stdout).toMatch(/^updated period \d+\t2026 GANJIL\tOdd 2026\n$/);
  });

  it('refuses in the words of the command line, changing nothing: exit 1 for a bad value, 2 for bad usage', async () => {
    const campus = await h.given.campus({ domain: 'lms.refused.ac.id' });
    await h.given.user(campus.id, 'student', { username: 'mhs.citra' });
    const at = ['--campus', String(campus.id)];
    expect(
      (await run('periods', 'add', ...at, '--name', 'P', '--year', '2026', '--type', 'GENAP')).code,
    ).toBe(0);

    const twin = await run('periods', 'add', ...at, '--name', 'Again', '--year', '2026', '--type', 'genap');
    expect(twin.code).toBe(1);
    expect(twin.stderr).toMatch(/^structure: --type: The campus has a period of 2026 GENAP already/);
    const student = await run(
      'courses',
      'add',
      ...at,
      '--code',
      'X1',
      '--name',
      'X',
      '--period',
      '2026 GENAP',
      '--lecturer',
      'mhs.citra',
      '--lecturer',
      'nobody',
    );
    expect(student).toMatchObject({ code: 1, stdout: '' });
    expect(student.stderr).toBe(
      'structure: --lecturer: mhs.citra is not a lecturer\n--lecturer: no user nobody in this campus\n',
    );
    const missing = await run('courses', 'add', ...at, '--code', 'X1', '--period', '2026 GENAP');
    expect(missing).toMatchObject({ code: 1, stderr: 'structure: --name: name is required\n' });
    expect(
      (await run('courses', 'add', ...at, '--code', 'X1', '--name', 'X', '--period', '2031 GENAP')).stderr,
    ).toBe('structure: --period: the campus has no period 2031 GENAP\n');
    expect(JSON.parse((await run('courses', 'list', ...at, '--json')).stdout)).toEqual([]);
    expect((await run('courses', 'list', '--campus', 'nowhere.ac.id')).stderr).toBe(
      'structure: --campus: the course service knows no campus nowhere.ac.id\n',
    );

    const usage = await run('courses', 'remove', ...at);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('structure: unknown command courses remove');
    expect(usage.stderr).toContain('usage: npm run structure');
    expect((await run('faculties', 'add', ...at, '--name', 'F', '--year', '2026')).stderr).toContain(
      'faculties add takes no --year',
    );
  });

  it('imports courses from a workbook after a dry run, and writes the template', async () => {
    const campus = await h.given.campus({ domain: 'lms.import.ac.id' });
    await h.given.user(campus.id, 'lecturer', { username: 'dosen.cli' });
    const at = ['--campus', 'lms.import.ac.id'];
    await run('periods', 'add', ...at, '--name', 'Genap 2027', '--year', '2027', '--type', 'GENAP');
    const dir = mkdtempSync(join(tmpdir(), 'structure-cli-'));
    const template = join(dir, 'template.xlsx');
    expect((await run('template', template)).stdout).toBe(
      `wrote the course import template to ${template}\n`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const sheet = workbook.getWorksheet('Courses')!;
    sheet.getRow(2).values = ['MK1', 'Statistika', '2027 GENAP', '', 'dosen.cli', 'MK1-A'];
    sheet.addRow(['MK2', 'Kalkulus', '2027 GENAP', 'nowhere', '', '']);
    const file = join(dir, 'courses.xlsx');
    await workbook.xlsx.writeFile(file);

    const bad = await run('import', file, ...at, '--dry-run');
    expect(bad).toMatchObject({
      code: 1,
      stdout: 'row 2\tMK1\tcreate\nrow 3\tMK2\terror\tfaculty: the campus has no faculty nowhere\n',
      stderr:
        'structure: 1 bad row(s) (1 to create, 0 to update, 0 unchanged once mended): nothing imported\n',
    });
    sheet.spliceRows(3, 1);
    await workbook.xlsx.writeFile(file);
    const imported = await run('import', file, ...at);
    expect(imported).toMatchObject({
      code: 0,
      stdout: 'row 2\tMK1\tcreate\nimported: 1 created, 0 updated, 0 unchanged\n',
    });
    expect(JSON.parse((await run('courses', 'list', ...at, '--json')).stdout)).toEqual([
      expect.objectContaining({ code: 'MK1', lecturer: 'dosen.cli', classes: ['MK1-A'] }),
    ]);
    writeFileSync(file, 'not a workbook');
    expect((await run('import', file, ...at)).stderr).toBe(
      `structure: ${file}: the file is not an Excel workbook (.xlsx)\n`,
    );
  });
  it("decides lecturers' course requests: lists them, approves one into a course, rejects another with its reason", async () => {
    const campus = await h.given.campus({ domain: 'lms.requests.ac.id' });
    const lecturer = await h.given.user(campus.id, 'lecturer', { username: 'dosen.req' });
    const at = ['--campus', 'lms.requests.ac.id'];
    await run('periods', 'add', ...at, '--name', 'Ganjil 2028', '--year', '2028', '--type', 'GANJIL');
    const [period] = JSON.parse((await run('periods', 'list', ...at, '--json')).stdout);
    const asLecturer = await h.as(lecturer);
    const ask = async (code: string, classes: string[]) =>
      one(
        (
          await asLecturer.post('/api/course/course-requests', {
            data: { attributes: { name: `Course ${code}`, code, period_id: period.id, classes } },
          })
        ).body,
      ).id;
    const first = await ask('RQ1', ['RQ1-A', 'RQ1-B']);
    const second = await ask('RQ2', []);

    const pending = await run('requests', 'list', ...at, '--state', 'pending');
    expect(pending).toMatchObject({
      code: 0,
      stdout:
        `${first}\tpending\tRQ1\tCourse RQ1\t2028 GANJIL\tdosen.req\tRQ1-A RQ1-B\n` +
        `${second}\tpending\tRQ2\tCourse RQ2\t2028 GANJIL\tdosen.req\t-\n`,
    });

    const approved = await run('requests', 'approve', first, ...at);
    expect(approved).toMatchObject({ code: 0, stderr: '' });
    const courseId = Number(
      new RegExp(`^approved request ${first}: added course (\\d+)\tRQ1\tCourse RQ1\n$`).exec(
        approved.stdout,
      )?.[1],
    );
    expect(courseId).toBeGreaterThan(0);
    expect(JSON.parse((await run('courses', 'list', ...at, '--json')).stdout)).toEqual([
      expect.objectContaining({
        id: courseId,
        code: 'RQ1',
        lecturer: 'dosen.req',
        classes: ['RQ1-A', 'RQ1-B'],
      }),
    ]);
    const [decided] = (await h.events('course.request.decided')).filter(
      (e) => e.data.requestId === Number(first),
    );
    expect(decided).toMatchObject({ actorId: null, data: { state: 'approved', courseId } });

    const twice = await run('requests', 'approve', first, ...at);
    expect(twice).toMatchObject({
      code: 1,
      stderr: 'structure: error: This course request was already approved\n',
    });
    expect((await run('requests', 'reject', second, ...at)).stderr).toBe(
      'structure: --reason: reason is required\n',
    );
    expect(await run('requests', 'reject', second, ...at, '--reason', 'Merged into RQ1')).toMatchObject({
      code: 0,
      stdout: `rejected request ${second}\tRQ2\tCourse RQ2\n`,
    });
    const mine = one((await asLecturer.get(`/api/course/course-requests/${second}`)).body);
    expect(mine.attributes).toMatchObject({ state: 'rejected', reason: 'Merged into RQ1' });

    expect(JSON.parse((await run('requests', 'list', ...at, '--json')).stdout)).toEqual([
      expect.objectContaining({ id: Number(first), state: 'approved', course_id: courseId }),
      expect.objectContaining({ id: Number(second), state: 'rejected', reason: 'Merged into RQ1' }),
    ]);
    expect((await run('requests', 'approve', '999999', ...at)).stderr).toBe(
      'structure: the campus has no course request 999999\n',
    );
    expect((await run('requests', 'list', ...at, '--state', 'lost')).stderr).toBe(
      'structure: --state: only pending, approved, rejected, withdrawn not lost\n',
    );
    expect((await run('requests', 'approve', ...at)).code).toBe(2);
  });
});
