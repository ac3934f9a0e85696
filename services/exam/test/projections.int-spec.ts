import { EVERY_CAMPUS } from '@lms/events';
import { Projections, ProjectionsBackfill } from '@lms/projections';
import { ServiceHarness } from '@lms/testing';
import { examService } from '../src/service';

/**
 * The exam service's projections of campuses, users and courses (@lms/projections), fed by the
 * owners' events through its own handlers, and the questions asked of them.
 */
describe('exam projections', () => {
  const h = new ServiceHarness(examService);
  let projections: Projections;
  beforeAll(async () => {
    await h.start();
    projections = h.app.get(Projections);
  });
  afterAll(() => h.stop());

  it('asks every campus for every projected topic once, on its first start', async () => {
    const asked = await h.events('platform.snapshot.requested');
    expect(asked).toHaveLength(1);
    expect(asked[0].tenantId).toBe(EVERY_CAMPUS);
    expect(asked[0].data).toEqual({
      requestedBy: 'exam',
      topics: [
        'identity.tenant',
        'identity.user',
        'course.course',
        'course.staff',
        'course.enrolment',
        'course.structure',
      ],
    });
    const rows: Array<{ name: string }> = await h.ds.query(
      `SELECT name FROM projection_backfills ORDER BY name`,
    );
    expect(rows.map((row) => row.name)).toHaveLength(6);

    // Started again (another replica, a restart): nothing more is asked.
    await h.app.get(ProjectionsBackfill).onApplicationBootstrap();
    expect(await h.events('platform.snapshot.requested')).toHaveLength(1);
  });

  it('knows a campus by host and a user by id, within the campus', async () => {
    const campus = await h.given.campus({ domain: 'exam-campus.example' });
    const user = await h.given.user(campus.id, 'lecturer', { name: 'Dr. Ada', nidn: '0011' });
    expect(await projections.campusByHost('exam-campus.example')).toMatchObject({ id: campus.id });
    expect(await projections.users(campus.id, [user.id])).toMatchObject([
      { id: user.id, name: 'Dr. Ada', nidn: '0011', role: 'lecturer' },
    ]);
    expect(await projections.users(campus.id + 1, [user.id])).toEqual([]);
  });

  it('keeps a course with its classes, replaced by each newer snapshot, never by an older one', async () => {
    const course = await h.project('course.course.upserted', 1, {
      name: 'Databases',
      code: 'DB1',
      classes: [
        { id: 501, name: 'A' },
        { id: 502, name: 'B' },
      ],
    });
    expect(await projections.course(1, course.id)).toMatchObject({
      name: 'Databases',
      code: 'DB1',
      periodYear: 2026,
      isActive: true,
    });
    expect(await projections.course(2, course.id)).toBeNull();

    const renamed = await h.publish('course.course.upserted', 1, {
      ...course,
      name: 'Databases II',
      classes: [
        { id: 502, name: 'B2' },
        { id: 503, name: 'C' },
      ],
    });
    const classes = await projections.classesOfCourse(1, course.id);
    expect(classes.map((row) => [Number(row.id), row.name])).toEqual([
      [502, 'B2'],
      [503, 'C'],
    ]);

    // An older snapshot delivered late changes nothing.
    await h.deliver({
      ...renamed,
      id: '00000000-0000-4000-8000-000000000001',
      occurredAt: new Date(Date.parse(renamed.occurredAt) - 60_000).toISOString(),
      data: { ...course, name: 'Stale' },
    });
    expect(await projections.course(1, course.id)).toMatchObject({ name: 'Databases II' });
    expect(await projections.classesOfCourse(1, course.id)).toHaveLength(2);
  });

  it('tells who teaches and who studies in a course, only on its campus', async () => {
    const lecturer = { userId: h.nextId(), tenantId: 1 };
    const assistant = { userId: h.nextId(), tenantId: 1 };
    const student = { userId: h.nextId(), tenantId: 1 };
    const course = await h.project('course.course.upserted', 1);
    const classId = course.classes[0].id;
    await h.given.staff(1, {
      courseId: course.id,
      lecturerId: lecturer.userId,
      assistants: [{ userId: assistant.userId, isCoordinator: false }],
    });
    await h.given.enrolment(1, { courseId: course.id, classId, userId: student.userId });

    expect(await projections.roleIn(lecturer, course.id)).toBe('lecturer');
    expect(await projections.roleIn(assistant, course.id)).toBe('assistant');
    expect(await projections.roleIn(student, course.id)).toBe('student');
    expect(await projections.canAuthor(lecturer, course.id)).toBe(true);
    expect(await projections.canAuthor(assistant, course.id)).toBe(true);
    expect(await projections.canAuthor(student, course.id)).toBe(false);
    expect(await projections.canAuthor({ ...lecturer, tenantId: 2 }, course.id)).toBe(false);
    expect(await projections.coursesTaughtBy(assistant)).toEqual([course.id]);
    expect(await projections.classesOf(student)).toEqual([classId]);
    expect(await projections.studentsOf([classId])).toEqual([student.userId]);

    await h.given.enrolment(1, {
      courseId: course.id,
      classId,
      userId: student.userId,
      enrolled: false,
      reason: 'left',
    });
    expect(await projections.classesOf(student)).toEqual([]);
    expect(await projections.roleIn(student, course.id)).toBeNull();
  });

  it("keeps a course's modules and activities, replaced by each snapshot", async () => {
    const first = await h.project('course.structure.snapshotted', 1);
    const activity = first.activities[0];
    expect(await projections.activity(first.courseId, activity.id)).toMatchObject({
      name: activity.name,
      moduleId: activity.moduleId,
    });
    await h.publish('course.structure.snapshotted', 1, { ...first, activities: [] });
    expect(await projections.activity(first.courseId, activity.id)).toBeNull();
    const modules: unknown[] = await h.ds.query(`SELECT id FROM course_modules WHERE course_id = $1`, [
      first.courseId,
    ]);
    expect(modules).toHaveLength(1);
  });
});
