import { createEnvelope } from '@lms/events';
import { list, MessagingHarness, one } from './support/harness';

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

/** Notifications made from the events of the other services, and the API that reads and marks them. */
describe('notifications', () => {
  const h = new MessagingHarness({ EXAM_REMINDER_MINUTES: '30' });
  let c: Awaited<ReturnType<MessagingHarness['notifiedClassroom']>>;
  beforeAll(async () => {
    await h.start();
    c = await h.notifiedClassroom();
  });
  afterAll(() => h.stop());

  const ofType = async (userId: number, type: string) =>
    (await h.notificationsOf(userId)).filter((notification) => notification.type === type);

  describe('one per event type, to the users it concerns, linking to its screen', () => {
    it('enrolment: the student put in a class', async () => {
      expect(await ofType(c.student.id, 'ENROLMENT')).toEqual([
        expect.objectContaining({
          object_id: c.course.id,
          link: `/courses/${c.course.id}`,
          data: expect.objectContaining({ course: 'Kalkulus' }),
        }),
      ]);
      await h.given.enrolment(c.tenantId, {
        courseId: c.course.id,
        classId: c.classA,
        userId: c.student.id,
        enrolled: false,
        reason: 'left',
      });
      expect(await ofType(c.student.id, 'ENROLMENT')).toHaveLength(1);
      await h.given.enrolment(c.tenantId, { courseId: c.course.id, classId: c.classA, userId: c.student.id });
      expect(await ofType(c.student.id, 'ENROLMENT')).toHaveLength(2);
      expect(await ofType(c.lecturer.id, 'ENROLMENT')).toEqual([]);
    });

    it('a new content: every student of the course; other changes of the structure: nobody', async () => {
      const content = h.nextId();
      await h.given.structure(c.tenantId, {
        courseId: c.course.id,
        subject: 'content',
        action: 'created',
        ids: [content],
      });
      await h.given.structure(c.tenantId, {
        courseId: c.course.id,
        subject: 'content',
        action: 'updated',
        ids: [content],
      });
      await h.given.structure(c.tenantId, {
        courseId: c.course.id,
        subject: 'module',
        action: 'created',
        ids: [h.nextId()],
      });
      for (const user of [c.student, c.deskmate, c.classmate])
        expect(await ofType(user.id, 'CONTENT')).toEqual([
          expect.objectContaining({ object_id: content, link: `/courses/${c.course.id}` }),
        ]);
      expect(await ofType(c.lecturer.id, 'CONTENT')).toEqual([]);
    });

    it('an exam published: the students of its classes, once however often it changes; unpublished: nobody', async () => {
      const exam = await h.project('exam.exam.upserted', c.tenantId, {
        courseId: c.course.id,
        name: 'UTS',
        isPublished: true,
        isFinished: false,
        startAt: inMinutes(24 * 60),
        endAt: inMinutes(25 * 60),
        classIds: [c.classA],
      });
      await h.publish('exam.exam.upserted', c.tenantId, { ...exam, name: 'UTS Kalkulus' });
      const draft = await h.project('exam.exam.upserted', c.tenantId, {
        courseId: c.course.id,
        isPublished: false,
        classIds: [],
      });
      for (const user of [c.student, c.deskmate])
        expect(await ofType(user.id, 'EXAM')).toEqual([
          expect.objectContaining({
            object_id: exam.id,
            link: `/exam/${exam.id}`,
            data: expect.objectContaining({ name: 'UTS' }),
          }),
        ]);
      expect(await ofType(c.classmate.id, 'EXAM')).toEqual([]);
      expect((await h.notificationsOf(c.student.id)).some((n) => n.object_id === draft.id)).toBe(false);
    });

    it('an exam about to start: its students, once, by the sweep; not one starting later, unpublished or deleted', async () => {
      const soon = await h.project('exam.exam.upserted', c.tenantId, {
        courseId: c.course.id,
        name: 'Kuis 1',
        isPublished: true,
        isFinished: false,
        startAt: inMinutes(10),
        endAt: inMinutes(70),
        classIds: [],
      });
      const later = await h.project('exam.exam.upserted', c.tenantId, {
        courseId: c.course.id,
        isPublished: true,
        isFinished: false,
        startAt: inMinutes(120),
        endAt: inMinutes(180),
        classIds: [],
      });
      const withdrawn = await h.project('exam.exam.upserted', c.tenantId, {
        courseId: c.course.id,
        isPublished: true,
        isFinished: false,
        startAt: inMinutes(5),
        endAt: inMinutes(60),
        classIds: [],
      });
      await h.publish('exam.exam.upserted', c.tenantId, { ...withdrawn, isPublished: false });
      const deleted = await h.project('exam.exam.upserted', c.tenantId, {
        courseId: c.course.id,
        isPublished: true,
        isFinished: false,
        startAt: inMinutes(5),
        endAt: inMinutes(60),
        classIds: [],
      });
      await h.publish('exam.exam.deleted', c.tenantId, { id: deleted.id, courseId: c.course.id });

      expect((await h.sweep()).reminded).toBe(1);
      expect((await h.sweep()).reminded).toBe(0);
      for (const user of [c.student, c.deskmate, c.classmate])
        expect(await ofType(user.id, 'EXAM_START')).toEqual([
          expect.objectContaining({
            object_id: soon.id,
            link: `/exam/${soon.id}`,
            data: expect.objectContaining({ name: 'Kuis 1' }),
          }),
        ]);
      expect((await ofType(c.student.id, 'EXAM_START')).map((n) => n.object_id)).not.toContain(later.id);

      // moved to a new start within the window: reminded again, for the new time
      await h.publish('exam.exam.upserted', c.tenantId, { ...soon, startAt: inMinutes(20) });
      expect((await h.sweep()).reminded).toBe(1);
      expect(await ofType(c.student.id, 'EXAM_START')).toHaveLength(2);
    });

    it('a task scored: each student with their own score; a republished score: nobody', async () => {
      const taskId = h.nextId();
      await h.publish('task.answer.scored', c.tenantId, {
        answerId: h.nextId(),
        taskId,
        courseId: c.course.id,
        groupId: h.nextId(),
        score: 80,
        passingGrade: 60,
        students: [
          { studentId: c.student.id, score: 80, isPassed: true },
          { studentId: c.deskmate.id, score: 55, isPassed: false },
        ],
        reason: 'scored',
      });
      await h.publish('task.answer.scored', c.tenantId, {
        answerId: h.nextId(),
        taskId: h.nextId(),
        courseId: c.course.id,
        groupId: null,
        score: 90,
        passingGrade: 60,
        students: [{ studentId: c.classmate.id, score: 90, isPassed: true }],
        reason: 'snapshot',
      });
      expect(await ofType(c.student.id, 'TASK_SCORED')).toEqual([
        expect.objectContaining({
          object_id: taskId,
          link: `/assignment/${taskId}`,
          data: { course: 'Kalkulus', score: 80, isPassed: true },
        }),
      ]);
      expect(await ofType(c.deskmate.id, 'TASK_SCORED')).toEqual([
        expect.objectContaining({ data: { course: 'Kalkulus', score: 55, isPassed: false } }),
      ]);
      expect(await ofType(c.classmate.id, 'TASK_SCORED')).toEqual([]);
    });

    it('a change requested: the student, or every member of the group; once however often it is republished', async () => {
      const [own, group] = [h.nextId(), h.nextId()];
      const request = await h.project('task.answer.reopened', c.tenantId, {
        taskId: own,
        courseId: c.course.id,
        studentId: c.classmate.id,
        groupId: null,
        memberIds: [],
      });
      await h.project('task.answer.reopened', c.tenantId, {
        taskId: group,
        courseId: c.course.id,
        studentId: null,
        groupId: h.nextId(),
        memberIds: [c.student.id, c.deskmate.id],
      });
      expect((await ofType(c.classmate.id, 'TASK_CHANGE_REQUESTED')).map((n) => n.link)).toEqual([
        `/assignment/${own}`,
      ]);
      for (const user of [c.student, c.deskmate])
        expect((await ofType(user.id, 'TASK_CHANGE_REQUESTED')).map((n) => n.object_id)).toEqual([group]);
      // the task service answering a backfill: a new envelope of the same request
      await h.publish('task.answer.reopened', c.tenantId, request);
      expect(await ofType(c.classmate.id, 'TASK_CHANGE_REQUESTED')).toHaveLength(1);
      // a second request for the same answer, later: told again
      await h.publish('task.answer.reopened', c.tenantId, {
        ...request,
        reopenedAt: new Date(Date.now() + 1000).toISOString(),
      });
      expect(await ofType(c.classmate.id, 'TASK_CHANGE_REQUESTED')).toHaveLength(2);
    });

    it('attendance sent: each student of the class with their mark', async () => {
      const session = await h.project('presence.session.sent', c.tenantId, {
        courseId: c.course.id,
        classId: c.classA,
        details: [
          { userId: c.student.id, type: 'attend', status: 1 },
          { userId: c.deskmate.id, type: 'sick', status: 0 },
        ],
      });
      expect(await ofType(c.deskmate.id, 'PRESENCE')).toEqual([
        expect.objectContaining({
          object_id: session.id,
          link: `/presence/${c.course.id}/${c.classA}`,
          data: expect.objectContaining({ type: 'sick', status: 0 }),
        }),
      ]);
      expect(await ofType(c.classmate.id, 'PRESENCE')).toEqual([]);
    });

    it('a mention: the members named, never the author, told who named them where', async () => {
      const threadId = h.nextId();
      const replyId = h.nextId();
      await h.project('course.thread.mentioned', c.tenantId, {
        threadId,
        replyId,
        courseId: c.course.id,
        mentionedUserIds: [c.deskmate.id, c.student.id],
        by: c.student.id,
      });
      expect(await ofType(c.deskmate.id, 'MENTION')).toEqual([
        expect.objectContaining({
          object_id: threadId,
          link: `/discussion/${threadId}/${replyId}`,
          data: { by: c.student.id, sender: 'Ani', course: 'Kalkulus' },
        }),
      ]);
      expect(await ofType(c.student.id, 'MENTION')).toEqual([]);
    });

    it('a course request decided: the lecturer who asked', async () => {
      const request = await h.project('course.request.decided', c.tenantId, {
        requesterId: c.lecturer.id,
        state: 'rejected',
        reason: 'Duplicate',
      });
      expect(await ofType(c.lecturer.id, 'COURSE_REQUEST')).toEqual([
        expect.objectContaining({
          object_id: request.requestId,
          link: '/courses/requests',
          data: expect.objectContaining({ state: 'rejected' }),
        }),
      ]);
    });

    it("an announcement: the course's students, once however often it is changed", async () => {
      const announcement = await h.project('messaging.announcement.published', c.tenantId, {
        courseId: c.course.id,
        title: 'Kelas pindah ke R.201',
      });
      await h.project('messaging.announcement.published', c.tenantId, {
        id: announcement.id,
        courseId: c.course.id,
        title: 'Kelas pindah ke R.201',
        updated: true,
      });
      for (const student of [c.classmate, c.student])
        expect(await ofType(student.id, 'ANNOUNCEMENT')).toEqual([
          expect.objectContaining({
            object_id: announcement.id,
            data: { course: 'Kalkulus', title: 'Kelas pindah ke R.201' },
          }),
        ]);
      expect(await ofType(c.lecturer.id, 'ANNOUNCEMENT')).toEqual([]);
    });

    it('a course message: its receiver, told who sent it', async () => {
      const message = await h.project('messaging.message.sent', c.tenantId, {
        senderId: c.lecturer.id,
        receiverIds: [c.student.id],
        subject: 'Nilai UTS',
        courseId: c.course.id,
      });
      expect(await ofType(c.student.id, 'COURSE_MESSAGE')).toEqual([
        expect.objectContaining({
          object_id: message.id,
          link: `/messages/${message.id}`,
          data: {
            subject: 'Nilai UTS',
            senderId: c.lecturer.id,
            sender: c.lecturer.name,
            course: 'Kalkulus',
          },
        }),
      ]);
      expect(await ofType(c.lecturer.id, 'COURSE_MESSAGE')).toEqual([]);
    });

    it('a chat message: the members with no socket open (never its author), by room', async () => {
      const chatId = h.nextId();
      for (let twice = 0; twice < 2; twice += 1)
        await h.project('messaging.chat.posted', c.tenantId, {
          roomId: chatId,
          roomName: 'Kelompok 3',
          authorId: c.student.id,
          memberIds: [c.student.id, c.deskmate.id],
        });
      expect(await ofType(c.deskmate.id, 'MESSAGE')).toEqual([
        expect.objectContaining({
          object_id: chatId,
          link: `/messages?chat=${chatId}`,
          data: { senderId: c.student.id, sender: 'Ani', room: 'Kelompok 3' },
        }),
        expect.objectContaining({ object_id: chatId }),
      ]);
      expect(await ofType(c.student.id, 'MESSAGE')).toEqual([]);
    });
    it('a card assigned: each member newly assigned but the one who assigned, told who, which card, which project', async () => {
      const projectId = h.nextId();
      const assignment = await h.project('project.card.assigned', c.tenantId, {
        projectId,
        projectName: 'Library app',
        title: 'Write the report',
        assigneeIds: [c.student.id, c.deskmate.id],
        assignedBy: c.student.id,
        dueAt: '2026-12-01T10:00:00.000Z',
      });
      expect(await ofType(c.deskmate.id, 'CARD_ASSIGNED')).toEqual([
        expect.objectContaining({
          object_id: assignment.cardId,
          link: `/workspace/project-detail/${projectId}`,
          data: {
            card: 'Write the report',
            project: 'Library app',
            senderId: c.student.id,
            sender: 'Ani',
            dueAt: '2026-12-01T10:00:00.000Z',
          },
        }),
      ]);
      expect(await ofType(c.student.id, 'CARD_ASSIGNED')).toEqual([]);
      // assigned again later (taken off, put back): told again
      await h.project('project.card.assigned', c.tenantId, {
        ...assignment,
        assigneeIds: [c.deskmate.id],
        assignedBy: c.lecturer.id,
      });
      expect((await ofType(c.deskmate.id, 'CARD_ASSIGNED')).map((n) => n.data.sender)).toEqual([
        'Ani',
        c.lecturer.name,
      ]);
    });
    it('a card due soon: each assignee, told which card, which project and when (the campus’s wall clock); once per due date', async () => {
      const projectId = h.nextId();
      const reminder = await h.project('project.card.due', c.tenantId, {
        projectId,
        projectName: 'Library app',
        title: 'Write the report',
        assigneeIds: [c.student.id, c.deskmate.id],
        dueAt: '2026-12-01T07:00:00.000Z',
      });
      for (const user of [c.student, c.deskmate])
        expect(await ofType(user.id, 'CARD_DUE')).toEqual([
          expect.objectContaining({
            object_id: reminder.cardId,
            link: `/workspace/project-detail/${projectId}`,
            // Asia/Jakarta is UTC+7
            data: {
              card: 'Write the report',
              project: 'Library app',
              dueAt: '2026-12-01T07:00:00.000Z',
              due: '2026-12-01 14:00:00',
            },
          }),
        ]);
      expect(await ofType(c.classmate.id, 'CARD_DUE')).toEqual([]);
      // the same reminder again: nothing new; the due date moved: reminded again
      await h.project('project.card.due', c.tenantId, reminder);
      expect(await ofType(c.student.id, 'CARD_DUE')).toHaveLength(1);
      await h.project('project.card.due', c.tenantId, { ...reminder, dueAt: '2026-12-02T07:00:00.000Z' });
      expect((await ofType(c.student.id, 'CARD_DUE')).map((n) => n.data.due)).toEqual([
        '2026-12-01 14:00:00',
        '2026-12-02 14:00:00',
      ]);
    });
  });

  it('makes one notification of an event delivered twice', async () => {
    const envelope = createEnvelope({
      type: 'messaging.message.sent',
      tenantId: c.tenantId,
      actorId: c.lecturer.id,
      data: {
        id: h.nextId(),
        courseId: c.course.id,
        senderId: c.lecturer.id,
        receiverIds: [c.classmate.id],
        subject: 'Dua kali',
        messageableType: null,
        messageableId: null,
      },
    });
    expect(await h.deliver(envelope)).toBe(true);
    expect(await h.deliver(envelope)).toBe(true);
    const received = (await ofType(c.classmate.id, 'COURSE_MESSAGE')).filter(
      (n) => n.object_id === envelope.data.id,
    );
    expect(received).toHaveLength(1);
  });

  describe('reading and marking read', () => {
    let chatId: number;
    beforeAll(async () => {
      chatId = h.nextId();
      const otherChat = h.nextId();
      const courseId = c.course.id;
      await h.ds.query(`DELETE FROM notifications WHERE user_id = $1`, [c.deskmate.id]);
      for (const room of [chatId, chatId, otherChat])
        await h.project('messaging.chat.posted', c.tenantId, {
          roomId: room,
          authorId: c.student.id,
          memberIds: [c.student.id, c.deskmate.id],
        });
      await h.project('messaging.message.sent', c.tenantId, {
        senderId: c.lecturer.id,
        receiverIds: [c.deskmate.id],
        courseId,
      });
      await h.project('messaging.announcement.published', c.tenantId, { courseId });
    });

    const page = (query = '') =>
      h.as(c.deskmate).then((as) => as.get(`/api/notifications/${c.deskmate.id}${query}`));

    it('lists the caller’s own, newest first, paged, with the unread count', async () => {
      const first = await page('?page[limit]=2');
      expect(first.status).toBe(200);
      expect(first.body.meta).toEqual({
        total: 5,
        limit: 2,
        offset: 0,
        unread: 5,
        next_bucket_id: list(first.body)[1].id,
      });
      expect(list(first.body).map((n) => n.attributes.notifications_type)).toEqual([
        'ANNOUNCEMENT',
        'COURSE_MESSAGE',
      ]);
      expect(one({ data: list(first.body)[0] }).attributes).toMatchObject({
        isRead: 0,
        link: `/courses/${c.course.id}`,
      });
      const rest = await page('?page[limit]=10&page[offset]=2');
      expect(list(rest.body).map((n) => [n.attributes.notifications_type, n.attributes.objectId])).toEqual([
        ['MESSAGE', expect.any(Number)],
        ['MESSAGE', chatId],
        ['MESSAGE', chatId],
      ]);
      expect((await page('?filter[type]=MESSAGE')).body.meta).toMatchObject({ total: 3 });
      // by cursor (spec 03 §7 "with bucketId"): the page after the one that gave it, then the end
      const second = await page(`?page[limit]=2&bucketId=${first.body.meta?.next_bucket_id as string}`);
      expect(list(second.body).map((n) => n.attributes.notifications_type)).toEqual(['MESSAGE', 'MESSAGE']);
      const third = await page(`?page[limit]=2&bucketId=${second.body.meta?.next_bucket_id as string}`);
      expect(list(third.body)).toHaveLength(1);
      expect(third.body.meta).toMatchObject({ total: 1, next_bucket_id: null });
      expect((await page('?bucketId=abc')).status).toBe(400);
    });

    it('marks read by type and object, then by type, then all; the unread count follows', async () => {
      const as = await h.as(c.deskmate);
      const byObject = await as.patch(`/api/notifications?type=MESSAGE&objectId=${chatId}`);
      expect(byObject.status).toBe(200);
      expect(one(byObject.body).attributes).toEqual({ unread: 3, marked: 2 });
      expect((await as.patch(`/api/notifications?type=MESSAGE&objectId=${chatId}`)).body).toMatchObject({
        data: { attributes: { unread: 3, marked: 0 } },
      });
      expect(one((await as.patch('/api/notifications?type=MESSAGE')).body).attributes).toEqual({
        unread: 2,
        marked: 1,
      });
      expect((await page('?filter[isRead]=false')).body.meta).toMatchObject({ total: 2, unread: 2 });
      expect(one((await as.patch('/api/notifications')).body).attributes).toEqual({ unread: 0, marked: 2 });
      expect((await page()).body.meta).toMatchObject({ total: 5, unread: 0 });
      // marking touches nobody else's
      expect((await ofType(c.student.id, 'ENROLMENT')).every((n) => !n.is_read)).toBe(true);
    });

    it('refuses a bad selection with a 400 naming the parameter, marking nothing', async () => {
      const as = await h.as(c.student);
      for (const [query, parameter] of [
        ['?type=NOPE', 'type'],
        ['?objectId=5', 'objectId'],
        ['?type=MESSAGE&objectId=abc', 'objectId'],
        ['?type=MESSAGE&objectId=0', 'objectId'],
      ]) {
        const refused = await as.patch(`/api/notifications${query}`);
        expect(refused.status).toBe(400);
        expect(refused.body.errors?.[0].source).toEqual({ parameter });
      }
      expect((await ofType(c.student.id, 'ENROLMENT')).every((n) => !n.is_read)).toBe(true);
    });

    it('shows nobody else’s: 403 within the campus, 404 from another campus or for an unknown user', async () => {
      expect((await c.asStudent.get(`/api/notifications/${c.deskmate.id}`)).status).toBe(403);
      expect((await c.asLecturer.get(`/api/notifications/${c.deskmate.id}`)).status).toBe(403);
      expect((await c.asElsewhere.get(`/api/notifications/${c.deskmate.id}`)).status).toBe(404);
      expect((await c.asStudent.get(`/api/notifications/999999`)).status).toBe(404);
      expect((await c.asStudent.get(`/api/notifications/abc`)).status).toBeGreaterThanOrEqual(400);
      expect((await c.asStudent.get(`/api/notifications/abc`)).status).toBeLessThan(500);
      expect((await h.api.get(`/api/notifications/${c.deskmate.id}`)).status).toBe(401);
    });
  });

  it('without VAPID keys offers no push: no key to subscribe with, a registration answers 503', async () => {
    const settings = await c.asStudent.get('/api/v2/notification/notifications/settings');
    expect(one(settings.body).attributes).toMatchObject({ push: true, push_public_key: null });
    const token = { endpoint: 'https://push.example.com/x', keys: { p256dh: 'k', auth: 'a' } };
    const refused = await c.asStudent.post('/api/v2/notification/notifications/tokens', {
      data: { action: 'update', platform: 'web', token },
    });
    expect(refused.status).toBe(503);
    expect(await h.ds.query(`SELECT 1 FROM push_subscriptions`)).toEqual([]);
  });
});
