import type { ProjectedUser } from '@lms/testing';
import { seedPresenceDemo } from '../src';
import { list, PresenceHarness } from './support/harness';

describe('demo presence seed', () => {
  const h = new PresenceHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('waits for IF101-A, then makes three sent meetings with marks and one open now, once', async () => {
    const users: Record<string, ProjectedUser> = {};
    for (const [username, role] of [
      ['lecturer', 'lecturer'],
      ['student1', 'student'],
      ['student2', 'student'],
      ['student3', 'student'],
    ] as const)
      users[username] = await h.given.user(7, role, { username });
    await h.given.campus({ id: 7, domain: 'demo.example.ac.id' });
    await expect(seedPresenceDemo(h.app, 7)).rejects.toThrow(/IF101-A/);

    const classId = h.nextId();
    const course = await h.project('course.course.upserted', 7, {
      code: 'IF101',
      classes: [{ id: classId, name: 'IF101-A' }],
    });
    await h.given.staff(7, { courseId: course.id, lecturerId: users.lecturer.id, assistants: [] });
    for (const username of ['student1', 'student2', 'student3'])
      await h.given.enrolment(7, { courseId: course.id, classId, userId: users[username].id });
    const modules = [1, 2, 3, 4].map((index) => ({
      id: h.nextId(),
      name: `Week ${index}`,
      index,
      isActive: true,
    }));
    await h.publish('course.structure.snapshotted', 7, { courseId: course.id, modules, activities: [] });
    expect(await seedPresenceDemo(h.app, 7)).toEqual({ created: true });
    expect(await seedPresenceDemo(h.app, 7)).toEqual({ created: false });

    const asLecturer = await h.as(users.lecturer);
    const sessions = list(
      (await asLecturer.get(`/api/course/presences?filter[class_id]=${classId}&sort=start_at`)).body,
    );
    expect(
      sessions.map((session) => [
        session.attributes.act_code,
        session.attributes.is_sent,
        session.attributes.is_open,
      ]),
    ).toEqual([
      ['P01', true, false],
      ['P02', true, false],
      ['P03', true, false],
      ['P04', false, true],
    ]);
    expect(sessions[1].attributes).toMatchObject({
      topic: 'Week 2',
      counts: { attend: 2, sick: 1, unmarked: 0 },
    });
    expect(sessions[3].attributes.counts).toMatchObject({ attend: 1, unmarked: 2 });
    const rooms = list((await asLecturer.get(`/api/crs/crs?filter[course_id]=${course.id}`)).body);
    expect(rooms.map((room) => room.attributes)).toEqual([
      expect.objectContaining({
        title: 'P04 live: sets and functions',
        host: [users.lecturer.id],
        presence_id: Number(sessions[3].id),
        videos: [expect.objectContaining({ title: 'Flower (CC0)' })],
      }),
    ]);
    expect(await h.events('presence.session.sent')).toHaveLength(3);
    const asStudent1 = await h.as(users.student1);
    const today = list(
      (await asStudent1.get(`/api/course/presences?filter[class_id]=${classId}&sort=-start_at`)).body,
    )[0];
    expect(today.attributes.my_detail).toMatchObject({ type: 'attend', source: 'check_in' });
  });
});
