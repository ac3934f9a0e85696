import { generateKeyPairSync } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { TokenIssuer } from '@lms/auth';
import { createTestIssuer, mintToken } from '@lms/testing';
import {
  connected,
  nextEvent,
  openSocket,
  record,
  refused,
  sleep,
  type SocketApp,
  startSocketApp,
  testSocketPath,
} from './harness';

/**
 * The contract of `@lms/realtime` on one adapter (in memory, Redis): handshake authentication,
 * the rooms every socket joins, the emit helpers.
 */
export function describeRealtimeContract(name: string, redisUrl: () => string | undefined) {
  describe(`realtime on the ${name} adapter`, () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const issuer = new TokenIssuer(privateKey, 900);
    const path = testSocketPath();
    let server: SocketApp;
    const sockets: Socket[] = [];

    const open = (options: Parameters<typeof openSocket>[2]) => {
      const socket = openSocket(server.url, path, options);
      sockets.push(socket);
      return socket;
    };
    const student = (userId: number, tenantId = 1) =>
      mintToken(issuer, { role: 'student', userId, tenantId });

    beforeAll(async () => {
      server = await startSocketApp({ publicKeyPem: issuer.publicKeyPem, path, redisUrl: redisUrl() });
    });

    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.disconnect();
    });

    afterAll(async () => {
      await server.app.close();
    });

    it("connects with a valid token and receives what is emitted to its user's room", async () => {
      const mine = await connected(open({ token: await student(7), host: 'campus-a.test' }));
      const other = await connected(open({ token: await student(8), host: 'campus-a.test' }));
      const othersNotes = record(other, 'notification');
      const received = nextEvent(mine, 'notification');
      server.realtime.toUser(1, 7).emit('notification', { id: 1, title: 'New message' });
      expect(await received).toEqual([{ id: 1, title: 'New message' }]);
      await sleep(200);
      expect(othersNotes).toEqual([]);
    });

    it('takes the token from an Authorization: Bearer header too', async () => {
      const socket = await connected(
        open({ headers: { authorization: `Bearer ${await student(9)}` }, host: 'campus-a.test' }),
      );
      const received = nextEvent(socket, 'ping-user');
      server.realtime.toUser(1, 9).emit('ping-user');
      expect(await received).toEqual([]);
    });

    it('refuses a handshake without a token', async () => {
      const error = await refused(open({ host: 'campus-a.test' }));
      expect(error.message).toBe('Sign in first: no access token was sent');
      expect(error.data).toEqual({ status: 401 });
    });

    it('refuses an invalid, a foreign-signed and an expired token', async () => {
      expect((await refused(open({ token: 'not-a-jwt', host: 'campus-a.test' }))).message).toBe(
        'Token is invalid',
      );
      const foreign = await mintToken(createTestIssuer(), { role: 'student', userId: 7 });
      expect((await refused(open({ token: foreign, host: 'campus-a.test' }))).message).toBe(
        'Token is invalid',
      );
      const expired = await mintToken(new TokenIssuer(privateKey, 0), { role: 'student', userId: 7 });
      await sleep(1100);
      expect((await refused(open({ token: expired, host: 'campus-a.test' }))).message).toBe(
        'Token has expired',
      );
      const malformed = open({ headers: { authorization: 'Token abc' }, host: 'campus-a.test' });
      expect((await refused(malformed)).message).toBe('Authorization header must be "Bearer <token>"');
    });

    it("refuses another campus's token, and a host that serves no campus", async () => {
      const campusB = await student(7, 2);
      expect((await refused(open({ token: campusB, host: 'campus-a.test' }))).message).toBe(
        'This token was issued for another campus',
      );
      expect((await refused(open({ token: await student(7), host: 'nowhere.test' }))).message).toBe(
        'No campus is served at nowhere.test',
      );
    });

    it("does not carry a campus's emits to another campus's clients", async () => {
      const a = await connected(open({ token: await student(7, 1), host: 'campus-a.test' }));
      const b = await connected(open({ token: await student(7, 2), host: 'campus-b.test' }));
      const seenByB = record(b, 'announcement');
      const seenByBAsUser = record(b, 'notification');
      const received = nextEvent(a, 'announcement');
      server.realtime.toTenant(1).emit('announcement', { title: 'Campus A only' });
      server.realtime.toUser(1, 7).emit('notification', { id: 2 });
      expect(await received).toEqual([{ title: 'Campus A only' }]);
      await sleep(200);
      expect(seenByB).toEqual([]);
      expect(seenByBAsUser).toEqual([]);
      const toB = nextEvent(b, 'announcement');
      server.realtime.toTenant(2).emit('announcement', { title: 'Campus B' });
      expect(await toB).toEqual([{ title: 'Campus B' }]);
    });

    it("joins a user's sockets to a named room and emits to it", async () => {
      const member = await connected(open({ token: await student(11), host: 'campus-a.test' }));
      const outsider = await connected(open({ token: await student(12), host: 'campus-a.test' }));
      const seenByOutsider = record(outsider, 'playVideo');
      server.realtime.joinUser(1, 11, 'course:12');
      await sleep(100);
      const received = nextEvent(member, 'playVideo');
      server.realtime.toRoom('course:12').emit('playVideo', { at: 42 });
      expect(await received).toEqual([{ at: 42 }]);
      server.realtime.leaveUser(1, 11, 'course:12');
      await sleep(100);
      const seenByMember = record(member, 'pauseVideo');
      server.realtime.toRoom('course:12').emit('pauseVideo');
      await sleep(200);
      expect(seenByMember).toEqual([]);
      expect(seenByOutsider).toEqual([]);
    });

    it("hands each connected socket, with its caller, to the service's connection handlers", async () => {
      server.realtime.onConnection((socket) => {
        socket.on('whoami', (ack: (auth: unknown) => void) => ack(socket.data.auth));
      });
      const socket = await connected(open({ token: await student(13), host: 'campus-a.test' }));
      const auth = await socket.timeout(2000).emitWithAck('whoami');
      expect(auth).toMatchObject({ userId: 13, tenantId: 1, role: 'student' });
    });
  });
}
