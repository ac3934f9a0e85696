import { errorPointers } from '@lms/testing';
import { list, MessagingHarness, one } from './support/harness';

/**
 * Chat rooms over HTTP (issue 18): personal and group rooms of people who share a course, their
 * messages paged back by cursor, unread per user (spec 03 §5), and members only — anyone else,
 * another campus included, gets a 404.
 */
describe('chat rooms', () => {
  const h = new MessagingHarness();
  let c: Awaited<ReturnType<MessagingHarness['classroom']>>;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    c = await h.classroom();
  });
  afterAll(() => h.stop());

  const personal = async (userId: number) => {
    const response = await c.asStudent.post('/api/message', { type: 'personal', users: [{ id: userId }] });
    return response;
  };
  const unreadOf = async (client: typeof c.asStudent) => {
    const response = await client.get('/api/message/unread');
    expect(response.status).toBe(200);
    return one(response.body).attributes as { count: number; rooms: number[] };
  };

  it('opens one personal room per pair, named after the other person', async () => {
    const first = await personal(c.lecturer.id);
    expect(first.status).toBe(201);
    const room = one(first.body);
    expect(room.attributes).toMatchObject({ room_type: 'personal', name: 'Dr. Lina', unread: [] });
    expect(room.attributes.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: c.student.id, name: 'Ani', level: 'student' }),
        expect.objectContaining({ id: c.lecturer.id, name: 'Dr. Lina', level: 'lecturer' }),
      ]),
    );
    const again = await c.asLecturer.post('/api/message', {
      data: { attributes: { type: 'personal', users: [{ id: c.student.id, name: 'ignored' }] } },
    });
    expect(again.status).toBe(200);
    expect(one(again.body).id).toBe(room.id);
    expect(one(again.body).attributes.name).toBe('Ani');
  });

  it('refuses people the caller shares no course with, and malformed rooms, changing nothing', async () => {
    const before = await h.ds.query(`SELECT count(*)::int AS n FROM chat_rooms`);
    const outsider = await personal(c.outsider.id);
    expect(outsider.status).toBe(422);
    expect(errorPointers(outsider.body)).toEqual(['/data/attributes/users/0/id']);
    expect((await personal(c.elsewhere.id)).status).toBe(422);
    const two = await c.asStudent.post('/api/message', {
      type: 'personal',
      users: [{ id: c.lecturer.id }, { id: c.deskmate.id }],
    });
    expect(two.status).toBe(422);
    const nameless = await c.asStudent.post('/api/message', {
      type: 'group',
      users: [{ id: c.deskmate.id }],
    });
    expect(errorPointers(nameless.body)).toEqual(['/data/attributes/name']);
    const wrongType = await c.asStudent.post('/api/message', {
      type: 'public',
      users: [{ id: c.deskmate.id }],
    });
    expect(wrongType.status).toBe(422);
    expect(await h.ds.query(`SELECT count(*)::int AS n FROM chat_rooms`)).toEqual(before);
  });

  it('counts unread rooms per user: a message marks it for the others, opening it clears it', async () => {
    const group = await c.asLecturer.post('/api/message', {
      type: 'group',
      name: 'Calculus A',
      users: [{ id: c.student.id }, { id: c.deskmate.id }, { id: c.assistant.id }],
    });
    expect(group.status).toBe(201);
    const groupId = Number(one(group.body).id);
    const direct = Number(one((await personal(c.deskmate.id)).body).id);
    const before = await unreadOf(c.asDeskmate);

    const sent = await c.asLecturer.post('/api/message/message', {
      chatId: groupId,
      message: 'Quiz on Friday',
    });
    expect(sent.status).toBe(201);
    expect(one(sent.body).attributes).toMatchObject({
      chat_id: groupId,
      user_name: 'Dr. Lina',
      message: 'Quiz on Friday',
    });
    await c.asStudent.post('/api/message/message', { chatId: direct, message: 'Did you get that?' });

    expect(await unreadOf(c.asDeskmate)).toEqual({
      count: before.count + 2,
      rooms: [...new Set([...before.rooms, groupId, direct])].sort((a, b) => a - b),
    });
    expect((await unreadOf(c.asLecturer)).rooms).not.toContain(groupId);
    const rooms = list((await c.asDeskmate.get('/api/message')).body);
    expect(rooms[0].attributes).toMatchObject({ _id: direct, unread: [c.deskmate.id] });
    expect(rooms.find((room) => Number(room.id) === groupId)?.attributes.unread).toEqual(
      expect.arrayContaining([c.student.id, c.deskmate.id, c.assistant.id]),
    );

    const opened = await c.asDeskmate.get(`/api/message/${groupId}`);
    expect(opened.status).toBe(200);
    expect(
      (opened.body.meta?.messages as Array<{ id: string; attributes: { message: string } }>).map(
        (m) => m.attributes.message,
      ),
    ).toEqual(['Quiz on Friday']);
    expect(await unreadOf(c.asDeskmate)).toEqual({ count: before.count + 1, rooms: [direct] });
    // the others still have it unread
    expect((await unreadOf(c.asStudent)).rooms).toContain(groupId);
    // a reply, then an answer from the deskmate: unread again for the others, not for them
    const quiz = Number(one(sent.body).id);
    const reply = await c.asDeskmate.post('/api/message/message', {
      chatId: groupId,
      message: 'Which chapters?',
      reply_message_id: quiz,
    });
    expect(one(reply.body).attributes.reply_message_id).toBe(quiz);
    expect((await unreadOf(c.asDeskmate)).rooms).toEqual([direct]);
    expect((await unreadOf(c.asLecturer)).rooms).toContain(groupId);
  });

  it('pages the history back by cursor, never loading it whole', async () => {
    const room = Number(one((await personal(c.assistant.id)).body).id);
    for (let n = 1; n <= 35; n += 1)
      expect(
        (await c.asStudent.post('/api/message/message', { chatId: room, message: `m${n}` })).status,
      ).toBe(201);
    const opened = await c.asAssistant.get(`/api/message/${room}`);
    const latest = (opened.body.meta?.messages as Array<{ id: string; attributes: { message: string } }>).map(
      (m: { attributes: { message: string } }) => m.attributes.message,
    );
    expect(latest).toHaveLength(30);
    expect(latest[0]).toBe('m6');
    expect(latest[29]).toBe('m35');
    expect(opened.body.meta?.has_more).toBe(true);
    const firstId = (opened.body.meta?.messages as Array<{ id: string; attributes: { message: string } }>)[0]
      .id;
    const older = await c.asAssistant.get(`/api/message/${room}/messages?before=${firstId}&limit=10`);
    expect(list(older.body).map((m) => m.attributes.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.body.meta?.has_more).toBe(false);
    expect((await c.asAssistant.get(`/api/message/${room}/messages?limit=500`)).status).toBe(400);
    expect((await c.asAssistant.get(`/api/message/${room}/messages?before=x`)).status).toBe(400);
  });

  it('lets only members read, write or delete a room: anyone else gets a 404', async () => {
    const room = Number(one((await personal(c.deskmate.id)).body).id);
    const message = await c.asStudent.post('/api/message/message', { chatId: room, message: 'secret' });
    for (const client of [c.asClassmate, c.asLecturer, c.asElsewhere]) {
      expect((await client.get(`/api/message/${room}`)).status).toBe(404);
      expect((await client.get(`/api/message/${room}/messages`)).status).toBe(404);
      expect((await client.post('/api/message/message', { chatId: room, message: 'hi' })).status).toBe(404);
      expect((await client.send('DELETE', `/api/message/${room}`)).status).toBe(404);
      expect(list((await client.get('/api/message')).body).map((r) => Number(r.id))).not.toContain(room);
    }
    const elsewhereCampus = await h.given.user(2, 'student');
    expect((await (await h.as(elsewhereCampus)).get(`/api/message/${room}`)).status).toBe(404);
    // a reply to a message of another room is refused
    const other = Number(one((await personal(c.lecturer.id)).body).id);
    const foreignReply = await c.asStudent.post('/api/message/message', {
      chatId: other,
      message: 'x',
      reply_message_id: Number(one(message.body).id),
    });
    expect(foreignReply.status).toBe(422);
    expect(errorPointers(foreignReply.body)).toEqual(['/data/attributes/reply_message_id']);
  });

  it('deletes a personal room for both; a group member leaves, its creator deletes it', async () => {
    const group = await c.asLecturer.post('/api/message', {
      type: 'group',
      name: 'Project',
      users: [{ id: c.student.id }, { id: c.deskmate.id }],
    });
    const id = Number(one(group.body).id);
    expect((await c.asStudent.send('DELETE', `/api/message/${id}`)).status).toBe(204);
    expect((await c.asStudent.get(`/api/message/${id}`)).status).toBe(404);
    expect(one((await c.asDeskmate.get(`/api/message/${id}`)).body).attributes.users).toHaveLength(2);
    expect((await c.asLecturer.send('DELETE', `/api/message/${id}`)).status).toBe(204);
    expect((await c.asDeskmate.get(`/api/message/${id}`)).status).toBe(404);
  });

  it('records messaging.chat.posted with the room, author, members and an excerpt', async () => {
    const events = await h.events('messaging.chat.posted');
    const quiz = events.find((event) => event.data.excerpt === 'Quiz on Friday');
    expect(quiz).toMatchObject({
      tenantId: 1,
      actorId: c.lecturer.id,
      data: { roomType: 'group', roomName: 'Calculus A', authorId: c.lecturer.id },
    });
    expect(quiz?.data.memberIds).toHaveLength(4);
  });
});
