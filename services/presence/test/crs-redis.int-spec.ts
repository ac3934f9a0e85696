import type { Socket } from 'socket.io-client';
import { stackServer } from '@lms/testing';
import { connected, nextEvent, openSocket } from '../../../libs/realtime/test/harness';
import { body, MINUTE, one, PresenceHarness, wire } from './support/harness';

const PATH = '/socket/crs';
const HOST = 'campus-one.test';

/**
 * Two presence replicas on one database and one Redis (stack mode; REDIS_URL when given, else the
 * stack's Redis): what a host does on one reaches the room's clients on the other, and a late
 * joiner on the other starts at the video position set on the first.
 */
describe('the live classroom on two presence replicas sharing Redis', () => {
  const redisUrl = stackServer('redis').REDIS_URL;
  const a = new PresenceHarness({ REDIS_URL: redisUrl });
  let b: PresenceHarness;
  const sockets: Socket[] = [];
  let c: Awaited<ReturnType<PresenceHarness['classroom']>>;
  beforeAll(async () => {
    await a.start();
    b = new PresenceHarness({ REDIS_URL: redisUrl, DATABASE_URL: a.config.databaseUrl });
    await b.start();
    await a.given.campus({ id: 1, domain: HOST });
    c = await a.classroom();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await b?.stop();
    await a.stop();
  });

  async function joinOn(
    replica: PresenceHarness,
    user: { id: number; role: string; tenantId: number },
    roomId: string,
  ) {
    const token = await replica.token(user as Parameters<PresenceHarness['token']>[0]);
    const socket = openSocket(replica.baseUrl, PATH, { token, host: HOST });
    sockets.push(socket);
    await connected(socket);
    const answer = (await socket.emitWithAck('join', { room_id: Number(roomId) })) as Record<string, unknown>;
    expect(answer.errors).toBeUndefined();
    return { socket, answer };
  }

  it('delivers a host’s chat, vote and video from replica A to a student on replica B', async () => {
    const created = await c.asLecturer.post(
      '/api/crs/crs',
      body({
        course_id: c.course.id,
        title: 'Live',
        start_at: wire(-MINUTE),
        end_at: wire(60 * MINUTE),
        videos: [{ url: 'https://video.example/1.mp4' }],
      }),
    );
    expect(created.status).toBe(201);
    const roomId = one(created.body).id;
    const host = await joinOn(a, c.lecturer, roomId);
    await nextEvent(host.socket, 'participants'); // the host alone
    const participants = nextEvent(host.socket, 'participants');
    const student = await joinOn(b, c.student, roomId);
    // the list is gathered from both replicas
    expect(student.answer.participants).toHaveLength(2);
    expect(await participants).toEqual([{ room_id: Number(roomId), data: student.answer.participants }]);

    const chat = nextEvent(student.socket, 'msg');
    await host.socket.emitWithAck('msg', { message: 'from A' });
    expect(await chat).toEqual([expect.objectContaining({ message: 'from A', user_id: c.lecturer.id })]);

    const vote = nextEvent(student.socket, 'newVote');
    await host.socket.emitWithAck('newVote', { question: 'Ready?', answers: ['yes', 'no'], duration: 60 });
    const [announced] = (await vote) as [{ id: number }];
    const results = nextEvent(host.socket, 'voteResult');
    await student.socket.emitWithAck('answerVote', { vote_id: announced.id, answer: 0 });
    expect(await results).toEqual([expect.objectContaining({ id: announced.id, total: 1 })]);

    const paused = nextEvent(student.socket, 'pauseVideo');
    await host.socket.emitWithAck('pauseVideo', { position: 75 });
    expect(await paused).toEqual([expect.objectContaining({ position: 75, playing: false })]);
    const late = await joinOn(b, c.deskmate, roomId);
    expect(late.answer.video).toMatchObject({ index: 0, position: 75, playing: false });
  });
});
