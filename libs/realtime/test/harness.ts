import { randomBytes } from 'node:crypto';
import {
  type CanActivate,
  type DynamicModule,
  type ExecutionContext,
  Module,
  UseGuards,
} from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { AuthModule } from '@lms/auth';
import { attributes, conflict, field, type AttributesOf } from '@lms/jsonapi';
import { createServiceApp } from '@lms/platform';
import {
  RealtimeEmitter,
  RealtimeModule,
  type RealtimeServer,
  type RealtimeSocket,
  SocketBody,
} from '@lms/realtime';

/** The campuses of the tests, by host name (a service finds them in its tenants projection). */
export const CAMPUSES: Record<string, number> = { 'campus-a.test': 1, 'campus-b.test': 2 };

/** Campus lookups held half-way through a handshake (see `holdHandshakes`). */
const held = new Map<string, { entered: () => void; released: Promise<void> }>();

/**
 * Holds the handshakes at `host` (a host of campus 1) when they look up its campus, after their
 * revocation check: `entered` resolves when one got there, `release` lets it go on.
 */
export function holdHandshakes(host: string): { entered: Promise<void>; release(): void } {
  let entered!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  held.set(host, { entered, released });
  return {
    entered: reached,
    release() {
      held.delete(host);
      release();
    },
  };
}

/** A session id of this run's own (the Redis of the tests outlives a run: revocations stay a minute). */
export const testSessionId = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

/** A path of this test file's own: replicas sharing Redis only hear the emits of their path. */
export const testSocketPath = () => `/socket/test-${randomBytes(4).toString('hex')}`;

const ChatMessage = attributes({
  text: field.string({ min: 1, max: 200 }),
  room_id: field.id(),
  at: field.date().optional(),
});
type ChatMessage = AttributesOf<typeof ChatMessage>;

class LecturersOnly implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return context.switchToWs().getClient<RealtimeSocket>().data.auth.role === 'lecturer';
  }
}

/** What a domain service declares: a Nest gateway with handlers, a body schema, a guard, a rule. */
@WebSocketGateway()
export class ChatGateway implements OnGatewayConnection {
  @WebSocketServer() server!: RealtimeServer;
  /** The users whose sockets reached `handleConnection`, in order. */
  readonly connected: number[] = [];

  handleConnection(socket: RealtimeSocket): void {
    this.connected.push(socket.data.auth.userId);
  }

  @SubscribeMessage('whoami')
  whoami(@ConnectedSocket() socket: RealtimeSocket) {
    return socket.data.auth;
  }

  @SubscribeMessage('chat')
  chat(@SocketBody(ChatMessage) message: ChatMessage) {
    return { text: message.text, room_id: message.room_id, at: message.at?.toISOString() ?? null };
  }

  @SubscribeMessage('echo')
  echo(@MessageBody() body: unknown) {
    return { echoed: body };
  }

  @SubscribeMessage('close-room')
  closeRoom(@MessageBody() room: unknown) {
    throw conflict(`Room ${String(room)} is already closed`);
  }

  @SubscribeMessage('crash')
  crash(): never {
    throw new Error('a bug with internal details');
  }

  @UseGuards(LecturersOnly)
  @SubscribeMessage('grade')
  grade() {
    return { graded: true };
  }
}

export interface SocketApp {
  app: NestFastifyApplication;
  emitter: RealtimeEmitter;
  gateway: ChatGateway;
  url: string;
}

@Module({})
class SocketTestModule {
  static forRoot(publicKeyPem: string, path: string, redisUrl?: string): DynamicModule {
    return {
      module: SocketTestModule,
      imports: [
        AuthModule.forRoot({ publicKeyPem }),
        RealtimeModule.forRoot({
          path,
          redisUrl,
          campusOfHost: async (host) => {
            const hold = held.get(host);
            if (!hold) return CAMPUSES[host] ?? null;
            hold.entered();
            await hold.released;
            return 1;
          },
          engine: { pingInterval: 5000, pingTimeout: 5000 },
        }),
      ],
      providers: [ChatGateway],
    };
  }
}

/** A Nest service (createServiceApp, as every service) serving its gateway at `path`. */
export async function startSocketApp(options: {
  publicKeyPem: string;
  path: string;
  redisUrl?: string;
}): Promise<SocketApp> {
  const app = await createServiceApp(
    SocketTestModule.forRoot(options.publicKeyPem, options.path, options.redisUrl),
    { name: 'realtime-test', logLevel: 'fatal' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('not listening on TCP');
  return {
    app,
    emitter: app.get(RealtimeEmitter),
    gateway: app.get(ChatGateway),
    url: `http://127.0.0.1:${address.port}`,
  };
}

/** A client that does not reconnect by itself, as the campus's browser at `host` would open it. */
export function openSocket(
  url: string,
  path: string,
  options: { token?: string; host?: string; headers?: Record<string, string> } & Partial<
    ManagerOptions & SocketOptions
  > = {},
): Socket {
  const { token, host, headers, ...rest } = options;
  return io(url, {
    path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: token ? { token } : {},
    extraHeaders: { ...(host ? { 'x-forwarded-host': host } : {}), ...headers },
    ...rest,
  });
}

const within = <T>(
  ms: number,
  what: string,
  run: (resolve: (value: T) => void, reject: (e: Error) => void) => void,
) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    run(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/** Resolves once connected; rejects with the `connect_error`. */
export function connected(socket: Socket, ms = 5000): Promise<Socket> {
  return within(ms, 'connect', (resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The `connect_error` of a refused handshake (fails when the socket connects). */
export function refused(socket: Socket, ms = 5000): Promise<Error & { data?: unknown }> {
  return within(ms, 'connect_error', (resolve, reject) => {
    socket.once('connect', () => reject(new Error('the socket connected')));
    socket.once('connect_error', resolve);
  });
}

/** The arguments of the next `event`. */
export function nextEvent(socket: Socket, event: string, ms = 5000): Promise<unknown[]> {
  return within(ms, `event "${event}"`, (resolve) =>
    socket.once(event, (...args: unknown[]) => resolve(args)),
  );
}

/** Every `event` the socket receives from now on. */
export function record(socket: Socket, event: string): unknown[][] {
  const seen: unknown[][] = [];
  socket.on(event, (...args: unknown[]) => seen.push(args));
  return seen;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
