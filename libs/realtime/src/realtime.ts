import type { Server as HttpServer } from 'node:http';
import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { createAdapter } from '@socket.io/redis-adapter';
import { attach as attachEngine, type ServerOptions as EngineOptions } from 'engine.io';
import Redis from 'ioredis';
import {
  type BroadcastOperator,
  type DefaultEventsMap,
  type ExtendedError,
  Server,
  type Socket,
} from 'socket.io';
import type { AuthContext, TokenVerifier } from '@lms/auth';
import { authenticateHandshake, HandshakeRefused } from './handshake';
import { trackSocketConnections } from './metrics';
import { tenantRoom, userRoom } from './rooms';

/** What each socket carries: the caller, as its access token vouched for it at the handshake. */
export interface SocketData {
  auth: AuthContext;
}

/** Events as socket.io types them: name → listener signature (an interface of the service's). */
export interface EventsMap {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket.io's own constraint
  [event: string]: any;
}

export type RealtimeSocket<
  ServerEvents extends EventsMap = DefaultEventsMap,
  ClientEvents extends EventsMap = DefaultEventsMap,
> = Socket<ClientEvents, ServerEvents, DefaultEventsMap, SocketData>;

export interface RealtimeOptions {
  /** Where socket.io is served, e.g. `/socket/messages`; the gateway forwards that path unchanged. */
  path: string;
  /**
   * The campus (tenant id) served at a host name, or null when none is: a handshake is accepted
   * only when this is the campus of its token. The host is the gateway's `x-forwarded-host`.
   */
  campusOfHost(host: string): Promise<number | null>;
  /** Set in stack mode and on Kubernetes: the Redis adapter, so every replica's emits reach every client. */
  redisUrl?: string;
  /** engine.io settings (ping interval and timeout, largest message); socket.io's defaults otherwise. */
  engine?: Pick<EngineOptions, 'pingInterval' | 'pingTimeout' | 'maxHttpBufferSize'>;
}

/**
 * socket.io on a service's own HTTP server, at one path. The socket.io server is attached
 * directly to the Nest application's underlying Node server (`getHttpServer()`, Fastify's
 * `server`): engine.io takes the requests and upgrades under `path` and passes every other
 * request on to Fastify. That needs no `@nestjs/websockets` gateway or IoAdapter (whose Fastify
 * support is the same attach underneath) and lets a service emit from any provider.
 *
 * Every socket is authenticated at the handshake (see `authenticateHandshake`) and joins
 * `tenant:{tenantId}` and `user:{tenantId}:{userId}`. Emits go through the adapter: in memory
 * (one process: all-in-one) or Redis pub/sub (`redisUrl`: stack mode), so an emit on any replica
 * reaches the user's sockets on every replica.
 *
 * Room names other than the two above are the service's (`course:{id}`): ids are unique across
 * campuses, and only the server puts sockets in rooms.
 */
export class Realtime<
  ServerEvents extends EventsMap = DefaultEventsMap,
  ClientEvents extends EventsMap = DefaultEventsMap,
