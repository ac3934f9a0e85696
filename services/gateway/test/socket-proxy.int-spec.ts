import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DynamicModule, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { io, type Socket } from 'socket.io-client';
import { AuthModule, RevokedSessions, TokenIssuer } from '@lms/auth';
import { GatewayConfig, startGateway } from '@lms/gateway';
import { createServiceApp, TrustedProxies } from '@lms/platform';
import { RealtimeEmitter, RealtimeModule, type RealtimeSocket } from '@lms/realtime';
import { ApiClient, freePort, type JsonResource, mintToken } from '@lms/testing';
import { CAMPUSES, FakeIdentity, PASSWORD } from './fake-identity';

/** The messaging socket's client events, as the service will declare them. */
@WebSocketGateway()
class FakeMessagesGateway {
  @SubscribeMessage('msg_msg')
  send(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown) {
    return { echoed: payload, by: socket.data.auth.userId };
  }
}

/** Stands in for the messaging service: a Nest app serving `/socket/messages` with @lms/realtime. */
@Module({})
class FakeMessagingModule {
  static forRoot(publicKeyPem: string): DynamicModule {
    return {
      module: FakeMessagingModule,
      imports: [
        AuthModule.forRoot({ publicKeyPem }),
        RealtimeModule.forRoot({
          path: '/socket/messages',
          campusOfHost: async (host) => CAMPUSES[host]?.id ?? null,
        }),
      ],
      providers: [FakeMessagesGateway],
    };
  }
}

const urlOf = (app: NestFastifyApplication) => {
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
};

function gatewayConfig(privateKeyPem: string, services: GatewayConfig['services']): GatewayConfig {
  return Object.assign(new GatewayConfig(), {
    port: 0,
    host: '127.0.0.1',
    services,
    jwtPrivateKey: privateKeyPem,
    accessTtlSeconds: 900,
    internalToken: randomBytes(12).toString('hex'),
    webDist: join(tmpdir(), 'lms-no-web-client'),
    signIn: { freeFailures: 5, maxDelaySeconds: 900, addressFailures: 1000, addressWindowSeconds: 900 },
    tenantCacheSeconds: 60,
    redisUrl: undefined,
    // The test client plays the ingress in front of the gateway: it names the campus host.
    trustedProxies: TrustedProxies.parse('loopback'),
  });
}

/** A raw WebSocket upgrade request: the status, body and whether the gateway closed the socket. */
function rawUpgrade(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'x-forwarded-host': 'campus-a.test',
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, body: '', closed: false });
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const socket = response.socket;
        const closed = () => resolve({ status: response.statusCode ?? 0, body, closed: true });
        if (socket.destroyed || socket.readableEnded) closed();
        else socket.once('close', closed);
      });
    });
    request.on('error', reject);
    request.end();
  });
}

const within = <T>(ms: number, promise: Promise<T>) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};
const connected = (socket: Socket) =>
  within(
    5000,
    new Promise<Socket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    }),
  );
const refused = (socket: Socket) =>
  within(
    5000,
    new Promise<Error>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the socket connected')));
      socket.once('connect_error', resolve);
    }),
  );
const nextEvent = (socket: Socket, event: string) =>
  within(
    5000,
    new Promise<unknown[]>((resolve) => socket.once(event, (...args: unknown[]) => resolve(args))),
  );

