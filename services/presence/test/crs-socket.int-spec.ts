import type { Socket } from 'socket.io-client';
import type { JsonResource } from '@lms/testing';
import {
  connected,
  nextEvent,
  openSocket,
  record,
  refused,
  sleep,
} from '../../../libs/realtime/test/harness';
import { body, list, MINUTE, one, PresenceHarness, windowSession, wire } from './support/harness';

const PATH = '/socket/crs';
const HOSTS = { 1: 'campus-one.test', 2: 'campus-two.test' } as const;

type Answer = Record<string, unknown> & {
  errors?: Array<{ status: string; code?: string; detail: string; meta?: Record<string, number> }>;
};

/**
 * The live classroom over real socket.io clients (issue 17): the handshake, host events refused to
 * others, chat with replies, a vote answered once with live results to the host, the video a late
 * joiner starts from, the end, and a student marked present by joining a linked room.
 */
describe('the live classroom over socket.io (/socket/crs)', () => {
  const h = new PresenceHarness();
  const sockets: Socket[] = [];
  let c: Awaited<ReturnType<PresenceHarness['classroom']>>;
  beforeAll(async () => {
    await h.start();
    await h.given.campus({ id: 1, domain: HOSTS[1] });
    await h.given.campus({ id: 2, domain: HOSTS[2] });
    c = await h.classroom();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await sleep(300); // the others are told who left before the database closes
    await h.stop();
  });

  function open(
    user: { id: number; role: string; tenantId: number },
    host: string = HOSTS[user.tenantId as 1 | 2],
  ) {
    return h.token(user as Parameters<PresenceHarness['token']>[0]).then((token) => {
      const socket = openSocket(h.baseUrl, PATH, { token, host });
      sockets.push(socket);
      return socket;
    });
  }
  const socketOf = async (user: { id: number; role: string; tenantId: number }) =>
    connected(await open(user));
  const ask = (socket: Socket, event: string, message: unknown = {}) =>
    socket.emitWithAck(event, message) as Promise<Answer>;

  /** A room of the course hosted by the lecturer, with two videos. */
  async function room(attributes: Record<string, unknown> = {}): Promise<JsonResource> {
    const response = await c.asLecturer.post(
      '/api/crs/crs',
      body({
        course_id: c.course.id,
        title: 'Live',
        start_at: wire(-10 * MINUTE),
        end_at: wire(90 * MINUTE),
        videos: [{ url: 'https://video.example/1.mp4' }, { url: 'https://video.example/2.mp4' }],
        ...attributes,
      }),
    );
    expect(response.status).toBe(201);
    return one(response.body);
  }
  async function joined(user: { id: number; role: string; tenantId: number }, roomId: string) {
    const socket = await socketOf(user);
    const answer = await ask(socket, 'join', { room_id: Number(roomId) });
    expect(answer.errors).toBeUndefined();
    return { socket, answer };
  }

  it('refuses a handshake without a token, or with a token of another campus', async () => {
    const anonymous = openSocket(h.baseUrl, PATH, { host: HOSTS[1] });
    sockets.push(anonymous);
    expect((await refused(anonymous)).message).toBe('Sign in first: no access token was sent');
    const wrongCampus = await open(c.student, HOSTS[2]);
    expect((await refused(wrongCampus)).message).toBe('This token was issued for another campus');
  });

  it('lets into a room only the people of its course: another campus or course is a 404', async () => {
    const created = await room();
    const stranger = await socketOf({ id: h.nextId(), role: 'lecturer', tenantId: 1 });
    expect((await ask(stranger, 'join', { room_id: Number(created.id) })).errors?.[0]).toMatchObject({
      status: '404',
    });
    const elsewhere = await socketOf({ id: c.student.id, role: 'student', tenantId: 2 });
    expect((await ask(elsewhere, 'join', { room_id: Number(created.id) })).errors?.[0]).toMatchObject({
      status: '404',
    });
    expect((await ask(stranger, 'msg', { message: 'hi' })).errors?.[0]).toMatchObject({
      status: '409',
      code: 'crs_not_joined',
    });
    const { answer } = await joined(c.student, created.id);
    expect(answer).toMatchObject({
      role: 'student',
      room: { data: { type: 'crs', id: created.id, attributes: { is_host: false } } },
      attendance: null,
    });
  });

  it('refuses host events from students and staff who do not host (an error to that socket, logged) and changes nothing', async () => {
    const created = await room();
    const { socket: lecturer } = await joined(c.lecturer, created.id);
    const { socket: student } = await joined(c.student, created.id);
    const { socket: assistant, answer: assistantJoined } = await joined(c.assistant, created.id);
    expect(assistantJoined.role).toBe('staff');
    const heard = [record(lecturer, 'end'), record(lecturer, 'newVote'), record(lecturer, 'playVideo')];
    for (const sender of [student, assistant])
      for (const [event, message] of [
        ['end', {}],
        ['newVote', { question: 'Q?', answers: ['a', 'b'], duration: 30 }],
        ['playVideo', { position: 12 }],
        ['pauseVideo', { position: 12 }],
      ] as const) {
        const answer = await ask(sender, event, message);
        expect(answer.errors?.[0]).toMatchObject({
          status: '403',
          code: 'crs_not_host',
          detail: `Only the hosts of this live classroom may send ${event}`,
        });
      }
    // without an acknowledgement the refusal comes as an `exception` event to that socket only
    const exception = nextEvent(student, 'exception');
    student.emit('end', {});
    expect(await exception).toEqual([
      expect.objectContaining({ event: 'end', errors: [expect.any(Object)] }),
    ]);
    await sleep(200);
    expect(heard).toEqual([[], [], []]);
    const read = await c.asLecturer.get(`/api/crs/crs/${created.id}`);
    expect(one(read.body).attributes).toMatchObject({
      is_ended: false,
      video: { position: 0, playing: false },
    });
    expect(await h.ds.query(`SELECT 1 FROM crs_votes WHERE room_id = $1`, [created.id])).toEqual([]);
  });

  it('sends chat to everybody in the room, replies carry what they answer, and a reload pages the history', async () => {
    const created = await room();
    const { socket: lecturer } = await joined(c.lecturer, created.id);
    const { socket: student } = await joined(c.student, created.id);
    const outsideRoom = await room();
    const { socket: elsewhere } = await joined(c.deskmate, outsideRoom.id);
    const heardElsewhere = record(elsewhere, 'msg');

    const received = nextEvent(student, 'msg');
    const first = await ask(lecturer, 'msg', { message: 'Welcome!' });
    expect(first).toMatchObject({
      user_id: c.lecturer.id,
      message: 'Welcome!',
      reply_chat_id: null,
      reply: null,
    });
    expect(await received).toEqual([first]);
    const reply = nextEvent(lecturer, 'msg');
    const answer = await ask(student, 'msg', { message: 'Thanks', reply_chat_id: first.id });
    expect(answer).toMatchObject({
      user_name: 'Ani',
      reply_chat_id: first.id,
      reply: { id: first.id, message: 'Welcome!' },
    });
    expect(await reply).toEqual([answer]);
    expect((await ask(student, 'msg', { message: '' })).errors?.[0]).toMatchObject({
      status: '422',
      source: { pointer: '/message' },
    });
    expect((await ask(student, 'msg', { message: 'x', reply_chat_id: 999999 })).errors?.[0]).toMatchObject({
      status: '422',
      source: { pointer: '/reply_chat_id' },
    });
    for (let n = 1; n <= 3; n++) await ask(student, 'msg', { message: `note ${n}` });
    const page = await c.asStudent.get(`/api/crs/crs/${created.id}/messages?page[limit]=2&page[offset]=1`);
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ total: 5, limit: 2, offset: 1 });
    expect(list(page.body).map((row) => row.attributes.message)).toEqual(['note 2', 'note 1']);
    expect((await c.asElsewhereStudent.get(`/api/crs/crs/${created.id}/messages`)).status).toBe(404);
    expect(heardElsewhere).toEqual([]);
  });

  it('opens a room to its students between its start and its end; its staff come in earlier', async () => {
    const early = await room({ start_at: wire(30 * MINUTE), end_at: wire(90 * MINUTE) });
    const notYet = await ask(await socketOf(c.student), 'join', { room_id: Number(early.id) });
    expect(notYet.errors?.[0]).toMatchObject({
      status: '409',
      code: 'crs_not_started',
      detail: `This live classroom opens at ${early.attributes.start_at}`,
      meta: { opens_at: early.attributes.start_at },
    });
    await joined(c.lecturer, early.id);
    const over = await room({ start_at: wire(-90 * MINUTE), end_at: wire(-10 * MINUTE) });
    const closed = await ask(await socketOf(c.student), 'join', { room_id: Number(over.id) });
    expect(closed.errors?.[0]).toMatchObject({
      status: '409',
      code: 'crs_closed',
      meta: { closed_at: over.attributes.end_at },
    });
    await joined(c.lecturer, over.id);
    // inside its times the student comes in
    await joined(c.student, (await room()).id);
  });

  it('paces the chat: at most 5 messages in 5 seconds per person and room, the wait said', async () => {
    const created = await room();
    const { socket: student } = await joined(c.student, created.id);
    const { socket: deskmate } = await joined(c.deskmate, created.id);
    for (let n = 1; n <= 5; n++)
      expect((await ask(student, 'msg', { message: `quick ${n}` })).errors).toBeUndefined();
    const refused = await ask(student, 'msg', { message: 'one too many' });
    expect(refused.errors?.[0]).toMatchObject({
      status: '429',
      code: 'crs_chat_too_fast',
      meta: { limit: 5, window_seconds: 5 },
    });
    const wait = refused.errors?.[0].meta?.retry_after ?? 0;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(5);
    // someone else writes on; the refused message was not kept
    expect((await ask(deskmate, 'msg', { message: 'my turn' })).errors).toBeUndefined();
    const kept = await h.ds.query(`SELECT message FROM crs_messages WHERE room_id = $1 AND user_id = $2`, [
      created.id,
      c.student.id,
    ]);
    expect(kept).toHaveLength(5);
    // once the window has passed, the student writes again
    await h.ds.query(
      `UPDATE crs_messages SET created_at = created_at - interval '6 seconds' WHERE room_id = $1 AND user_id = $2`,
      [created.id, c.student.id],
    );
    expect((await ask(student, 'msg', { message: 'calm now' })).errors).toBeUndefined();
  });

  it('runs a vote: the room sees it without scores, a student answers once, the host and those who answered see live counts', async () => {
    const created = await room();
    const { socket: lecturer } = await joined(c.lecturer, created.id);
    let { socket: student } = await joined(c.student, created.id);
    const { socket: deskmate } = await joined(c.deskmate, created.id);
    const { socket: classmate } = await joined(c.classmate, created.id);
    const classmateHeard = record(classmate, 'voteResult');
    const announced = nextEvent(student, 'newVote');
    const vote = await ask(lecturer, 'newVote', {
      question: 'Is {1} a set?',
      type: 'single',
      answers: ['yes', { answer: 'no', score: 0 }],
      duration: 60,
    });
    expect(vote).toMatchObject({
      question: 'Is {1} a set?',
      vote_type: 'single',
      duration: 60,
      is_open: true,
      answers: [
        { answer: 'yes', score: 10, count: 0 },
        { answer: 'no', score: 0, count: 0 },
      ],
    });
    const [seen] = (await announced) as [Answer];
    expect(seen).toMatchObject({
      id: vote.id,
      answers: [
        { answer: 'yes', score: null },
        { answer: 'no', score: null },
      ],
    });

    const results = nextEvent(lecturer, 'voteResult');
    const mine = await ask(student, 'answerVote', { vote_id: vote.id, answer: 0 });
    expect(mine).toMatchObject({ my_answer: [0], my_score: 10, total: 1 });
    expect(await results).toEqual([
      expect.objectContaining({ id: vote.id, total: 1, answers: expect.any(Array) }),
    ]);
    const again = await ask(student, 'answerVote', { vote_id: vote.id, answer: 1 });
    expect(again.errors?.[0]).toMatchObject({ status: '409', code: 'vote_answered' });
    expect(
      (await ask(deskmate, 'answerVote', { vote_id: vote.id, answer: [0, 1] })).errors?.[0],
    ).toMatchObject({
      status: '422',
      source: { pointer: '/answer' },
    });
    expect((await ask(lecturer, 'answerVote', { vote_id: vote.id, answer: 0 })).errors?.[0]).toMatchObject({
      status: '403',
    });
    // the student who answered sees the next answer's counts live (their own answer kept apart);
    // the classmate, who has not answered, sees none; nor does the one answering, whose ack has them
    const deskmateHeard = record(deskmate, 'voteResult');
    const liveToStudent = nextEvent(student, 'voteResult');
    expect(await ask(deskmate, 'answerVote', { vote_id: vote.id, answer: 1 })).toMatchObject({ total: 2 });
    const [counted] = (await liveToStudent) as [Answer];
    expect(counted).toMatchObject({
      id: vote.id,
      total: 2,
      my_answer: null,
      answers: [
        { answer: 'yes', score: null, count: 1 },
        { answer: 'no', score: null, count: 1 },
      ],
    });
    // back after a reconnect, the student follows the vote's counts again
    student.disconnect();
    student = (await joined(c.student, created.id)).socket;
    const liveAgain = nextEvent(student, 'voteResult');
    await sleep(100);
    expect(await ask(classmate, 'answerVote', { vote_id: vote.id, answer: 0 })).toMatchObject({ total: 3 });
    expect(((await liveAgain) as [Answer])[0]).toMatchObject({ total: 3 });
    expect(classmateHeard).toEqual([]);
    expect(deskmateHeard.length).toBe(1);

    // a multiple vote adds the chosen answers' scores; a closed vote takes no answer
    const multiple = await ask(lecturer, 'newVote', {
      question: 'Which are sets?',
      type: 'multiple',
      answers: ['{1}', { answer: '{}', score: 5 }, { answer: '1', score: 0 }],
      duration: 60,
    });
    expect(await ask(student, 'answerVote', { vote_id: multiple.id, answer: [1, 0] })).toMatchObject({
      my_answer: [0, 1],
      my_score: 15,
    });
    // an open vote's counts are the server's to keep from a student who has not answered it
    const unanswered = list((await c.asClassmate.get(`/api/crs/vote?roomId=${created.id}`)).body)[0];
    expect(unanswered.attributes).toMatchObject({ is_open: true, total: null, my_answer: null });
    expect((unanswered.attributes.answers as Array<{ count: number | null }>).map((a) => a.count)).toEqual([
      null,
      null,
      null,
    ]);
    await h.ds.query(`UPDATE crs_votes SET ends_at = now() - interval '1 second' WHERE id = $1`, [
      multiple.id,
    ]);
    // once it ended, everyone in the room sees them
    expect(
      list((await c.asClassmate.get(`/api/crs/vote?roomId=${created.id}`)).body)[0].attributes,
    ).toMatchObject({
      is_open: false,
      total: 1,
    });
    expect(
      (await ask(deskmate, 'answerVote', { vote_id: multiple.id, answer: [0] })).errors?.[0],
    ).toMatchObject({
      status: '409',
      code: 'vote_closed',
    });

    const forStudent = await c.asStudent.get(`/api/crs/vote?roomId=${created.id}`);
    expect(forStudent.status).toBe(200);
    expect(forStudent.body.meta).toEqual({ total: 2, limit: 10, offset: 0 });
    expect(list(forStudent.body)[0].attributes).toMatchObject({ is_open: false, my_score: 15 });
    expect(list(forStudent.body)[1].attributes).toMatchObject({
      total: 3,
      my_answer: [0],
      my_score: 10,
      answers: [
        { answer: 'yes', score: null, count: 2 },
        { answer: 'no', score: null, count: 1 },
      ],
    });
    const forHost = await c.asLecturer.get(`/api/crs/vote?roomId=${created.id}`);
    expect(list(forHost.body)[1].attributes).toMatchObject({
      answers: [{ score: 10 }, { score: 0 }],
      my_answer: null,
    });
    expect((await c.asLecturer.get('/api/crs/vote')).status).toBe(400);
    expect((await c.asElsewhere.get(`/api/crs/vote?roomId=${created.id}`)).status).toBe(404);
    expect(
      await h.ds.query(
        `SELECT user_id, choices, score FROM crs_vote_answers WHERE vote_id = $1 ORDER BY score, user_id`,
        [vote.id],
      ),
    ).toEqual([
      { user_id: c.deskmate.id, choices: [1], score: 0 },
      { user_id: c.student.id, choices: [0], score: 10 },
      { user_id: c.classmate.id, choices: [0], score: 10 },
    ]);
  });

  it('plays and pauses the video for everybody; a late joiner starts at the room’s current position', async () => {
    const created = await room();
    const { socket: lecturer } = await joined(c.lecturer, created.id);
    const { socket: student } = await joined(c.student, created.id);
    const played = nextEvent(student, 'playVideo');
    await ask(lecturer, 'playVideo', { position: 30, video_index: 1 });
    expect(await played).toEqual([
      expect.objectContaining({ room_id: Number(created.id), index: 1, position: 30, playing: true }),
    ]);
    await sleep(500);
    const late = await joined(c.deskmate, created.id);
    const video = late.answer.video as { index: number; position: number; playing: boolean };
    expect(video).toMatchObject({ index: 1, playing: true });
    expect(video.position).toBeGreaterThanOrEqual(30.5);
    expect(video.position).toBeLessThan(40);

    const paused = nextEvent(late.socket, 'pauseVideo');
    await ask(lecturer, 'pauseVideo', { position: 42.5 });
    expect(await paused).toEqual([expect.objectContaining({ index: 1, position: 42.5, playing: false })]);
    await sleep(300);
    const later = await joined(c.classmate, created.id);
    expect(later.answer.video).toMatchObject({ index: 1, position: 42.5, playing: false });
    expect((await ask(lecturer, 'playVideo', { position: 1, video_index: 2 })).errors?.[0]).toMatchObject({
      status: '422',
      source: { pointer: '/video_index' },
    });
  });

  it('shows who is in the room, and ends it for everybody when a host says so', async () => {
    const created = await room();
    const { socket: lecturer } = await joined(c.lecturer, created.id);
    expect(await nextEvent(lecturer, 'participants')).toEqual([
      {
        room_id: Number(created.id),
        data: [{ user_id: c.lecturer.id, name: c.lecturer.name, is_host: true }],
      },
    ]);
    const update = nextEvent(lecturer, 'participants');
    const { socket: student, answer } = await joined(c.student, created.id);
    expect(answer.participants).toEqual(
      [
        { user_id: c.student.id, name: 'Ani', is_host: false },
        { user_id: c.lecturer.id, name: c.lecturer.name, is_host: true },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(await update).toEqual([{ room_id: Number(created.id), data: answer.participants }]);
    const ended = nextEvent(student, 'end');
    const end = await ask(lecturer, 'end');
    expect(await ended).toEqual([{ room_id: Number(created.id), ended_at: end.ended_at }]);
    expect((await ask(student, 'msg', { message: 'hello?' })).errors?.[0]).toMatchObject({
      status: '409',
      code: 'crs_ended',
    });
    expect((await ask(student, 'join', { room_id: Number(created.id) })).errors?.[0]).toMatchObject({
      code: 'crs_ended',
    });
    expect(one((await c.asStudent.get(`/api/crs/crs/${created.id}`)).body).attributes.is_ended).toBe(true);
  });

  it('tells whoever is in a room that it is over when its staff delete it', async () => {
    const created = await room();
    const { socket: student } = await joined(c.student, created.id);
    const ended = nextEvent(student, 'end');
    expect((await c.asAssistant.send('DELETE', `/api/crs/crs/${created.id}`)).status).toBe(204);
    expect(await ended).toEqual([{ room_id: Number(created.id), ended_at: expect.any(String) }]);
    expect((await ask(student, 'msg', { message: 'still here?' })).errors?.[0]).toMatchObject({
      status: '404',
    });
  });

  describe('live attendance', () => {
    const session = async (opensIn: number, closesIn: number) =>
      (await windowSession(c, opensIn, closesIn)).id;
    const marks = (presenceId: string) =>
      h.ds.query(
        `SELECT user_id, type, status, source FROM presence_details WHERE presence_id = $1 ORDER BY user_id`,
        [presenceId],
      );

    it('marks a student of the session’s class present when they join inside its window, once', async () => {
      const presenceId = await session(-5 * MINUTE, 15 * MINUTE);
      const created = await room({ presence_id: Number(presenceId) });
      expect((await joined(c.student, created.id)).answer.attendance).toBe('marked');
      expect((await joined(c.student, created.id)).answer.attendance).toBe('already_marked');
      // a student of the course in another class, and the staff: nothing to mark
      expect((await joined(c.classmate, created.id)).answer.attendance).toBe('not_in_class');
      expect((await joined(c.lecturer, created.id)).answer.attendance).toBeNull();
      expect(await marks(presenceId)).toEqual([
        { user_id: c.student.id, type: 'attend', status: 1, source: 'live' },
      ]);
      const read = await c.asStudent.get(`/api/course/presences/${presenceId}`);
      expect(one(read.body).attributes.my_detail).toMatchObject({ type: 'attend', source: 'live' });
    });

    it('leaves the mark alone outside the window, once the session was sent, or over the staff’s mark', async () => {
      const closed = await session(-30 * MINUTE, -MINUTE);
      const early = await session(10 * MINUTE, 20 * MINUTE);
      expect(
        (await joined(c.student, (await room({ presence_id: Number(closed) })).id)).answer.attendance,
      ).toBe('closed');
      expect(
        (await joined(c.student, (await room({ presence_id: Number(early) })).id)).answer.attendance,
      ).toBe('not_open_yet');
      const open = await session(-5 * MINUTE, 15 * MINUTE);
      const manual = await c.asLecturer.send(
        'PUT',
        `/api/course/presences/${open}/manual`,
        body({ action: 'update', user_id: c.deskmate.id, type: 'sick' }),
      );
      expect(manual.status).toBe(200);
      const linked = await room({ presence_id: Number(open) });
      expect((await joined(c.deskmate, linked.id)).answer.attendance).toBe('already_marked');
      expect((await c.asLecturer.patch(`/api/presence/${open}`, body({ is_sent: 1 }))).status).toBe(200);
      expect((await joined(c.student, linked.id)).answer.attendance).toBe('sent');
      expect(await marks(open)).toEqual([
        { user_id: c.deskmate.id, type: 'sick', status: 0, source: 'manual' },
      ]);
      expect(await marks(closed)).toEqual([]);
      expect(await marks(early)).toEqual([]);
    });
  });
});