>
  implements OnModuleInit, OnModuleDestroy
{
  private readonly logger = new Logger('Realtime');
  private io?: Server<ClientEvents, ServerEvents, DefaultEventsMap, SocketData>;
  private redis: Redis[] = [];
  private closed = false;
  private untrackConnections = () => undefined as unknown;
  private readonly handlers: Array<(socket: RealtimeSocket<ServerEvents, ClientEvents>) => unknown> = [];

  constructor(
    private readonly options: RealtimeOptions,
    private readonly verifier: TokenVerifier,
    private readonly adapterHost: Pick<HttpAdapterHost, 'httpAdapter'>,
  ) {}

  /** The socket.io server, for what the helpers below do not cover. */
  get server(): Server<ClientEvents, ServerEvents, DefaultEventsMap, SocketData> {
    if (!this.io) throw new Error('Realtime is not started: the Nest application is not initialised yet');
    return this.io;
  }

  /** Runs for every authenticated socket (register its event listeners, join it to rooms). */
  onConnection(handler: (socket: RealtimeSocket<ServerEvents, ClientEvents>) => unknown): void {
    this.handlers.push(handler);
  }

  /** Every socket of one user (all tabs and devices, on every replica). */
  toUser(tenantId: number, userId: number): BroadcastOperator<ServerEvents, SocketData> {
    return this.server.to(userRoom(tenantId, userId));
  }

  /** Every socket of one campus. */
  toTenant(tenantId: number): BroadcastOperator<ServerEvents, SocketData> {
    return this.server.to(tenantRoom(tenantId));
  }

  /** Every socket in a room the service named (`course:12`). */
  toRoom(room: string): BroadcastOperator<ServerEvents, SocketData> {
    return this.server.to(room);
  }

  /** Puts every socket of a user, on every replica, in `room` (and so in its emits). */
  joinUser(tenantId: number, userId: number, room: string): void {
    this.server.in(userRoom(tenantId, userId)).socketsJoin(room);
  }

  /** Takes every socket of a user, on every replica, out of `room`. */
  leaveUser(tenantId: number, userId: number, room: string): void {
    this.server.in(userRoom(tenantId, userId)).socketsLeave(room);
  }

  async onModuleInit(): Promise<void> {
    const httpServer = this.adapterHost.httpAdapter.getHttpServer() as HttpServer;
    const io = new Server<ClientEvents, ServerEvents, DefaultEventsMap, SocketData>({
      path: this.options.path,
      serveClient: false,
    });
    if (this.options.redisUrl) {
      const pub = new Redis(this.options.redisUrl, { maxRetriesPerRequest: 3 });
      const sub = pub.duplicate();
      this.redis = [pub, sub];
      for (const client of this.redis) {
        client.on('error', (error: Error) => this.warn(`Redis: ${error.message}`));
      }
      // The adapter publishes without awaiting: an emit while Redis is away (or after close)
      // must cost a warning, not an unhandled rejection that stops the process.
      const publish = pub.publish.bind(pub);
      pub.publish = ((channel: string, message: string | Buffer) =>
        publish(channel, message).catch((error: Error) => {
          this.warn(`Redis publish failed, an emit did not reach other replicas: ${error.message}`);
          return 0;
        })) as Redis['publish'];
      io.adapter(createAdapter(pub, sub, { key: `lms:socket.io:${this.options.path}` }));
      // The adapter subscribed on `sub`; a PING answered after it means the subscriptions are
      // live, so this replica misses no emit of another one once the application listens.
      try {
        await sub.ping();
      } catch (error) {
        await Promise.all(this.redis.map(quit));
        throw new Error(`realtime: Redis (REDIS_URL) did not answer: ${(error as Error).message}`);
      }
    }
    io.use((socket, next) => {
      authenticateHandshake(socket.handshake, this.verifier, this.options.campusOfHost).then(
        (auth) => {
          socket.data.auth = auth;
          next();
        },
        (error: unknown) => {
          const refused =
            error instanceof HandshakeRefused ? error : new HandshakeRefused('Handshake failed', 503);
          if (!(error instanceof HandshakeRefused)) this.logger.error(error);
          const failure: ExtendedError = Object.assign(new Error(refused.message), {
            data: { status: refused.status },
          });
          next(failure);
        },
      );
    });
    io.on('connection', (socket) => {
      const { tenantId, userId } = socket.data.auth;
      void socket.join([tenantRoom(tenantId), userRoom(tenantId, userId)]);
      for (const handler of this.handlers) {
        try {
          void Promise.resolve(handler(socket)).catch((error: unknown) => this.logger.error(error));
        } catch (error) {
          this.logger.error(error);
        }
      }
    });
    // engine.io attached by hand and bound, not `io.attach(server)`: socket.io's close() would then
    // close the HTTP server too, which is the Nest application's to close.
    io.bind(
      attachEngine(httpServer, {
        path: this.options.path,
        ...this.options.engine,
      }),
    );
    this.io = io;
    this.untrackConnections = trackSocketConnections(this.options.path, () => io.engine.clientsCount);
  }

  private lastWarning = 0;

  /** At most one warning every 10 s: a Redis outage must not flood the log. */
  private warn(message: string) {
    if (Date.now() - this.lastWarning < 10_000) return;
    this.lastWarning = Date.now();
    this.logger.warn(message);
  }

  /**
   * Before the HTTP server closes: disconnects this replica's sockets (their clients reconnect,
   * to another replica when there is one), then quits Redis. Emits made afterwards (a request
   * finishing during shutdown) reach nobody, and do not fail.
   */
  async onModuleDestroy(): Promise<void> {
    if (!this.io || this.closed) return;
    this.closed = true;
    this.untrackConnections();
    await this.io.close();
    await Promise.all(this.redis.map(quit));
  }
}

/** QUIT, and resolves once the connection is closed (not merely when Redis answered OK). */
function quit(client: Redis): Promise<void> {
  if (client.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    client.once('end', () => resolve());
    client.quit().catch(() => client.disconnect());
  });
}
