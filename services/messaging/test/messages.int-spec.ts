import { errorPointers, type JsonResource } from '@lms/testing';
import { list, MessagingHarness, one } from './support/harness';

const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });

/**
 * Course messages (issue 18): a student writes to the staff of their courses and, when the course
 * allows it, to classmates; only sender and receiver read a message (404 for anyone else, another
 * campus included); inbox and sent box by filter, include, paging and the activity variant;
 * files through the storage port.
 */
describe('course messages', () => {
  const h = new MessagingHarness();
  let c: Awaited<ReturnType<MessagingHarness['classroom']>>;
  let activityId: number;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    c = await h.classroom();
    activityId = h.nextId();
    await h.publish('course.structure.snapshotted', 1, {
      courseId: c.course.id,
      modules: [{ id: activityId, name: 'Week 1', index: 0, isActive: true }],
      activities: [
        { id: activityId, moduleId: activityId, parentId: null, name: 'Essay', index: 0, isActive: true },
      ],
    });
  });
  afterAll(() => h.stop());

  const send = (client: typeof c.asStudent, attributes: Record<string, unknown>) =>
    client.post('/api/course/messages', body({ subject: 'Question', message: 'Hello', ...attributes }));

  it('lets a student write to the staff of their course, recording messaging.message.sent', async () => {
    const sent = await send(c.asStudent, { receiver_id: c.lecturer.id, subject: 'About the essay' });
    expect(sent.status).toBe(201);
    expect(one(sent.body).attributes).toMatchObject({
      course_id: c.course.id,
      sender_id: c.student.id,
      receiver_id: c.lecturer.id,
      subject: 'About the essay',
      is_read: false,
      attachments: [],
    });
    const [event] = (await h.events('messaging.message.sent')).filter(
      (e) => e.data.id === Number(one(sent.body).id),
    );
    expect(event.data).toMatchObject({
      courseId: c.course.id,
      senderId: c.student.id,
      receiverIds: [c.lecturer.id],
    });
  });

  it('lets students write to classmates only when the course allows it, which only its staff decide', async () => {
    const refused = await send(c.asStudent, { receiver_id: c.classmate.id });
    expect(refused.status).toBe(422);
    expect(errorPointers(refused.body)).toEqual(['/data/attributes/receiver_id']);
    const path = `/api/course/messages/settings/${c.course.id}`;
    expect(one((await c.asStudent.get(path)).body).attributes).toEqual({
      course_id: c.course.id,
      students_may_message_classmates: false,
    });
    const allow = body({ students_may_message_classmates: true });
    expect((await c.asStudent.patch(path, allow)).status).toBe(403);
    expect((await c.asOutsider.patch(path, allow)).status).toBe(404);
    expect((await c.asOutsider.get(path)).status).toBe(404);
    expect((await c.asElsewhere.get(path)).status).toBe(404);
    expect((await c.asAssistant.patch(path, allow)).status).toBe(200);
    expect((await send(c.asStudent, { receiver_id: c.classmate.id })).status).toBe(201);
    // nobody outside the course, and no course the sender is not in
    expect((await send(c.asStudent, { receiver_id: c.outsider.id })).status).toBe(422);
    expect((await send(c.asStudent, { receiver_id: c.elsewhere.id })).status).toBe(422);
    expect((await send(c.asOutsider, { receiver_id: c.lecturer.id, course_id: c.course.id })).status).toBe(
      404,
    );
    await c.asLecturer.patch(path, body({ students_may_message_classmates: false }));
    expect((await send(c.asStudent, { receiver_id: c.classmate.id })).status).toBe(422);
  });

  it('lists whom the caller may write to, by name, through a course, a page at a time', async () => {
    const r = await h.classroom();
    const names = async (client: typeof r.asStudent, query = '') => {
      const response = await client.get(`/api/course/messages/recipients${query}`);
      expect(response.status).toBe(200);
      return list(response.body).map((person) => person.attributes.name);
    };
    // a student: the course's staff, sorted by name; never themselves, an outsider, another campus
    expect(await names(r.asStudent)).toEqual(['Asep', 'Dr. Lina']);
    expect(list((await r.asStudent.get('/api/course/messages/recipients')).body)[1]).toMatchObject({
      type: 'message-recipients',
      id: String(r.lecturer.id),
      attributes: { name: 'Dr. Lina', level: 'lecturer', thumbnail: null },
    });
    // its staff: everyone of the course
    expect(await names(r.asLecturer)).toEqual(['Ani', 'Asep', 'Budi', 'Citra']);
    // classmates once the course allows it
    const path = `/api/course/messages/settings/${r.course.id}`;
    await r.asLecturer.patch(path, body({ students_may_message_classmates: true }));
    expect(await names(r.asStudent)).toEqual(['Asep', 'Budi', 'Citra', 'Dr. Lina']);
    expect(await names(r.asStudent, '?filter[name][like]=CI')).toEqual(['Citra']);
    expect(await names(r.asStudent, `?filter[course_id][is]=${r.course.id}&filter[name][like]=a`)).toEqual([
      'Asep',
      'Citra',
      'Dr. Lina',
    ]);
    expect(await names(r.asStudent, `?filter[course_id][is]=${c.course.id}`)).toEqual([]);
    expect(await names(r.asStudent, `?filter[id][is]=${r.classmate.id}`)).toEqual(['Citra']);
    expect(await names(r.asStudent, `?filter[id][is]=${r.outsider.id}`)).toEqual([]);
    const page = await r.asStudent.get('/api/course/messages/recipients?page[limit]=2&page[offset]=2');
    expect(list(page.body).map((person) => person.attributes.name)).toEqual(['Citra', 'Dr. Lina']);
    expect(page.body.meta).toEqual({ total: 4, limit: 2, offset: 2 });
    // the recipients listed are those a message reaches
    for (const person of list((await r.asStudent.get('/api/course/messages/recipients')).body))
      expect((await send(r.asStudent, { receiver_id: Number(person.id) })).status).toBe(201);
    expect(await names(r.asOutsider)).toEqual([]);
    expect(await names(r.asElsewhere)).toEqual([]);
    expect((await r.asStudent.get('/api/course/messages/recipients?filter[role][is]=x')).status).toBe(400);
    expect((await h.api.get('/api/course/messages/recipients')).status).toBe(401);
  });

  it('refuses bad input with pointers, changing nothing', async () => {
    const before = await h.ds.query(`SELECT count(*)::int AS n FROM course_messages`);
    const bad = await send(c.asStudent, { receiver_id: 'x', subject: '' });
    expect(bad.status).toBe(422);
    expect(errorPointers(bad.body)).toEqual(
      expect.arrayContaining(['/data/attributes/receiver_id', '/data/attributes/subject']),
    );
    const wrongActivity = await send(c.asStudent, {
      receiver_id: c.lecturer.id,
      messageable_type: 'activity',
      messageable_id: 999_999,
    });
    expect(errorPointers(wrongActivity.body)).toEqual(['/data/attributes/messageable_id']);
    expect((await send(c.asStudent, { receiver_id: c.student.id })).status).toBe(422);
    expect(await h.ds.query(`SELECT count(*)::int AS n FROM course_messages`)).toEqual(before);
  });

  it('shows a message to its sender and receiver only; the receiver opening it marks it read', async () => {
    const sent = await send(c.asDeskmate, { receiver_id: c.assistant.id, message: 'private' });
    const id = one(sent.body).id;
    for (const client of [c.asStudent, c.asLecturer, c.asElsewhere]) {
      expect((await client.get(`/api/course/messages/${id}`)).status).toBe(404);
      expect((await client.patch(`/api/course/messages/${id}`, body({ subject: 'x' }))).status).toBe(404);
      expect((await client.send('DELETE', `/api/course/messages/${id}`)).status).toBe(404);
    }
    expect(one((await c.asDeskmate.get(`/api/course/messages/${id}`)).body).attributes.is_read).toBe(false);
    const opened = await c.asAssistant.get(`/api/course/messages/${id}?include=sender`);
    expect(one(opened.body).attributes.is_read).toBe(true);
    expect(opened.body.included).toEqual([
      expect.objectContaining({
        type: 'users',
        id: String(c.deskmate.id),
        attributes: expect.objectContaining({ name: 'Budi' }),
      }),
    ]);
    // only the sender edits
    expect((await c.asAssistant.patch(`/api/course/messages/${id}`, body({ subject: 'x' }))).status).toBe(
      403,
    );
    const edited = await c.asDeskmate.patch(`/api/course/messages/${id}`, body({ subject: 'Edited' }));
    expect(one(edited.body).attributes.subject).toBe('Edited');
    // each side removes it from their own box
    expect((await c.asAssistant.send('DELETE', `/api/course/messages/${id}`)).status).toBe(204);
    expect((await c.asAssistant.get(`/api/course/messages/${id}`)).status).toBe(404);
    expect((await c.asDeskmate.get(`/api/course/messages/${id}`)).status).toBe(200);
    expect((await c.asDeskmate.send('DELETE', `/api/course/messages/${id}`)).status).toBe(204);
    expect(await h.ds.query(`SELECT 1 FROM course_messages WHERE id = $1`, [id])).toEqual([]);
  });

  it('lists the inbox and the sent box with filters, sort, include and paging, and the activity variant', async () => {
    // a second course of the student's, with its own lecturer
    const lecturer = await h.given.user(1, 'lecturer');
    const course = await h.project('course.course.upserted', 1);
    await h.given.staff(1, { courseId: course.id, lecturerId: lecturer.id, assistants: [] });
    await h.given.enrolment(1, { courseId: course.id, classId: course.classes[0].id, userId: c.student.id });
    const [moduleId, quizId] = [h.nextId(), h.nextId()];
    await h.publish('course.structure.snapshotted', 1, {
      courseId: course.id,
      modules: [{ id: moduleId, name: 'Week 1', index: 0, isActive: true }],
      activities: [{ id: quizId, moduleId, parentId: null, name: 'Quiz', index: 0, isActive: true }],
    });
    const asNew = await h.as(lecturer);
    for (let n = 1; n <= 12; n += 1)
      await send(c.asStudent, {
        receiver_id: lecturer.id,
        subject: `S${n}`,
        ...(n % 4 === 0 ? { messageable_type: 'activity', messageable_id: quizId } : {}),
      });
    const inbox = await asNew.get(
      `/api/course/messages?filter[receiver_id]=${lecturer.id}&include=sender,receiver`,
    );
    expect(inbox.body.meta).toEqual({ total: 12, limit: 10, offset: 0 });
    expect(list(inbox.body).map((m) => m.attributes.subject)).toEqual([
      'S12',
      'S11',
      'S10',
      'S9',
      'S8',
      'S7',
      'S6',
      'S5',
      'S4',
      'S3',
    ]);
    expect((inbox.body.included as JsonResource[]).map((u) => u.id).sort()).toEqual(
      [String(c.student.id), String(lecturer.id)].sort(),
    );
    const second = await asNew.get(`/api/course/messages?filter[receiver_id]=${lecturer.id}&page[offset]=10`);
    expect(list(second.body).map((m) => m.attributes.subject)).toEqual(['S2', 'S1']);
    const sent = await c.asStudent.get(
      `/api/course/messages?filter[sender_id]=${c.student.id}&page[limit]=-1`,
    );
    expect(list(sent.body).length).toBeGreaterThanOrEqual(12);
    const activity = await asNew.get(
      `/api/course/messages?filter[messageable_id][in]=${quizId},${activityId}&page[limit]=-1&sort=-updated_at`,
    );
    expect(list(activity.body).map((m) => m.attributes.subject)).toEqual(['S12', 'S8', 'S4']);
    expect((await asNew.get('/api/course/messages?filter[nope]=1')).status).toBe(400);
    // another campus's user sees none of it
    expect(list((await c.asElsewhere.get('/api/course/messages')).body)).toEqual([]);
  });

  it('keeps files through the storage port: uploaded with the message, read by its two people only', async () => {
    const form = new FormData();
    form.append('receiver_id', String(c.lecturer.id));
    form.append('subject', 'My draft');
    form.append('message', 'Attached');
    form.append('file', new Blob(['draft text\n'], { type: 'text/plain' }), 'draft.txt');
    const sent = await c.asStudent.post('/api/course/messages', form);
    expect(sent.body.errors).toBeUndefined();
    expect(sent.status).toBe(201);
    const [file] = one(sent.body).attributes.attachments as Array<{
      key: string;
      name: string;
      mime: string;
    }>;
    expect(file).toMatchObject({ name: 'draft.txt', mime: 'text/plain' });
    const id = one(sent.body).id;
    const key = file.key.split('/').pop();
    const download = await c.asLecturer.get(`/api/course/messages/${id}/files/${key}`);
    expect(download.status).toBe(200);
    expect(download.body).toBe('draft text\n');
    expect((await c.asDeskmate.get(`/api/course/messages/${id}/files/${key}`)).status).toBe(404);
    // the sender drops the file
    const dropped = await c.asStudent.patch(`/api/course/messages/${id}`, body({ attachments: [] }));
    expect(one(dropped.body).attributes.attachments).toEqual([]);
    expect((await c.asLecturer.get(`/api/course/messages/${id}/files/${key}`)).status).toBe(404);
  });
});
