import { formatWireDate } from '@lms/jsonapi';
import { CourseHarness, cast, list, one } from './support/harness';

describe('enrolment: windows, tokens, take, leave, kick, enrolled courses', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const wire = (offsetMs: number) => formatWireDate(new Date(Date.now() + offsetMs), 'Asia/Jakarta');
  const DAY = 24 * 3600 * 1000;

  async function openCourse(start = wire(-DAY), end = wire(DAY)) {
    const c = await cast(h);
    const response = await c.asLecturer.post('/api/course/enrolls', {
      course_id: c.course.id,
      start_at: start,
      end_at: end,
    });
    expect(response.status).toBe(201);
    const tokens = one(response.body).attributes.tokens as Array<{ class_id: number; token: string }>;
    return { c, window: one(response.body), tokens, newcomer: await h.given.user(1, 'student') };
  }

  async function enrolEvents(courseId: number) {
    return (await h.events('course.enrolment.changed'))
      .filter((event) => event.data.courseId === courseId)
      .map((event) => event.data);
  }

  it('opens a window with a token per class', async () => {
    const { c, window, tokens } = await openCourse();
    expect(window.attributes).toMatchObject({ course_id: c.course.id, is_open: true });
    expect(tokens).toEqual([
      {
        class_id: c.courseClass.id,
        class_name: c.courseClass.name,
        token: expect.stringMatching(/^[A-Z2-9]{8}$/),
      },
    ]);
    const current = await c.asAssistant.get(`/api/course/enrolls?filter[course_id][is]=${c.course.id}`);
    expect(list(current.body)[0].id).toBe(window.id);
  });

  it('creates a class for a course that has none', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    const course = await h.course(1, lecturer.id);
    const response = await (
      await h.as(lecturer)
    ).post('/api/course/enrolls', {
      course_id: course.id,
      start_at: wire(-DAY),
      end_at: wire(DAY),
    });
    expect(one(response.body).attributes.tokens).toEqual([
      expect.objectContaining({ class_name: 'Class A' }),
    ]);
  });

  it('validates the window with pointers and is for the lecturer or coordinator only', async () => {
    const c = await cast(h);
    const bad = await c.asLecturer.post('/api/course/enrolls', { start_at: wire(DAY), end_at: wire(-DAY) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]).toMatchObject({
      detail: 'Course id is required',
      source: { pointer: '/data/attributes/course_id' },
    });
    const reversed = await c.asLecturer.post('/api/course/enrolls', {
      course_id: c.course.id,
      start_at: wire(DAY),
      end_at: wire(-DAY),
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors?.[0]).toMatchObject({
      detail: 'end_at must be after start_at',
      source: { pointer: '/data/attributes/end_at' },
    });
    const body = { course_id: c.course.id, start_at: wire(-DAY), end_at: wire(DAY) };
    expect((await c.asAssistant.post('/api/course/enrolls', body)).status).toBe(403);
    expect((await c.asStudent.post('/api/course/enrolls', body)).status).toBe(403);
    expect((await c.asStranger.post('/api/course/enrolls', body)).status).toBe(404);
    expect((await c.asOutsider.post('/api/course/enrolls', body)).status).toBe(404);
  });

  it('lets a student join with the token of a class, once', async () => {
    const { c, tokens, newcomer } = await openCourse();
    const asNewcomer = await h.as(newcomer);
    const response = await asNewcomer.post('/api/course/enrolls/take', {
      course_id: c.course.id,
      token: tokens[0].token.toLowerCase(),
      class_id: tokens[0].class_id,
    });
    expect(response.status).toBe(201);
    expect(one(response.body).attributes).toMatchObject({ name: 'Databases', status: 'STUDENT' });
    const again = await asNewcomer.post('/api/course/enrolls/take', {
      course_id: c.course.id,
      token: tokens[0].token,
      class_id: tokens[0].class_id,
    });
    expect(again.status).toBe(409);
    expect(await enrolEvents(c.course.id)).toEqual([
      {
        courseId: c.course.id,
        classId: tokens[0].class_id,
        userId: newcomer.id,
        enrolled: true,
        reason: 'joined',
      },
    ]);
    const mine = await asNewcomer.get('/api/course/enrolls/courses');
    expect(list(mine.body).map((x) => x.id)).toEqual([String(c.course.id)]);
    expect(mine.body.meta).toMatchObject({ total: 1, limit: 9 });
    expect((await asNewcomer.get(`/api/course/enrolls/courses/${c.course.id}`)).status).toBe(200);
    expect((await asNewcomer.get(`/api/course/courses/${c.course.id}`)).status).toBe(200);
  });

  it('lets a student join with the token alone: it names the course and the class', async () => {
    const { c, tokens, newcomer } = await openCourse();
    const second = await h.courseClass(1, c.course.id, 'B');
    const reopened = await c.asLecturer.post('/api/course/enrolls', {
      course_id: c.course.id,
      start_at: wire(-DAY),
      end_at: wire(DAY),
    });
    const current = one(reopened.body).attributes.tokens as Array<{ class_id: number; token: string }>;
    const ofB = current.find((token) => token.class_id === second.id)!;
    expect(current.map((token) => token.token)).not.toContain(tokens[0].token);
    const response = await (
      await h.as(newcomer)
    ).post('/api/course/enrolls/take', { token: ` ${ofB.token.toLowerCase()} ` });
    expect(response.status).toBe(201);
    expect(one(response.body)).toMatchObject({ id: String(c.course.id) });
    expect(await enrolEvents(c.course.id)).toEqual([
      expect.objectContaining({ classId: second.id, userId: newcomer.id, enrolled: true }),
    ]);
  });

  it('gives every class of the campus its own token, current and superseded alike', async () => {
    const { c } = await openCourse();
    for (let i = 0; i < 3; i++) {
      await c.asLecturer.post('/api/course/enrolls', {
        course_id: c.course.id,
        start_at: wire(-DAY),
        end_at: wire(DAY),
      });
    }
    const [dupes]: Array<{ n: number }> = await h.ds.query(
      `SELECT count(*)::int AS n FROM (SELECT tenant_id, token FROM enrolment_tokens
        GROUP BY tenant_id, token HAVING count(*) > 1) d`,
    );
    expect(dupes.n).toBe(0);
    const [window]: Array<{ id: number; class_id: number }> = await h.ds.query(
      `SELECT w.id, t.class_id FROM enrolment_windows w JOIN enrolment_tokens t ON t.window_id = w.id
        WHERE w.course_id = $1 AND w.superseded_at IS NULL`,
      [c.course.id],
    );
    const [taken]: Array<{ token: string }> = await h.ds.query(
      `SELECT token FROM enrolment_tokens WHERE tenant_id = 1 LIMIT 1`,
    );
    // the database refuses a second class of the campus with the same token
    await expect(
      h.ds.query(
        `INSERT INTO enrolment_tokens (tenant_id, window_id, class_id, token)
         VALUES (1, $1, (SELECT id FROM classes WHERE id <> $2 LIMIT 1), $3)`,
        [window.id, window.class_id, taken.token],
      ),
    ).rejects.toThrow(/enrolment_tokens_tenant_token_uq/);
  });

  it('refuses a wrong token, an expired token and a closed window, with clear texts', async () => {
    const { c, tokens, newcomer } = await openCourse();
    const asNewcomer = await h.as(newcomer);
    const take = (token: string, classId = tokens[0].class_id, courseId = c.course.id) =>
      asNewcomer.post('/api/course/enrolls/take', { course_id: courseId, token, class_id: classId });

    const wrong = await take('NOTATOKEN');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.[0]).toMatchObject({
      detail: 'Token is wrong: check it with your lecturer',
      source: { pointer: '/data/attributes/token' },
    });

    const otherClass = await h.courseClass(1, c.course.id, 'B');
    const wrongClass = await take(tokens[0].token, otherClass.id);
    expect(wrongClass.body.errors?.[0].detail).toBe('Token is wrong: check it with your lecturer');

    const reopened = await c.asLecturer.post('/api/course/enrolls', {
      course_id: c.course.id,
      start_at: wire(-DAY),
      end_at: wire(DAY),
    });
    expect(one(reopened.body).attributes.tokens).toHaveLength(2);
    const expired = await take(tokens[0].token);
    expect(expired.status).toBe(422);
    expect(expired.body.errors?.[0]).toMatchObject({
      detail: 'Token has expired: ask your lecturer for the current one',
      source: { pointer: '/data/attributes/token' },
    });

    const end = wire(-DAY / 2);
    const closed = await c.asLecturer.post('/api/course/enrolls', {
      course_id: c.course.id,
      start_at: wire(-DAY),
      end_at: end,
    });
    const closedToken = (
      one(closed.body).attributes.tokens as Array<{ class_id: number; token: string }>
    ).find((t) => t.class_id === tokens[0].class_id)!.token;
    const late = await take(closedToken);
    expect(late.status).toBe(422);
    expect(late.body.errors?.[0]).toMatchObject({
      detail: `Enrolment is closed: it ended at ${end}`,
      source: { pointer: '/data/attributes/token' },
    });

    const start = wire(DAY);
    const future = await c.asLecturer.post('/api/course/enrolls', {
      course_id: c.course.id,
      start_at: start,
      end_at: wire(2 * DAY),
    });
    const futureToken = (one(future.body).attributes.tokens as Array<{ class_id: number; token: string }>)[0];
    const early = await take(futureToken.token, futureToken.class_id);
    expect(early.body.errors?.[0].detail).toBe(`Enrolment is not open yet: it opens at ${start}`);

    const missing = await asNewcomer.post('/api/course/enrolls/take', { class_id: 1 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.[0]).toMatchObject({ source: { pointer: '/data/attributes/token' } });
    const foreign = await cast(h);
    expect((await take('X', foreign.courseClass.id, foreign.course.id)).status).toBe(422);
    const outsider = await h.given.user(2, 'student');
    const fromOtherCampus = await (
      await h.as(outsider)
    ).post('/api/course/enrolls/take', {
      course_id: c.course.id,
      token: tokens[0].token,
      class_id: tokens[0].class_id,
    });
    // another campus's token is no token of this one
    expect(fromOtherCampus.status).toBe(422);
    expect(
      (
        await c.asLecturer.post('/api/course/enrolls/take', {
          course_id: c.course.id,
          token: 'x',
          class_id: 1,
        })
      ).status,
    ).toBe(403);
    expect(await enrolEvents(c.course.id)).toEqual([]);
  });

  it('lets a student leave, and the lecturer (only) kick', async () => {
    const c = await cast(h);
    const other = await h.given.user(1, 'student');
    await h.enrol(c.course.id, 1, [other.id], c.courseClass);

    const left = await c.asStudent.post('/api/course/enrolls/leave', { course_id: c.course.id });
    expect(left.status).toBe(200);
    expect((await c.asStudent.get(`/api/course/courses/${c.course.id}`)).status).toBe(404);
    expect((await c.asStudent.post('/api/course/enrolls/leave', { course_id: c.course.id })).status).toBe(
      404,
    );

    const kick = { course_id: c.course.id, student_id: other.id };
    expect((await c.asAssistant.post('/api/course/enrolls/kick', kick)).status).toBe(403);
    expect((await c.asStranger.post('/api/course/enrolls/kick', kick)).status).toBe(404);
    expect((await c.asOutsider.post('/api/course/enrolls/kick', kick)).status).toBe(404);
    expect((await c.asLecturer.post('/api/course/enrolls/kick', kick)).status).toBe(200);
    expect((await c.asLecturer.post('/api/course/enrolls/kick', kick)).status).toBe(404);
    expect((await enrolEvents(c.course.id)).map((e) => [e.userId, e.enrolled, e.reason])).toEqual([
      [c.student.id, false, 'left'],
      [other.id, false, 'kicked'],
    ]);
  });

  it('places a student of a users import in the classes identity named, moving them within a course, once', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    const student = await h.given.user(1, 'student');
    const first = await h.course(1, lecturer.id, { name: 'Algoritma' });
    const second = await h.course(1, lecturer.id, { name: 'Basis Data' });
    const firstA = await h.courseClass(1, first.id, 'TI-1A');
    const firstB = await h.enrol(first.id, 1, [student.id]); // in another class of the first course
    const secondA = await h.courseClass(1, second.id, 'TI-1A');
    const placed = await h.publish('identity.user.placed', 1, {
      userId: student.id,
      classIds: [firstA.id, secondA.id],
    });
    const members = (classId: number) =>
      h.ds.query(`SELECT user_id FROM class_students WHERE class_id = $1`, [classId]);
    expect(await members(firstA.id)).toEqual([{ user_id: student.id }]);
    expect(await members(firstB.id)).toEqual([]);
    expect(await members(secondA.id)).toEqual([{ user_id: student.id }]);
    expect([...(await enrolEvents(first.id)), ...(await enrolEvents(second.id))]).toEqual([
      { courseId: first.id, classId: firstB.id, userId: student.id, enrolled: false, reason: 'imported' },
      { courseId: first.id, classId: firstA.id, userId: student.id, enrolled: true, reason: 'imported' },
      { courseId: second.id, classId: secondA.id, userId: student.id, enrolled: true, reason: 'imported' },
    ]);
    // redelivered, or placed again: nothing changes
    await h.deliver(placed);
    await h.publish('identity.user.placed', 1, { userId: student.id, classIds: [secondA.id] });
    expect((await enrolEvents(second.id)).length).toBe(1);
    // a lecturer, another campus's student, another campus's class: skipped
    const other = await h.given.user(2, 'student');
    await h.publish('identity.user.placed', 1, { userId: lecturer.id, classIds: [secondA.id] });
    await h.publish('identity.user.placed', 2, { userId: other.id, classIds: [secondA.id] });
    expect(await members(secondA.id)).toEqual([{ user_id: student.id }]);
  });
});