describe('gateway: socket.io proxy', () => {
  const privateKeyPem = generateKeyPairSync('ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  const issuer = TokenIssuer.fromPem(privateKeyPem, 900);
  const identity = new FakeIdentity();
  let messaging: NestFastifyApplication;
  let realtime: RealtimeEmitter;
  let gateway: NestFastifyApplication;
  let gatewayUrl: string;
  const sockets: Socket[] = [];

  const student = (userId: number, tenantId = 1) => mintToken(issuer, { role: 'student', userId, tenantId });
  const open = (path: string, options: Parameters<typeof io>[1] = {}) => {
    const socket = io(gatewayUrl, {
      path,
      reconnection: false,
      forceNew: true,
      extraHeaders: { 'x-forwarded-host': 'campus-a.test' },
      ...options,
    });
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    messaging = await createServiceApp(FakeMessagingModule.forRoot(issuer.publicKeyPem), {
      name: 'messaging',
      logLevel: 'error',
    });
    await messaging.listen({ port: 0, host: '127.0.0.1' });
    realtime = messaging.get(RealtimeEmitter);
    await identity.start();
    gateway = await startGateway(
      gatewayConfig(privateKeyPem, {
        // Sign-in, logout and the campuses of the hosts, as identity answers them.
        identity: identity.url,
        messaging: urlOf(messaging),
      }),
      { logLevel: 'fatal' },
    );
    gatewayUrl = urlOf(gateway);
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  afterAll(async () => {
    await gateway?.close();
    await messaging?.close();
    await identity.stop();
  });

  it('connects over WebSocket through the gateway and receives an emit', async () => {
    const socket = await connected(
      open('/socket/messages', { transports: ['websocket'], auth: { token: await student(7) } }),
    );
    expect(socket.io.engine.transport.name).toBe('websocket');
    const received = nextEvent(socket, 'room update');
    realtime.toUser(1, 7).emit('room update', { id: 3, unread: 1 });
    expect(await received).toEqual([{ id: 3, unread: 1 }]);
  });

  it('tells the service the host the browser connected to (Host, without a proxy in front)', async () => {
    const socket = await connected(
      open('/socket/messages', {
        transports: ['websocket'],
        auth: { token: await student(7, 2) },
        extraHeaders: { host: 'campus-b.test' },
      }),
    );
    const received = nextEvent(socket, 'room update');
    realtime.toUser(2, 7).emit('room update', { id: 4 });
    expect(await received).toEqual([{ id: 4 }]);
  });

  it('connects with long-polling only and exchanges messages both ways', async () => {
    const socket = await connected(
      open('/socket/messages', { transports: ['polling'], auth: { token: await student(8) } }),
    );
    expect(socket.io.engine.transport.name).toBe('polling');
    const received = nextEvent(socket, 'messages update');
    realtime.toUser(1, 8).emit('messages update', [{ id: 1, message: 'hi' }]);
    expect(await received).toEqual([[{ id: 1, message: 'hi' }]]);
    const answer = await socket.timeout(5000).emitWithAck('msg_msg', { message: 'hello' });
    expect(answer).toEqual({ echoed: { message: 'hello' }, by: 8 });
  });

  it('upgrades from long-polling to WebSocket through the gateway (the browser default)', async () => {
    const socket = await connected(open('/socket/messages', { auth: { token: await student(9) } }));
    // the upgrade may have finished while `connected` resolved: wait only if it has not
    if (socket.io.engine.transport.name !== 'websocket')
      await within(15_000, new Promise((resolve) => socket.io.engine.once('upgrade', resolve)));
    expect(socket.io.engine.transport.name).toBe('websocket');
    const received = nextEvent(socket, 'room update');
    realtime.toUser(1, 9).emit('room update', { id: 5 });
    expect(await received).toEqual([{ id: 5 }]);
  });

  it("passes the service's refusal of another campus's token on, on both transports", async () => {
    for (const transports of [['websocket'], ['polling']]) {
      const error = await refused(
        open('/socket/messages', { transports, auth: { token: await student(7, 2) } }),
      );
      expect(error.message).toBe('This token was issued for another campus');
    }
    const error = await refused(open('/socket/messages', { transports: ['websocket'] }));
    expect(error.message).toBe('Sign in first: no access token was sent');
  });

  it('refuses the upgrade of a token whose session has ended (logout, refresh-token reuse)', async () => {
    const path = '/socket/messages/?EIO=4&transport=websocket';
    const bearer = async (sessionId: string) => ({
      authorization: `Bearer ${await mintToken(issuer, { role: 'student', userId: 11, sessionId })}`,
    });
    expect((await rawUpgrade(gatewayUrl, path, await bearer('live-session'))).status).toBe(101);
    await gateway.get(RevokedSessions).revoke('ended-session', 60_000);
    const refused = await rawUpgrade(gatewayUrl, path, await bearer('ended-session'));
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).errors[0].detail).toBe('This session has ended; sign in again');
  });

  it("ends a session's sockets at logout, and refuses its token in the handshake payload afterwards", async () => {
    const api = new ApiClient(gatewayUrl).at('campus-a.test');
    const login = await api.post('/api/user/auth/login', {
      data: { attributes: { username: 'leaver', password: PASSWORD } },
    });
    expect(login.status).toBe(200);
    const { access_token: token, refresh_token } = (login.body.data as JsonResource).attributes as Record<
      string,
      string
    >;
    const websocket = await connected(
      open('/socket/messages', { transports: ['websocket'], auth: { token } }),
    );
    const polling = await connected(open('/socket/messages', { transports: ['polling'], auth: { token } }));
    const ended = Promise.all([nextEvent(websocket, 'disconnect'), nextEvent(polling, 'disconnect')]);

    expect((await api.post('/api/user/auth/logout', { refresh_token })).status).toBe(204);
    // 'io server disconnect': the clients do not reconnect by themselves.
    expect((await ended).map(([reason]) => reason)).toEqual(['io server disconnect', 'io server disconnect']);
    // The token travels in socket.io's payload, where the gateway does not look: the service refuses it.
    for (const transports of [['websocket'], ['polling']]) {
      const error = await refused(open('/socket/messages', { transports, auth: { token } }));
      expect(error.message).toBe('This session has ended; sign in again');
    }
  });

  it('answers 503 for the live-classroom socket while presence is not deployed', async () => {
    const api = new ApiClient(gatewayUrl);
    const polling = await api.get('/socket/crs/?EIO=4&transport=polling');
    expect(polling.status).toBe(503);
    expect(polling.body.errors?.[0]).toMatchObject({
      status: '503',
      detail: 'The presence service is not available in this deployment yet',
    });
    const upgrade = await rawUpgrade(gatewayUrl, '/socket/crs/?EIO=4&transport=websocket');
    expect(upgrade.status).toBe(503);
    expect(JSON.parse(upgrade.body).errors[0].detail).toBe(
      'The presence service is not available in this deployment yet',
    );
    expect(upgrade.closed).toBe(true);
    const error = await refused(
      open('/socket/crs', { transports: ['websocket'], auth: { token: await student(7) } }),
    );
    expect(error.message).toBe('websocket error');
  });

  it("passes the service's answer on when it does not upgrade, and closes", async () => {
    const upgrade = await rawUpgrade(gatewayUrl, '/socket/messages/?EIO=4&transport=websocket&sid=unknown');
    expect(upgrade.status).toBe(400);
    expect(upgrade.body).toBe('Session ID unknown');
    expect(upgrade.closed).toBe(true);
  });

  it('answers 404 for a socket path nobody serves', async () => {
    expect((await new ApiClient(gatewayUrl).get('/socket/other/?EIO=4&transport=polling')).status).toBe(404);
    const upgrade = await rawUpgrade(gatewayUrl, '/socket/other/?EIO=4&transport=websocket');
    expect(upgrade.status).toBe(404);
    expect(upgrade.closed).toBe(true);
  });

  it('answers 503 when the service does not answer', async () => {
    const down = await startGateway(
      gatewayConfig(privateKeyPem, {
        identity: `http://127.0.0.1:${await freePort()}`,
        messaging: `http://127.0.0.1:${await freePort()}`,
      }),
      { logLevel: 'fatal' },
    );
    try {
      const polling = await new ApiClient(urlOf(down)).get('/socket/messages/?EIO=4&transport=polling');
      expect(polling.status).toBe(503);
      expect(polling.body.errors?.[0].detail).toBe('The messaging service did not answer');
      const upgrade = await rawUpgrade(urlOf(down), '/socket/messages/?EIO=4&transport=websocket');
      expect(upgrade.status).toBe(503);
      expect(JSON.parse(upgrade.body).errors[0].detail).toBe('The messaging service did not answer');
      expect(upgrade.closed).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('closes promptly with WebSockets open through it, and their clients see the connection end', async () => {
    const second = await startGateway(
      gatewayConfig(privateKeyPem, {
        identity: `http://127.0.0.1:${await freePort()}`,
        messaging: urlOf(messaging),
      }),
      { logLevel: 'fatal' },
    );
    const socket = io(urlOf(second), {
      path: '/socket/messages',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await student(10) },
      extraHeaders: { 'x-forwarded-host': 'campus-a.test' },
    });
    sockets.push(socket);
    await connected(socket);
    const ended = nextEvent(socket, 'disconnect');
    const started = Date.now();
    await second.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await ended)[0]).toBe('transport close');
  });
});
