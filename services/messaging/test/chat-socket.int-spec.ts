import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Socket } from 'socket.io-client';
import { InProcessTransport } from '@lms/events';
import { startService } from '@lms/platform';
import {
  connected,
  nextEvent,
  openSocket,
  record,
  refused,
  sleep,
} from '../../../libs/realtime/test/harness';
import { MessagingConfig } from '../src/config';
import { messagingService } from '../src/service';
import { HOSTS, MessagingHarness, one } from './support/harness';
import { type OwnRedis, startOwnRedis } from './support/redis';

const PATH = '/socket/messages';

interface PushedMessage {
  id: number;
  chat_id: number;
  user_id: number;
  message: string;
}

/**
 * The chat live (issue 18): two messaging replicas sharing one database and a Redis of the test's
 * own; a message sent through one reaches the members connected to the other — by `msg_msg` and by
 * `POST /message/message` — with the room update, and a non-member receives nothing.
 */
describe('chat over socket.io, two replicas on Redis', () => {
  let redis: OwnRedis;
  let a: MessagingHarness;
  let b: NestFastifyApplication;
  let bUrl: string;
  const transportB = new InProcessTransport();
  const sockets: Socket[] = [];
  let c: Awaited<ReturnType<MessagingHarness['classroom']>>;

  beforeAll(async () => {
    redis = await startOwnRedis();
    a = new MessagingHarness({ REDIS_URL: redis.url });
    await a.start();
    b = await startService(
      messagingService,
      MessagingConfig.fromEnv({
        DATABASE_URL: a.config.databaseUrl,
        JWT_PUBLIC_KEY: a.issuer.publicKeyPem,
        INTERNAL_TOKEN: a.internalToken,
        PORT: '0',
        DATA_DIR: a.dataDir,
        REDIS_URL: redis.url,
      }),
      transportB,
      { logLevel: 'error' },
    );
    transportB.open();
    bUrl = `http://127.0.0.1:${(b.getHttpServer().address() as { port: number }).port}`;
    await a.campuses();
    c = await a.classroom();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b?.close();
    await transportB.close();
    await a?.stop();
    await redis?.stop();
  });

  async function socketOn(url: string, user: { id: number; role: string; tenantId: number }) {
    const socket = openSocket(url, PATH, {
      token: await a.token(user as Parameters<MessagingHarness['token']>[0]),
      host: HOSTS[user.tenantId],
    });
    sockets.push(socket);
    return connected(socket);
  }

  it('delivers a msg_msg sent on replica A to a member on replica B, acknowledged with the message', async () => {
    const room = Number(
      one(
        (
          await c.asLecturer.post('/api/message', {
            type: 'group',
            name: 'Live',
            users: [{ id: c.student.id }, { id: c.deskmate.id }],
          })
        ).body,
      ).id,
    );
    const lecturer = await socketOn(a.baseUrl, c.lecturer);
    const student = await socketOn(bUrl, c.student);
    const outsider = await socketOn(bUrl, c.classmate);
    const outsiderOnA = await socketOn(a.baseUrl, c.classmate);
    const heardByOutsider = [
      ...record(outsider, 'messages update'),
      ...record(outsider, 'room update'),
      ...record(outsiderOnA, 'messages update'),
    ];
    const update = nextEvent(student, 'messages update');
    const roomUpdate = nextEvent(student, 'room update');
    const ack = (await lecturer.emitWithAck('msg_msg', {
      chatId: room,
      message: 'Hello from A',
    })) as PushedMessage;
    expect(ack).toMatchObject({ chat_id: room, user_id: c.lecturer.id, message: 'Hello from A' });
    const [pushed] = (await update) as [{ chat_id: number; messages: PushedMessage[] }];
    expect(pushed).toEqual({ chat_id: room, messages: [ack] });
    const [changed] = (await roomUpdate) as [{ id: number; unread: number[] }];
    expect(changed.id).toBe(room);
    expect(changed.unread.sort()).toEqual([c.student.id, c.deskmate.id].sort());

    // the same through HTTP on B reaches the lecturer's socket on A
    const toLecturer = nextEvent(lecturer, 'messages update');
    await c.asStudent.post('/api/message/message', { chatId: room, message: 'Hi back (B)' });
    expect(((await toLecturer) as [{ messages: PushedMessage[] }])[0].messages[0].message).toBe(
      'Hi back (B)',
    );

    await sleep(300);
    expect(heardByOutsider).toEqual([]);
  });

  it('answers a msg_msg to a room the caller is not in with a 404, and a bad body with a 422; nothing is sent', async () => {
    const room = Number(
      one((await c.asStudent.post('/api/message', { type: 'personal', users: [{ id: c.deskmate.id }] })).body)
        .id,
    );
    const classmate = await socketOn(a.baseUrl, c.classmate);
    const deskmate = await socketOn(bUrl, c.deskmate);
    const heard = record(deskmate, 'messages update');
    const refusedPost = (await classmate.emitWithAck('msg_msg', { chatId: room, message: 'let me in' })) as {
      errors: Array<{ status: string }>;
    };
    expect(refusedPost.errors[0].status).toBe('404');
    const empty = (await classmate.emitWithAck('msg_msg', { chatId: room, message: '' })) as {
      errors: Array<{ status: string; source: { pointer: string } }>;
    };
    expect(empty.errors[0]).toMatchObject({ status: '422', source: { pointer: '/message' } });
    await sleep(300);
    expect(heard).toEqual([]);
  });

  it("notifies the room's members with no socket open on any replica, not those connected to the other one", async () => {
    const room = Number(
      one(
        (
          await c.asLecturer.post('/api/message', {
            type: 'group',
            name: 'Who is here',
            users: [{ id: c.student.id }, { id: c.deskmate.id }],
          })
        ).body,
      ).id,
    );
    // the earlier tests' sockets closed: only the student is online, on the other replica
    for (const socket of sockets.splice(0)) socket.disconnect();
    await sleep(200);
    await socketOn(bUrl, c.student);
    await c.asLecturer.post('/api/message/message', { chatId: room, message: 'Read chapter 4' });
    const notified = async (userId: number) =>
      (
        (await a.ds.query(
          `SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'MESSAGE' AND object_id = $2`,
          [userId, room],
        )) as unknown[]
      ).length;
    // the event, as the transport hands it to the service (the notifications' handler)
    const posted = (await a.events('messaging.chat.posted')).filter((event) => event.data.roomId === room);
    expect(posted).toHaveLength(1);
    expect(await a.deliver(posted[0])).toBe(true);
    expect(await notified(c.deskmate.id)).toBe(1);
    expect(await notified(c.student.id)).toBe(0);
    expect(await notified(c.lecturer.id)).toBe(0);
  });

  it('refuses a handshake without a token or from another campus’s host', async () => {
    const anonymous = openSocket(a.baseUrl, PATH, { host: HOSTS[1] });
    sockets.push(anonymous);
    expect((await refused(anonymous)).message).toMatch(/Sign in first/);
    const crossing = openSocket(bUrl, PATH, { token: await a.token(c.student), host: HOSTS[2] });
    sockets.push(crossing);
    expect((await refused(crossing)).message).toMatch(/another campus/);
  });
});
