import { CourseHarness, cast, list, one } from './support/harness';

/**
 * A course's `status` is the caller's membership of it: STUDENT for a student of one of its
 * classes, LECTURER or ASSISTANT for its staff, null for anyone else (a student reading a public
 * course, an admin). A free course is joined with one click.
 */
describe('membership: a course status for the caller, joining a free course', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  async function openCourse(overrides: { isFree?: boolean; isPublic?: boolean; isActive?: boolean } = {}) {
    const c = await cast(h);
    const course = await h.course(1, null, {
      name: 'Digital Literacy',
      code: 'OPEN1',
      isPublic: true,
      isFree: true,
      ...overrides,
    });
    const newcomer = await h.given.user(1, 'student');
    return { ...c, open: course, newcomer, asNewcomer: await h.as(newcomer) };
  }

  it('gives a student who is not enrolled no status for a public course', async () => {
    const { open, asNewcomer } = await openCourse();
    const response = await asNewcomer.get(`/api/course/courses/${open.id}`);
    expect(response.status).toBe(200);
    expect(one(response.body).attributes.status).toBeNull();
  });

  it('gives each member their own status, and an admin none', async () => {
    const c = await cast(h);
    const admin = await h.as(await h.given.user(1, 'admin'));
    const path = `/api/course/courses/${c.course.id}`;
    expect(one((await c.asStudent.get(path)).body).attributes.status).toBe('STUDENT');
    expect(one((await c.asLecturer.get(path)).body).attributes.status).toBe('LECTURER');
    expect(one((await c.asAssistant.get(path)).body).attributes.status).toBe('ASSISTANT');
    expect(one((await admin.get(path)).body).attributes.status).toBeNull();
    const listed = await c.asStudent.get('/api/course/courses');
    expect(list(listed.body).map((course) => course.attributes.status)).toEqual(['STUDENT']);
  });

  it('lets a student join a free course with one click, into its class, and then reads it as theirs', async () => {
    const { open, newcomer, asNewcomer } = await openCourse();
    const joined = await asNewcomer.post('/api/course/enrolls/join', { course_id: open.id });
    expect(joined.status).toBe(201);
    expect(one(joined.body)).toMatchObject({ id: String(open.id) });
    expect(one(joined.body).attributes.status).toBe('STUDENT');
    const rows: Array<{ name: string }> = await h.ds.query(
      `SELECT cl.name FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
        WHERE cl.course_id = $1 AND cs.user_id = $2`,
      [open.id, newcomer.id],
    );
    expect(rows).toEqual([{ name: 'Class A' }]);
    const events = (await h.events('course.enrolment.changed')).filter(
      (event) => event.data.courseId === open.id,
    );
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ userId: newcomer.id, enrolled: true, reason: 'joined' }),
    ]);
    expect(one((await asNewcomer.get(`/api/course/courses/${open.id}`)).body).attributes.status).toBe(
      'STUDENT',
    );

    const again = await asNewcomer.post('/api/course/enrolls/join', { course_id: open.id });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0].detail).toBe('You are already enrolled in this course');
  });

  it('refuses a course that is not free, one of another campus and one nobody may see', async () => {
    const { asNewcomer, course, open } = await openCourse();
    const elsewhere = await h.as(await h.given.user(2, 'student'));
    const tokenOnly = await h.course(1, null, { name: 'Public, token only', isPublic: true, isFree: false });
    const refused = await asNewcomer.post('/api/course/enrolls/join', { course_id: tokenOnly.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0]).toMatchObject({
      detail: 'This course is not open to join: ask your lecturer for its token',
      source: { pointer: '/data/attributes/course_id' },
    });
    expect((await asNewcomer.post('/api/course/enrolls/join', { course_id: course.id })).status).toBe(404);
    expect((await elsewhere.post('/api/course/enrolls/join', { course_id: open.id })).status).toBe(404);
    const missing = await asNewcomer.post('/api/course/enrolls/join', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.[0].detail).toBe('Course id is required');
  });
});
