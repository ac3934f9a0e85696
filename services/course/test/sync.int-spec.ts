import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, type JsonDocument } from '@lms/testing';
import { CourseConfig } from '../src/config';
import { Period } from '../src/courses/period.entity';
import { CourseHarness, list, one } from './support/harness';

const SYNC = '/api/sync/sync/syncByCourse';
const TOKEN = 'academic-test-token';

interface Reply {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (a broken answer). */
  raw?: string;
  delayMs?: number;
}

/** The university's academic system, as the adapter expects it: `GET <base>/courses/<code>`. */
class FakeAcademicSystem {
  readonly requests: Array<{ url: URL; authorization: string | undefined }> = [];
  /** What is answered per course code; an unknown code is a 404. */
  readonly replies = new Map<string, Reply>();

  /** Answers `course` for its code. */
  serve(code: string, course: Record<string, unknown>) {
    this.replies.set(code, { body: course });
  }
  private readonly server: Server = createServer((request, response) => this.handle(request, response));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v1`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://academic.test');
    this.requests.push({ url, authorization: request.headers.authorization });
    const match = /^\/api\/v1\/courses\/([^/]+)$/.exec(url.pathname);
    const reply = match ? this.replies.get(decodeURIComponent(match[1])) : undefined;
    const send = () => {
      if (!reply) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      response
        .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
        .end(reply.raw ?? JSON.stringify(reply.body));
    };
    if (reply?.delayMs) setTimeout(send, reply.delayMs).unref();
    else send();
  }
}

/** A course of the academic system in 2025 GANJIL: class name → the NIMs of its students. */
function academicCourse(
  code: string,
  classes: Record<string, string[]>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    code,
    name: `Course ${code}`,
    year: 2025,
    type: 'GANJIL',
    lecturer: { nidn: '0401010001', name: 'Dr. Ayu Lestari' },
    classes: Object.entries(classes).map(([name, nims]) => ({
      name,
      students: nims.map((nim) => ({ nim, name: `Student ${nim}` })),
    })),
    ...overrides,
  };
}

interface EnrolmentData {
  courseId: number;
  classId: number;
  userId: number;
  enrolled: boolean;
  reason: string;
}

describe('academic-system sync: POST /api/sync/sync/syncByCourse', () => {
  const academic = new FakeAcademicSystem();
  let h: CourseHarness;

  beforeAll(async () => {
    await academic.start();
    h = await new CourseHarness({
      ACADEMIC_SYNC_URL: academic.url,
      ACADEMIC_SYNC_TOKEN: TOKEN,
      ACADEMIC_SYNC_TIMEOUT_MS: '1000',
    }).start();
  });
  afterAll(async () => {
    await h?.stop();
    await academic.stop();
  });

  /** Campus 1 with its semester, its people (NIM / NIDN as identity has them) and campus 2. */
  async function campus() {
    const periods = h.ds.getRepository(Period);
    const period = await periods.save({
      tenantId: 1,
      name: '2025 Ganjil',
      year: 2025,
      type: 'GANJIL',
      isActive: true,
    });
    const otherPeriod = await periods.save({
      tenantId: 2,
      name: '2025 Ganjil',
      year: 2025,
      type: 'GANJIL',
      isActive: true,
    });
    const lecturer = await h.given.user(1, 'lecturer', { nidn: '0401010001' });
    const colleague = await h.given.user(1, 'lecturer', { nidn: '0401010002' });
    const admin = await h.given.user(1, 'admin');
    const students = [];
    for (const nim of ['2301001', '2301002', '2301003', '2301004', '2301005', '2301006']) {
      students.push(await h.given.user(1, 'student', { nim }));
    }
    // Same number elsewhere: another campus's student, and a lecturer of this one: never matched.
    await h.given.user(2, 'student', { nim: '2301090' });
    await h.given.user(1, 'lecturer', { nim: '2301091' });
    const outsider = await h.given.user(2, 'lecturer', { nidn: '0401010001' });
    return {
      period,
      otherPeriod,
      lecturer,
      colleague,
      admin,
      students,
      outsider,
      asLecturer: await h.as(lecturer),
      asColleague: await h.as(colleague),
      asAdmin: await h.as(admin),
      asStudent: await h.as(students[0]),
      asOutsider: await h.as(outsider),
    };
  }
  let c: Awaited<ReturnType<typeof campus>>;
  beforeAll(async () => {
    c = await campus();
  });

  const body = (code: string, extra: Record<string, unknown> = {}) => ({
    year: 2025,
    type: 'GANJIL',
    code,
    period_id: c.period.id,
    ...extra,
  });

  /** Class name → user ids of its members, of the one course with this code. */
  async function rosters(code: string): Promise<Record<string, number[]>> {
    const rows: Array<{ name: string; user_id: number | null }> = await h.ds.query(
      `SELECT cl.name, cs.user_id FROM courses c JOIN classes cl ON cl.course_id = c.id
         LEFT JOIN class_students cs ON cs.class_id = cl.id
        WHERE c.code = $1 ORDER BY cl.name, cs.user_id`,
      [code],
    );
    const result: Record<string, number[]> = {};
    for (const row of rows) {
      result[row.name] ??= [];
      if (row.user_id !== null) result[row.name].push(row.user_id);
    }
    return result;
  }

  const count = async (sql: string, params: unknown[] = []) =>
    ((await h.ds.query(sql, params)) as Array<{ n: number }>)[0].n;
  const outboxSize = () => count(`SELECT count(*)::int AS n FROM outbox`);
  /** Events of one transaction share their time: compared in a fixed order (removals first). */
  const byMembership = (a: EnrolmentData, b: EnrolmentData) =>
    Number(a.enrolled) - Number(b.enrolled) || a.classId - b.classId || a.userId - b.userId;
  const enrolmentEvents = async (courseId: number) =>
    (await h.events('course.enrolment.changed'))
      .filter((event) => event.data.courseId === courseId)
      .map((event) => event.data);

  it('creates the course, its classes and their rosters; reports the students it cannot match', async () => {
    academic.serve(
      'IF101',
      academicCourse('IF101', {
        A: ['2301001', '2301002', '2301099'],
        B: ['2301003', '2301004', '2301090', '2301091'],
      }),
    );
    const requestsBefore = academic.requests.length;
    const response = await c.asLecturer.post(SYNC, body('IF101'));
    expect(response.status).toBe(200);

    const [request] = academic.requests.slice(requestsBefore);
    expect(request.url.pathname).toBe('/api/v1/courses/IF101');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      year: '2025',
      type: 'GANJIL',
      campus_id: '1',
    });
    expect(request.authorization).toBe(`Bearer ${TOKEN}`);

    const course = one(response.body);
    expect(course.type).toBe('courses');
    expect(course.attributes).toMatchObject({
      name: 'Course IF101',
      code: 'IF101',
      period_id: c.period.id,
      period_year: 2025,
      period_type: 'GANJIL',
      lecturer_id: c.lecturer.id,
      is_from_six: true,
      status: 'LECTURER',
    });
    const classes = response.body.included ?? [];
    expect(classes.map((item) => [item.type, item.attributes.name]).sort()).toEqual([
      ['classes', 'A'],
      ['classes', 'B'],
    ]);
    expect(response.body.meta).toEqual({
      changed: true,
      course_created: true,
      course_updated: false,
      classes_created: 2,
      students_added: 4,
      students_removed: 0,
      students_total: 4,
      unmatched_students: [
        { nim: '2301099', name: 'Student 2301099', class_name: 'A' },
        { nim: '2301090', name: 'Student 2301090', class_name: 'B' },
        { nim: '2301091', name: 'Student 2301091', class_name: 'B' },
      ],
      unmatched_lecturer: null,
    });

    const [s1, s2, s3, s4] = c.students;
    expect(await rosters('IF101')).toEqual({ A: [s1.id, s2.id], B: [s3.id, s4.id] });
    const courseId = Number(course.id);
    const classId = Object.fromEntries(classes.map((item) => [item.attributes.name, Number(item.id)]));
    expect((await enrolmentEvents(courseId)).sort(byMembership)).toEqual([
      { courseId, classId: classId.A, userId: s1.id, enrolled: true, reason: 'synced' },
      { courseId, classId: classId.A, userId: s2.id, enrolled: true, reason: 'synced' },
      { courseId, classId: classId.B, userId: s3.id, enrolled: true, reason: 'synced' },
      { courseId, classId: classId.B, userId: s4.id, enrolled: true, reason: 'synced' },
    ]);
    const staff = (await h.events('course.staff.changed')).filter(
      (event) => event.data.courseId === courseId,
    );
    expect(staff.map((event) => event.data)).toEqual([
      { courseId, lecturerId: c.lecturer.id, assistants: [] },
    ]);
    expect(staff[0]).toMatchObject({ tenantId: 1, actorId: c.lecturer.id });

    // The students now have the course.
    const mine = await c.asStudent.get('/api/course/courses');
    expect(list(mine.body).map((item) => item.id)).toContain(course.id);
  });

  it('changes nothing when run again: no duplicates, no events, no new timestamp', async () => {
    const before = {
      courses: await count(`SELECT count(*)::int AS n FROM courses WHERE code = 'IF101'`),
      classes: await count(`SELECT count(*)::int AS n FROM classes`),
      members: await count(`SELECT count(*)::int AS n FROM class_students`),
      outbox: await outboxSize(),
      updatedAt: (await h.ds.query(`SELECT updated_at FROM courses WHERE code = 'IF101'`))[0].updated_at,
      rosters: await rosters('IF101'),
    };
    // The academic system may spell the period type in its own case.
    academic.serve(
      'IF101',
      academicCourse(
        'IF101',
        { A: ['2301001', '2301002', '2301099'], B: ['2301003', '2301004', '2301090', '2301091'] },
        { type: 'ganjil' },
      ),
    );
    for (let run = 0; run < 2; run++) {
      const response = await c.asLecturer.post(SYNC, { data: { attributes: body('IF101') } });
      expect(response.status).toBe(200);
      expect(response.body.meta).toMatchObject({
        changed: false,
        course_created: false,
        course_updated: false,
        classes_created: 0,
        students_added: 0,
        students_removed: 0,
        students_total: 4,
      });
    }
    expect({
      courses: await count(`SELECT count(*)::int AS n FROM courses WHERE code = 'IF101'`),
      classes: await count(`SELECT count(*)::int AS n FROM classes`),
      members: await count(`SELECT count(*)::int AS n FROM class_students`),
      outbox: await outboxSize(),
      updatedAt: (await h.ds.query(`SELECT updated_at FROM courses WHERE code = 'IF101'`))[0].updated_at,
      rosters: await rosters('IF101'),
    }).toEqual(before);
  });

  it('creates a course once when two syncs of it run at the same time', async () => {
    academic.serve('IF505', academicCourse('IF505', { A: ['2301001', '2301002'], B: ['2301003'] }));
    const [first, second] = await Promise.all([
      c.asLecturer.post(SYNC, body('IF505')),
      c.asAdmin.post(SYNC, body('IF505')),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(one(first.body).id).toBe(one(second.body).id);
    expect([first.body.meta?.course_created, second.body.meta?.course_created].sort()).toEqual([false, true]);
    expect(await count(`SELECT count(*)::int AS n FROM courses WHERE code = 'IF505'`)).toBe(1);
    expect(await rosters('IF505')).toEqual({
      A: [c.students[0].id, c.students[1].id],
      B: [c.students[2].id],
    });
    expect(await enrolmentEvents(Number(one(first.body).id))).toHaveLength(3);
  });

  it('follows the roster: removed, moved and new students; classes it does not list keep theirs', async () => {
    const [s1, s2, s3, s4, s5, s6] = c.students;
    const [course] = await h.ds.query(`SELECT id FROM courses WHERE code = 'IF101'`);
    const courseId: number = course.id;
    // A class made in the LMS (not in the academic system) with one student it will place in B.
    const extra = await h.enrol(courseId, 1, [s5.id, s6.id], await h.courseClass(1, courseId, 'Extra'));
    const eventsBefore = (await enrolmentEvents(courseId)).length;

    academic.serve(
      'IF101',
      academicCourse(
        'IF101',
        { A: ['2301001', '2301003'], B: ['2301004', '2301005'] },
        { name: 'Algorithms and Programming' },
      ),
    );
    const response = await c.asLecturer.post(SYNC, body('IF101'));
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({
      changed: true,
      course_created: false,
      course_updated: true,
      classes_created: 0,
      students_added: 2,
      students_removed: 3,
      students_total: 4,
      unmatched_students: [],
    });
    expect(one(response.body).attributes.name).toBe('Algorithms and Programming');
    expect(await rosters('IF101')).toEqual({
      A: [s1.id, s3.id],
      B: [s4.id, s5.id],
      Extra: [s6.id],
    });
    const classId = Object.fromEntries(
      (response.body.included ?? []).map((item) => [item.attributes.name, Number(item.id)]),
    );
    expect((await enrolmentEvents(courseId)).slice(eventsBefore).sort(byMembership)).toEqual([
      { courseId, classId: classId.A, userId: s2.id, enrolled: false, reason: 'synced' },
      { courseId, classId: classId.B, userId: s3.id, enrolled: false, reason: 'synced' },
      { courseId, classId: extra.id, userId: s5.id, enrolled: false, reason: 'synced' },
      { courseId, classId: classId.A, userId: s3.id, enrolled: true, reason: 'synced' },
      { courseId, classId: classId.B, userId: s5.id, enrolled: true, reason: 'synced' },
    ]);
    // The removed student no longer has the course.
    const theirs = await (await h.as(s2)).get(`/api/course/courses/${courseId}`);
    expect(theirs.status).toBe(404);
  });

  it('adopts a course made by hand with the same code and period, and follows a change of lecturer', async () => {
    const made = await h.course(1, c.lecturer.id, {
      name: 'Made by hand',
      code: 'IF202',
      periodId: c.period.id,
    });
    await h.assist(made.id, c.colleague.id);
    academic.serve(
      'IF202',
      academicCourse('IF202', { A: ['2301001'] }, { lecturer: { nidn: '0401010002', name: null } }),
    );
    const response = await c.asLecturer.post(SYNC, body('IF202'));
    expect(response.status).toBe(200);
    expect(one(response.body).id).toBe(String(made.id));
    expect(one(response.body).attributes).toMatchObject({
      name: 'Course IF202',
      is_from_six: true,
      lecturer_id: c.colleague.id,
    });
    expect(response.body.meta).toMatchObject({
      course_created: false,
      course_updated: true,
      classes_created: 1,
    });
    const staff = (await h.events('course.staff.changed')).filter((event) => event.data.courseId === made.id);
    // The new lecturer is no longer also an assistant.
    expect(staff.map((event) => event.data)).toEqual([
      { courseId: made.id, lecturerId: c.colleague.id, assistants: [] },
    ]);
    expect(await count(`SELECT count(*)::int AS n FROM courses WHERE code = 'IF202'`)).toBe(1);
  });

  it('lets an admin of the campus sync any course, and reports a lecturer it cannot match', async () => {
    academic.serve(
      'IF303',
      academicCourse('IF303', { A: [] }, { lecturer: { nidn: '9999999999', name: 'Guest Lecturer' } }),
    );
    const response = await c.asAdmin.post(SYNC, body('IF303'));
    expect(response.status).toBe(200);
    expect(one(response.body).attributes).toMatchObject({ code: 'IF303', lecturer_id: null, status: null });
    expect(response.body.meta).toMatchObject({
      course_created: true,
      classes_created: 1,
      students_total: 0,
      unmatched_lecturer: '9999999999',
    });
    const courseId = Number(one(response.body).id);
    const staff = (await h.events('course.staff.changed')).filter(
      (event) => event.data.courseId === courseId,
    );
    expect(staff.map((event) => event.data)).toEqual([{ courseId, lecturerId: null, assistants: [] }]);
  });

  it('is for the course’s lecturer or an admin: 401, 403 and 404 as for the course itself', async () => {
    academic.serve('IF404', academicCourse('IF404', { A: ['2301001'] }));
    const outbox = await outboxSize();
    const courses = await count(`SELECT count(*)::int AS n FROM courses`);

    expect((await h.api.post(SYNC, body('IF404'))).status).toBe(401);
    const student = await c.asStudent.post(SYNC, body('IF404'));
    expect(student.status).toBe(403);
    expect(student.body.errors?.[0].detail).toBe('This action is for lecturer, admin accounts');
    // The academic system gives IF404 to someone else.
    const colleague = await c.asColleague.post(SYNC, body('IF404'));
    expect(colleague.status).toBe(403);
    expect(colleague.body.errors?.[0].detail).toBe(
      'Only the lecturer of the course in the academic system, or an admin of the campus, may sync it',
    );
    // IF101 exists here: to a lecturer with nothing to do with it, it does not exist.
    expect((await c.asColleague.post(SYNC, body('IF101'))).status).toBe(404);
    // Its assistant may not sync it.
    const [if101] = await h.ds.query(`SELECT id FROM courses WHERE code = 'IF101'`);
    await h.assist(if101.id, c.colleague.id);
    expect((await c.asColleague.post(SYNC, body('IF101'))).status).toBe(403);
    // Another campus's lecturer, with this campus's period, or with their own.
    const outsider = await c.asOutsider.post(SYNC, body('IF404'));
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors?.[0]).toMatchObject({
      detail: 'period_id is not a period of this campus',
      source: { pointer: '/data/attributes/period_id' },
    });
    expect(await outboxSize()).toBe(outbox);
    expect(await count(`SELECT count(*)::int AS n FROM courses`)).toBe(courses);

    // The same lecturer number on campus 2 makes the outsider IF404's lecturer there, not here.
    const there = await c.asOutsider.post(SYNC, body('IF404', { period_id: c.otherPeriod.id }));
    expect(there.status).toBe(200);
    expect(one(there.body).attributes).toMatchObject({
      lecturer_id: c.outsider.id,
      period_id: c.otherPeriod.id,
    });
    expect(there.body.meta).toMatchObject({
      students_total: 0,
      unmatched_students: [{ nim: '2301001', name: 'Student 2301001', class_name: 'A' }],
    });
    const campusOf = await h.ds.query(`SELECT tenant_id FROM courses WHERE code = 'IF404'`);
    expect(campusOf).toEqual([{ tenant_id: 2 }]);
  });

  it('refuses a bad call with 422s that point at the field, asking nothing of the academic system', async () => {
    const requests = academic.requests.length;
    const outbox = await outboxSize();
    const pointers = (document: JsonDocument) =>
      Object.fromEntries((document.errors ?? []).map((error) => [error.source?.pointer, error.detail]));

    const empty = await c.asLecturer.post(SYNC, {});
    expect(empty.status).toBe(422);
    expect(pointers(empty.body)).toEqual({
      '/data/attributes/year': 'year is required',
      '/data/attributes/type': 'type is required',
      '/data/attributes/code': 'code is required',
      '/data/attributes/period_id': 'period_id is required',
    });
    const malformed = await c.asLecturer.post(SYNC, {
      year: 25,
      type: '',
      code: 'IF 101/../x',
      period_id: 'first',
      semester: 1,
    });
    expect(malformed.status).toBe(422);
    expect(pointers(malformed.body)).toEqual({
      '/data/attributes/year': 'year must be at least 1000',
      '/data/attributes/type': 'type must be at least 1 characters',
      '/data/attributes/code': 'code has an invalid format',
      '/data/attributes/period_id': 'period_id must be a number',
      '/data/attributes/semester': 'semester is not allowed',
    });
    const unknownPeriod = await c.asLecturer.post(SYNC, body('IF101', { period_id: 999999 }));
    expect(pointers(unknownPeriod.body)).toEqual({
      '/data/attributes/period_id': 'period_id is not a period of this campus',
    });
    const otherSemester = await c.asLecturer.post(SYNC, body('IF101', { year: 2024, type: 'GENAP' }));
    expect(otherSemester.status).toBe(422);
    expect(pointers(otherSemester.body)).toEqual({
      '/data/attributes/year': 'year must be 2025, the year of period 2025 Ganjil',
      '/data/attributes/type': 'type must be GANJIL, the type of period 2025 Ganjil',
    });
    expect(academic.requests.length).toBe(requests);

    // A code the academic system does not know (it answers 404).
    const unknown = await c.asLecturer.post(SYNC, body('XX999'));
    expect(unknown.status).toBe(422);
    expect(pointers(unknown.body)).toEqual({
      '/data/attributes/code': 'The academic system has no course XX999 in 2025 GANJIL',
    });
    expect(academic.requests.length).toBe(requests + 1);
    expect(await outboxSize()).toBe(outbox);
  });

  it('answers 502 for an answer that is not the course, and 504 when none comes in time, changing nothing', async () => {
    const before = { rosters: await rosters('IF101'), outbox: await outboxSize() };
    const expectBadGateway = async (reply: Reply, status: number, detail: string) => {
      academic.replies.set('IF101', reply);
      const response = await c.asLecturer.post(SYNC, body('IF101'));
      expect({ status: response.status, errors: response.body.errors }).toEqual({
        status,
        errors: [
          { status: String(status), title: status === 504 ? 'Gateway Timeout' : 'Bad Gateway', detail },
        ],
      });
    };
    const good = academicCourse('IF101', { A: ['2301001'], B: [] });

    await expectBadGateway(
      { raw: '<html>maintenance</html>' },
      502,
      "The academic system's answer is not JSON",
    );
    await expectBadGateway(
      { raw: '{"code": "IF101", "classes": [' },
      502,
      "The academic system's answer is not JSON",
    );
    await expectBadGateway(
      { body: { ...good, classes: undefined } },
      502,
      "The academic system's answer is malformed: classes must be an array",
    );
    await expectBadGateway(
      { body: academicCourse('IF101', { A: ['2301001'], B: [''] }) },
      502,
      "The academic system's answer is malformed: classes[1].students[0].nim must be a non-empty string of at most 32 characters",
    );
    await expectBadGateway(
      { body: academicCourse('IF101', { A: ['2301001'], B: ['2301001'] }) },
      502,
      "The academic system's answer is malformed: student 2301001 is in class A and in class B",
    );
    await expectBadGateway(
      { body: { ...good, code: 'IF102' } },
      502,
      "The academic system's answer is malformed: it is about course IF102, not IF101",
    );
    await expectBadGateway(
      { body: { ...good, year: 2024, type: 'GENAP' } },
      502,
      "The academic system's answer is malformed: it is about 2024 GENAP, not 2025 GANJIL",
    );
    await expectBadGateway(
      { body: [good] },
      502,
      "The academic system's answer is malformed: the answer must be an object",
    );
    await expectBadGateway(
      { raw: `{"code": "IF101", "name": "${'x'.repeat(5 * 1024 * 1024)}"}` },
      502,
      "The academic system's answer is larger than 5 MB",
    );
    await expectBadGateway(
      { status: 500, body: { error: 'boom' } },
      502,
      'The academic system answered HTTP 500',
    );
    await expectBadGateway(
      { status: 401, body: {} },
      502,
      'The academic system refused the credentials of ACADEMIC_SYNC_TOKEN (HTTP 401)',
    );
    await expectBadGateway(
      { body: good, delayMs: 3000 },
      504,
      'The academic system did not answer within 1 s',
    );

    expect({ rosters: await rosters('IF101'), outbox: await outboxSize() }).toEqual(before);
  });
});

describe('academic-system sync when the academic system cannot be reached or is not configured', () => {
  let unreachable: CourseHarness;
  let unconfigured: CourseHarness;

  beforeAll(async () => {
    // A port nothing listens on: the connection is refused.
    unreachable = await new CourseHarness({
      ACADEMIC_SYNC_URL: `http://127.0.0.1:${await freePort()}/api/v1`,
      ACADEMIC_SYNC_TOKEN: TOKEN,
    }).start();
    unconfigured = await new CourseHarness().start();
  });
  afterAll(async () => {
    await unreachable?.stop();
    await unconfigured?.stop();
  });

  async function call(h: CourseHarness) {
    const period = await h.ds
      .getRepository(Period)
      .save({ tenantId: 1, name: '2025 Ganjil', year: 2025, type: 'GANJIL', isActive: true });
    const lecturer = await h.given.user(1, 'lecturer', { nidn: '0401010001' });
    // the events the call records (the service's own start records its projections' backfill request)
    const countOutbox = async () =>
      (await h.ds.query(`SELECT count(*)::int AS n FROM outbox`))[0].n as number;
    const before = await countOutbox();
    const response = await (
      await h.as(lecturer)
    ).post(SYNC, { year: 2025, type: 'GANJIL', code: 'IF101', period_id: period.id });
    const courses = await h.ds.query(`SELECT count(*)::int AS n FROM courses`);
    return { response, courses: courses[0].n, outbox: (await countOutbox()) - before };
  }

  it('answers 502 when the connection is refused, changing nothing', async () => {
    const { response, courses, outbox } = await call(unreachable);
    expect(response.status).toBe(502);
    expect(response.body.errors).toEqual([
      {
        status: '502',
        title: 'Bad Gateway',
        detail: 'The academic system could not be reached (ECONNREFUSED)',
      },
    ]);
    expect({ courses, outbox }).toEqual({ courses: 0, outbox: 0 });
  });

  it('answers 503 saying so when no academic system is configured', async () => {
    const { response, courses } = await call(unconfigured);
    expect(response.status).toBe(503);
    expect(response.body.errors).toEqual([
      {
        status: '503',
        title: 'Service Unavailable',
        detail:
          'No academic system is configured for this deployment (ACADEMIC_SYNC_URL): courses cannot be synced',
      },
    ]);
    expect(courses).toBe(0);
  });

  it('refuses to start with an academic-system URL or timeout it cannot use', async () => {
    const base = { DATABASE_URL: 'postgres://x', JWT_PUBLIC_KEY: 'k' };
    expect(() => CourseConfig.fromEnv({ ...base, ACADEMIC_SYNC_URL: 'siakad.example.edu' })).toThrow(
      'course: invalid configuration: ACADEMIC_SYNC_URL must be an http(s) URL',
    );
    expect(() => CourseConfig.fromEnv({ ...base, ACADEMIC_SYNC_TIMEOUT_MS: '60000' })).toThrow(
      'ACADEMIC_SYNC_TIMEOUT_MS must be between 100 and 50000',
    );
    expect(CourseConfig.fromEnv(base).academicSync).toEqual({ timeoutMs: 10_000 });
  });
});
