import { CourseHarness, cast } from './support/harness';

/** The course members republished on a consumer's request (`platform.snapshot.requested`). */
describe('course members snapshots', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('republishes the staff and students of every course of the campus asked about, keyed by course', async () => {
    const c = await cast(h);
    const second = await h.course(1, null);
    const classB = await h.enrol(c.course.id, 1, []);
    const another = await h.given.user(1, 'student');
    await h.enrol(c.course.id, 1, [another.id], classB);
    const elsewhere = await h.course(2, c.outsider.id);
    const before = {
      staff: (await h.events('course.staff.changed')).length,
      students: (await h.events('course.enrolment.snapshotted')).length,
    };

    const request = await h.publish('platform.snapshot.requested', 1, {
      requestedBy: 'identity',
      topics: ['course.staff', 'course.enrolment'],
    });

    const staff = (await h.events('course.staff.changed')).slice(before.staff);
    const students = (await h.events('course.enrolment.snapshotted')).slice(before.students);
    const ofCourse = <T extends { data: { courseId: number } }>(events: T[], id: number) =>
      events.filter((event) => event.data.courseId === id);
    expect(ofCourse(staff, c.course.id).map((event) => event.data)).toEqual([
      {
        courseId: c.course.id,
        lecturerId: c.lecturer.id,
        assistants: [{ userId: c.assistant.id, isCoordinator: false }],
      },
    ]);
    expect(ofCourse(staff, second.id).map((event) => event.data)).toEqual([
      { courseId: second.id, lecturerId: null, assistants: [] },
    ]);
    expect(ofCourse(students, c.course.id).map((event) => event.data)).toEqual([
      {
        courseId: c.course.id,
        students: [
          { classId: c.courseClass.id, userId: c.student.id },
          { classId: classB.id, userId: another.id },
        ],
      },
    ]);
    expect(ofCourse(students, second.id).map((event) => event.data)).toEqual([
      { courseId: second.id, students: [] },
    ]);
    // Only the campus asked about.
    expect(ofCourse(staff, elsewhere.id)).toEqual([]);
    expect([...staff, ...students].every((event) => event.tenantId === 1)).toBe(true);
    const [row]: Array<{ partition_key: string }> = await h.ds.query(
      `SELECT partition_key FROM outbox WHERE envelope->'data'->>'courseId' = $1 AND type = 'course.enrolment.snapshotted'
        ORDER BY created_at DESC LIMIT 1`,
      [String(c.course.id)],
    );
    expect(row.partition_key).toBe(String(c.course.id));
    expect(request.type).toBe('platform.snapshot.requested');
  });

  it('answers only for the topics it owns', async () => {
    await cast(h);
    const before = (await h.events('course.staff.changed')).length;
    await h.publish('platform.snapshot.requested', 1, { requestedBy: 'exam', topics: ['identity.user'] });
    expect(await h.events('course.staff.changed')).toHaveLength(before);
  });
});
