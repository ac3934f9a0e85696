import { EVERY_CAMPUS } from '@lms/events';
import { formatWireDate } from '@lms/jsonapi';
import { CourseHarness, cast, one } from './support/harness';

/**
 * The course and its structure as snapshot events for the other services' projections
 * (`course.course.upserted`, `course.structure.snapshotted`): recorded with each change, and
 * republished for every campus or one when a consumer asks.
 */
describe('course snapshots', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const ofCourse = async <T extends 'course.course.upserted' | 'course.structure.snapshotted'>(
    type: T,
    courseId: number,
  ) =>
    (await h.events(type)).filter((event) =>
      'courseId' in event.data
        ? event.data.courseId === courseId
        : (event.data as { id: number }).id === courseId,
    );

  it('records the course with its classes when the lecturer changes it', async () => {
    const c = await cast(h);
    const response = await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, { name: 'Databases II' });
    expect(response.status).toBe(200);
    const [event] = await ofCourse('course.course.upserted', c.course.id);
    expect(event.tenantId).toBe(1);
    expect(event.actorId).toBe(c.lecturer.id);
    expect(event.data).toEqual({
      id: c.course.id,
      name: 'Databases II',
      code: 'DB1',
      period: null,
      isActive: true,
      startAt: null,
      endAt: null,
      classes: [{ id: c.courseClass.id, name: c.courseClass.name }],
    });
  });

  it('records the course when opening enrolment gives it its first class', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    const course = await h.course(1, lecturer.id, { name: 'No classes yet' });
    const DAY = 24 * 3600 * 1000;
    const wire = (offset: number) => formatWireDate(new Date(Date.now() + offset), 'Asia/Jakarta');
    const opened = await (
      await h.as(lecturer)
    ).post('/api/course/enrolls', { course_id: course.id, start_at: wire(-DAY), end_at: wire(DAY) });
    expect(opened.status).toBe(201);
    const events = await ofCourse('course.course.upserted', course.id);
    expect(events.map((event) => event.data.classes.map((item) => item.name))).toEqual([['Class A']]);
  });

  it('records the structure with each change of its modules or activities, not of its contents', async () => {
    const c = await cast(h);
    const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
    const activity = one(
      (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id), name: 'Quiz' }))
        .body,
    );
    const snapshots = await ofCourse('course.structure.snapshotted', c.course.id);
    expect(snapshots).toHaveLength(2);
    expect(snapshots[1].data).toEqual({
      courseId: c.course.id,
      modules: [{ id: Number(module.id), name: expect.any(String), index: 0, isActive: true }],
      activities: [
        {
          id: Number(activity.id),
          moduleId: Number(module.id),
          parentId: null,
          name: 'Quiz',
          index: 0,
          isActive: true,
        },
      ],
    });
  });

  it('republishes the courses and structures of every campus, or of the one asked about', async () => {
    const first = await cast(h);
    const elsewhere = await h.course(2, null, { name: 'Elsewhere' });
    const count = async () => ({
      courses: (await h.events('course.course.upserted')).length,
      structures: (await h.events('course.structure.snapshotted')).length,
    });
    const [ofCampus1]: Array<{ n: string }> = await h.ds.query(
      `SELECT count(*) AS n FROM courses WHERE tenant_id = 1`,
    );
    const [all]: Array<{ n: string }> = await h.ds.query(`SELECT count(*) AS n FROM courses`);

    let before = await count();
    await h.publish('platform.snapshot.requested', 1, {
      requestedBy: 'exam',
      topics: ['course.course', 'course.structure'],
    });
    let after = await count();
    expect(after.courses - before.courses).toBe(Number(ofCampus1.n));
    expect(after.structures - before.structures).toBe(Number(ofCampus1.n));
    const republished = (await h.events('course.course.upserted')).slice(before.courses);
    expect(republished.map((event) => event.data.id)).toContain(first.course.id);
    expect(republished.map((event) => event.data.id)).not.toContain(elsewhere.id);

    before = after;
    await h.publish('platform.snapshot.requested', EVERY_CAMPUS, {
      requestedBy: 'exam',
      topics: ['course.course'],
    });
    after = await count();
    expect(after.courses - before.courses).toBe(Number(all.n));
    expect(after.structures).toBe(before.structures);
    const everywhere = (await h.events('course.course.upserted')).slice(before.courses);
    expect(everywhere.find((event) => event.data.id === elsewhere.id)?.tenantId).toBe(2);
  });
});
