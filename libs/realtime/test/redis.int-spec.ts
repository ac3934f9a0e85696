import { generateKeyPairSync } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { RevokedSessions, TokenIssuer } from '@lms/auth';
import { RealtimeAdapter } from '@lms/realtime';
import { mintToken, stackServer } from '@lms/testing';
import {
  connected,
  nextEvent,
  openSocket,
  record,
  refused,
  sleep,
  type SocketApp,
  startSocketApp,
  testSessionId,
  testSocketPath,
} from './harness';
import { describeRealtimeContract } from './realtime.contract';

const redisUrl = () => stackServer('redis').REDIS_URL;

describeRealtimeContract('Redis', redisUrl);

describe('realtime replicas sharing Redis', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  const issuer = new TokenIssuer(privateKey, 900);
  const path = testSocketPath();
  let a: SocketApp;
  let b: SocketApp;
  const sockets: Socket[] = [];

  const student = (userId: number, tenantId = 1) => mintToken(issuer, { role: 'student', userId, tenantId });
  const openOn = async (replica: SocketApp, userId: number, tenantId = 1) => {
    const host = tenantId === 1 ? 'campus-a.test' : 'campus-b.test';
    const socket = openSocket(replica.url, path, { token: await student(userId, tenantId), host });
    sockets.push(socket);
    return connected(socket);
  };

  beforeAll(async () => {
    const url = redisUrl();
    [a, b] = await Promise.all([
      startSocketApp({ publicKeyPem: issuer.publicKeyPem, path, redisUrl: url }),
      startSocketApp({ publicKeyPem: issuer.publicKeyPem, path, redisUrl: url }),
    ]);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.app.close(), b?.app.close()]);
  });

  it('delivers an emit made on replica A to a client connected to replica B', async () => {
    const onB = await openOn(b, 21);
    const received = nextEvent(onB, 'notification');
    a.emitter.toUser(1, 21).emit('notification', { id: 5 });
    expect(await received).toEqual([{ id: 5 }]);
  });

  it("keeps campuses apart across replicas, and reaches a campus's clients on both", async () => {
    const campusAOnA = await openOn(a, 22, 1);
    const campusAOnB = await openOn(b, 23, 1);
    const campusBOnB = await openOn(b, 22, 2);
    const seenByB = record(campusBOnB, 'announcement');
    const both = Promise.all([nextEvent(campusAOnA, 'announcement'), nextEvent(campusAOnB, 'announcement')]);
    a.emitter.toTenant(1).emit('announcement', { title: 'Exam moved' });
    expect(await both).toEqual([[{ title: 'Exam moved' }], [{ title: 'Exam moved' }]]);
    await sleep(200);
    expect(seenByB).toEqual([]);
  });

  it("joins a user's sockets on another replica to a room, and emits to it from either", async () => {
    const onB = await openOn(b, 24);
    a.emitter.joinUser(1, 24, 'course:77');
    await sleep(200);
    const fromA = nextEvent(onB, 'msg');
    a.emitter.toRoom('course:77').emit('msg', { message: 'hello from A' });
    expect(await fromA).toEqual([{ message: 'hello from A' }]);
    const fromB = nextEvent(onB, 'msg');
    b.emitter.toRoom('course:77').emit('msg', { message: 'hello from B' });
    expect(await fromB).toEqual([{ message: 'hello from B' }]);
  });

  it("disconnects a revoked session's sockets on every replica, and refuses it on every replica", async () => {
    const sessionId = testSessionId('ended-everywhere');
    const token = await mintToken(issuer, { role: 'student', userId: 25, sessionId });
    const onA = openSocket(a.url, path, { token, host: 'campus-a.test' });
    const onB = openSocket(b.url, path, { token, host: 'campus-a.test' });
    sockets.push(onA, onB);
    await Promise.all([connected(onA), connected(onB)]);
    const ended = Promise.all([nextEvent(onA, 'disconnect'), nextEvent(onB, 'disconnect')]);
    // As the gateway does on logout: its own connection to Redis, no socket.io server of its own.
    const gateway = RevokedSessions.open({ redisUrl: redisUrl() });
    try {
      await gateway.revoke(sessionId, 60_000);
    } finally {
      await gateway.close();
    }
    expect((await ended).map(([reason]) => reason)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const replica of [a, b]) {
      const again = openSocket(replica.url, path, { token, host: 'campus-a.test' });
      sockets.push(again);
      expect((await refused(again)).message).toBe('This session has ended; sign in again');
    }
  });

  it('closes a replica cleanly: its clients are told, its Redis clients quit, the other replica goes on', async () => {
    const path2 = testSocketPath();
    const url = redisUrl();
    const [c, d] = await Promise.all([
      startSocketApp({ publicKeyPem: issuer.publicKeyPem, path: path2, redisUrl: url }),
      startSocketApp({ publicKeyPem: issuer.publicKeyPem, path: path2, redisUrl: url }),
    ]);
    let cClosed = false;
    try {
      const onC = openSocket(c.url, path2, { token: await student(31), host: 'campus-a.test' });
      const onD = openSocket(d.url, path2, { token: await student(31), host: 'campus-a.test' });
      sockets.push(onC, onD);
      await Promise.all([connected(onC), connected(onD)]);
      const redisClients = (c.app.get(RealtimeAdapter) as unknown as { redis: Array<{ status: string }> })
        .redis;
      expect(redisClients.map((client) => client.status)).toEqual(['ready', 'ready']);
      const disconnected = nextEvent(onC, 'disconnect');
      const started = Date.now();
      await c.app.close();
      cClosed = true;
      expect(Date.now() - started).toBeLessThan(3000);
      // Not 'io server disconnect': a client reconnects by itself, to a replica that is still up.
      expect((await disconnected)[0]).toBe('transport close');
      expect(redisClients.map((client) => client.status)).toEqual(['end', 'end']);
      const received = nextEvent(onD, 'notification');
      d.emitter.toUser(1, 31).emit('notification', { id: 6 });
      expect(await received).toEqual([{ id: 6 }]);
      // An emit on the closed replica (a request finishing during shutdown) reaches nobody and
      // does not fail, though its Redis clients are gone.
      const late = record(onD, 'late');
      expect(() => c.emitter.toUser(1, 31).emit('late', { id: 7 })).not.toThrow();
      expect(() => c.emitter.joinUser(1, 31, 'course:1')).not.toThrow();
      await sleep(200);
      expect(late).toEqual([]);
    } finally {
      await Promise.all([cClosed ? undefined : c.app.close(), d.app.close()]);
    }
  });
});
