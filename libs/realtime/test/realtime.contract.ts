import { generateKeyPairSync } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { RevokedSessions, TokenIssuer } from '@lms/auth';
import { createTestIssuer, mintToken } from '@lms/testing';
import {
  connected,
  holdHandshakes,
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

/**
 * The contract of `@lms/realtime` on one adapter (in memory, Redis): handshake authentication
 * (revoked sessions included), the rooms every socket joins, the emitter, and a Nest gateway's
 * handlers with their validated bodies, guards and error acknowledgements.
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
      server.emitter.toUser(1, 7).emit('notification', { id: 1, title: 'New message' });
      expect(await received).toEqual([{ id: 1, title: 'New message' }]);
      await sleep(200);
      expect(othersNotes).toEqual([]);
    });

    it('takes the token from an Authorization: Bearer header too', async () => {
      const socket = await connected(
        open({ headers: { authorization: `Bearer ${await student(9)}` }, host: 'campus-a.test' }),
      );
      const received = nextEvent(socket, 'ping-user');
      server.emitter.toUser(1, 9).emit('ping-user');
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
      server.emitter.toTenant(1).emit('announcement', { title: 'Campus A only' });
      server.emitter.toUser(1, 7).emit('notification', { id: 2 });
      expect(await received).toEqual([{ title: 'Campus A only' }]);
      await sleep(200);
      expect(seenByB).toEqual([]);
      expect(seenByBAsUser).toEqual([]);
      const toB = nextEvent(b, 'announcement');
      server.emitter.toTenant(2).emit('announcement', { title: 'Campus B' });
      expect(await toB).toEqual([{ title: 'Campus B' }]);
    });

    it("joins a user's sockets to a named room and emits to it", async () => {
      const member = await connected(open({ token: await student(11), host: 'campus-a.test' }));
      const outsider = await connected(open({ token: await student(12), host: 'campus-a.test' }));
      const seenByOutsider = record(outsider, 'playVideo');
      server.emitter.joinUser(1, 11, 'course:12');
      await sleep(100);
      const received = nextEvent(member, 'playVideo');
      server.emitter.toRoom('course:12').emit('playVideo', { at: 42 });
      expect(await received).toEqual([{ at: 42 }]);
      server.emitter.leaveUser(1, 11, 'course:12');
      await sleep(100);
      const seenByMember = record(member, 'pauseVideo');
      server.emitter.toRoom('course:12').emit('pauseVideo');
      await sleep(200);
      expect(seenByMember).toEqual([]);
      expect(seenByOutsider).toEqual([]);
    });

    it('serves a @WebSocketGateway: its handlers answer through the acknowledgement, with the caller', async () => {
      const socket = await connected(open({ token: await student(13), host: 'campus-a.test' }));
      expect(await socket.timeout(2000).emitWithAck('whoami')).toMatchObject({
        userId: 13,
        tenantId: 1,
        role: 'student',
      });
      expect(await socket.timeout(2000).emitWithAck('echo', { a: 1 })).toEqual({ echoed: { a: 1 } });
      expect(server.gateway.connected).toContain(13);
    });

    it('validates a message with its zod schema: typed and normalised, or a 422 pointing into the message', async () => {
      const socket = await connected(open({ token: await student(14), host: 'campus-a.test' }));
      // Campus A's zone is the token's (Asia/Jakarta, UTC+7): a wall-clock date is read in it.
      expect(
        await socket
          .timeout(2000)
          .emitWithAck('chat', { text: 'hi', room_id: '5', at: '2026-01-02 08:00:00' }),
      ).toEqual({ text: 'hi', room_id: 5, at: '2026-01-02T01:00:00.000Z' });
      const refused = await socket.timeout(2000).emitWithAck('chat', { text: '', room_id: 0, colour: 'red' });
      expect(refused).toEqual({
        errors: expect.arrayContaining([
          expect.objectContaining({ status: '422', source: { pointer: '/text' } }),
          expect.objectContaining({ status: '422', source: { pointer: '/room_id' } }),
          expect.objectContaining({ detail: 'colour is not allowed', source: { pointer: '/colour' } }),
        ]),
      });
      expect((refused as { errors: unknown[] }).errors).toHaveLength(3);
      expect(await socket.timeout(2000).emitWithAck('chat', 'not an object')).toEqual({
        errors: [
          {
            status: '422',
            title: 'Unprocessable Entity',
            detail: 'The message must be an object',
            source: { pointer: '' },
          },
        ],
      });
    });

    it("answers a rule's refusal, a guard's and a fault as JSON:API errors, and the socket stays connected", async () => {
      const socket = await connected(open({ token: await student(15), host: 'campus-a.test' }));
      const disconnects = record(socket, 'disconnect');
      expect(await socket.timeout(2000).emitWithAck('close-room', 4)).toEqual({
        errors: [{ status: '409', title: 'Conflict', detail: 'Room 4 is already closed' }],
      });
      expect(await socket.timeout(2000).emitWithAck('grade')).toEqual({
        errors: [{ status: '403', title: 'Forbidden', detail: 'This action is not allowed' }],
      });
      const fault = (await socket.timeout(2000).emitWithAck('crash')) as {
        errors: Array<{ detail: string }>;
      };
      expect(fault.errors).toEqual([expect.objectContaining({ status: '500' })]);
      expect(fault.errors[0].detail).not.toContain('internal details');
      // Without an acknowledgement the error comes as an `exception` event naming the event.
      const exception = nextEvent(socket, 'exception');
      socket.emit('close-room', 9);
      expect(await exception).toEqual([
        { event: 'close-room', errors: [expect.objectContaining({ status: '409' })] },
      ]);
      expect(socket.connected).toBe(true);
      expect(await socket.timeout(2000).emitWithAck('echo', 'still here')).toEqual({ echoed: 'still here' });
      expect(disconnects).toEqual([]);

      const lecturer = await connected(
        open({ token: await mintToken(issuer, { role: 'lecturer', userId: 16 }), host: 'campus-a.test' }),
      );
      expect(await lecturer.timeout(2000).emitWithAck('grade')).toEqual({ graded: true });
    });

    it('refuses the handshake of a revoked session, whatever carries the token', async () => {
      const revocations = RevokedSessions.open({ redisUrl: redisUrl() });
      try {
        const signedOut = testSessionId('signed-out');
        const token = await mintToken(issuer, { role: 'student', userId: 17, sessionId: signedOut });
        await connected(open({ token, host: 'campus-a.test' })).then((socket) => socket.disconnect());
        await revocations.revoke(signedOut, 60_000);
        const inAuth = await refused(open({ token, host: 'campus-a.test' }));
        expect(inAuth.message).toBe('This session has ended; sign in again');
        expect(inAuth.data).toEqual({ status: 401 });
        const inHeader = open({ headers: { authorization: `Bearer ${token}` }, host: 'campus-a.test' });
        expect((await refused(inHeader)).message).toBe('This session has ended; sign in again');
        // Another session of the same user is not affected.
        const other = await mintToken(issuer, {
          role: 'student',
          userId: 17,
          sessionId: testSessionId('still-signed-in'),
        });
        await connected(open({ token: other, host: 'campus-a.test' }));
      } finally {
        await revocations.close();
      }
    });

    it('disconnects a socket whose session was revoked while its handshake was being checked', async () => {
      const revocations = RevokedSessions.open({ redisUrl: redisUrl() });
      const hold = holdHandshakes('held.campus-a.test');
      try {
        const sessionId = testSessionId('ended-mid-handshake');
        const socket = open({
          token: await mintToken(issuer, { role: 'student', userId: 19, sessionId }),
          host: 'held.campus-a.test',
        });
        // The handshake found the session listed as live and waits for the campus of its host.
        await hold.entered;
        await revocations.revoke(sessionId, 60_000);
        const ended = nextEvent(socket, 'disconnect');
        hold.release();
        expect((await ended)[0]).toBe('io server disconnect');
      } finally {
        hold.release();
        await revocations.close();
      }
    });

    it("disconnects a session's open sockets when it is revoked, and no other session's", async () => {
      const revocations = RevokedSessions.open({ redisUrl: redisUrl() });
      try {
        const [ending, staying] = [testSessionId('ending'), testSessionId('phone')];
        const token = (sessionId: string) => mintToken(issuer, { role: 'student', userId: 18, sessionId });
        const tab1 = await connected(open({ token: await token(ending), host: 'campus-a.test' }));
        const tab2 = await connected(open({ token: await token(ending), host: 'campus-a.test' }));
        const phone = await connected(open({ token: await token(staying), host: 'campus-a.test' }));
        const ended = Promise.all([nextEvent(tab1, 'disconnect'), nextEvent(tab2, 'disconnect')]);
        await revocations.revoke(ending, 60_000);
        // 'io server disconnect': the client does not reconnect by itself.
        expect(await ended).toEqual([
          ['io server disconnect', undefined],
          ['io server disconnect', undefined],
        ]);
        await sleep(200);
        expect(phone.connected).toBe(true);
      } finally {
        await revocations.close();
      }
    });
  });
}
