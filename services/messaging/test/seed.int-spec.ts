import type { ProjectedUser } from '@lms/testing';
import { seedMessagingDemo } from '../src';
import { list, MessagingHarness } from './support/harness';

describe('demo messaging seed', () => {
  const h = new MessagingHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('waits for IF101, then makes messages, chats, an announcement and news — real records, once', async () => {
    const users: Record<string, ProjectedUser> = {};
    for (const [username, role] of [
      ['lecturer', 'lecturer'],
      ['student1', 'student'],
      ['student2', 'student'],
      ['student3', 'student'],
      ['admin', 'admin'],
    ] as const)
      users[username] = await h.given.user(7, role, { username });
    await h.given.campus({ id: 7, domain: 'demo.example.ac.id' });
    await expect(seedMessagingDemo(h.app, 7)).rejects.toThrow(/IF101/);

    const classId = h.nextId();
    const course = await h.project('course.course.upserted', 7, {
      code: 'IF101',
      classes: [{ id: classId, name: 'IF101-A' }],
    });
    await h.given.staff(7, { courseId: course.id, lecturerId: users.lecturer.id, assistants: [] });
    for (const username of ['student1', 'student2', 'student3'])
      await h.given.enrolment(7, { courseId: course.id, classId, userId: users[username].id });
    expect(await seedMessagingDemo(h.app, 7)).toEqual({ created: true });
    expect(await seedMessagingDemo(h.app, 7)).toEqual({ created: false });

    const asStudent1 = await h.as(users.student1);
    const rooms = list((await asStudent1.get('/api/message')).body);
    expect(rooms.map((room) => [room.attributes.room_type, room.attributes.name])).toEqual(
      expect.arrayContaining([
        ['group', 'IF101 class chat'],
        ['personal', users.student2.name],
      ]),
    );
    const unread = await asStudent1.get('/api/message/unread');
    expect(unread.body.data).toMatchObject({ attributes: { count: 2 } });
    const inbox = list(
      (
        await (
          await h.as(users.lecturer)
        ).get(`/api/course/messages?filter[receiver_id]=${users.lecturer.id}`)
      ).body,
    );
    expect(inbox.map((m) => m.attributes.subject)).toEqual(['Question about the first assignment']);
    // a section, not a popup: a popup would cover the first page every demo student opens
    const announcements = list((await asStudent1.get('/api/course/announcements')).body);
    expect(announcements.map((item) => item.attributes.announcements_type)).toEqual(['section']);
    expect(list((await asStudent1.get('/api/course/announcements/popups')).body)).toHaveLength(0);
    const news = list((await h.api.at('demo.example.ac.id').get('/api/public/news')).body);
    expect(news.map((item) => item.attributes.title).sort()).toEqual([
      'Campus library extends its opening hours',
      'New semester registration is open',
    ]);
  });
});
