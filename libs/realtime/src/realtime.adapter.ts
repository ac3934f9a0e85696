import type { Server as HttpServer } from 'node:http';
import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { attach as attachEngine, type ServerOptions as EngineOptions } from 'engine.io';
import Redis from 'ioredis';
import {
  type DefaultEventsMap,
  type ExtendedError,
  Server,
  type ServerOptions,
  type Socket,
} from 'socket.io';
import { type AuthContext, RevokedSessions, type TokenVerifier } from '@lms/auth';
import { quitRedis } from '@lms/cache';
import { authenticateHandshake, HandshakeRefused } from './handshake';
import { trackSocketConnections } from './metrics';
import { sessionRoom, tenantRoom, userRoom } from './rooms';

/** What each socket carries: the caller, as its access token vouched for it at the handshake. */
export interface SocketData {
  auth: AuthContext;
}

/** Events as socket.io types them: name → listener signature (an interface of the service's). */
export interface EventsMap {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket.io's own constraint
  [event: string]: any;
}

/** A client's socket in a gateway (`@ConnectedSocket() socket: RealtimeSocket<ServerEvents>`). */
export type RealtimeSocket<
  ServerEvents extends EventsMap = DefaultEventsMap,
  ClientEvents extends EventsMap = DefaultEventsMap,
> = Socket<ClientEvents, ServerEvents, DefaultEventsMap, SocketData>;

/** The service's socket.io server (`@WebSocketServer() server: RealtimeServer<ServerEvents>`). */
export type RealtimeServer<
  ServerEvents extends EventsMap = DefaultEventsMap,
  ClientEvents extends EventsMap = DefaultEventsMap,
> = Server<ClientEvents, ServerEvents, DefaultEventsMap, SocketData>;

export interface RealtimeOptions {
  /** Where socket.io is served, e.g. `/socket/messages`; the gateway forwards that path unchanged. */
  path: string;
  /**
   * The campus (tenant id) served at a host name, or null when none is: a handshake is accepted
   * only when this is the campus of its token. The host is the gateway's `x-forwarded-host`.
   */
  campusOfHost(host: string): Promise<number | null>;
  /**
   * Set in stack mode and on Kubernetes: the Redis adapter, so every replica's emits reach every
   * client, and the revoked sessions the gateway lists there. Else both stay in this process.
   */
  redisUrl?: string;
  /** engine.io settings (ping interval and timeout, largest message); socket.io's defaults otherwise. */
  engine?: Pick<EngineOptions, 'pingInterval' | 'pingTimeout' | 'maxHttpBufferSize'>;
}

type GatewayServerOptions = Partial<ServerOptions> & { namespace?: unknown; server?: unknown };

/**
 * The Nest WebSocket adapter of a service (`@nestjs/platform-socket.io`'s `IoAdapter`, which maps
 * `@SubscribeMessage` handlers and acknowledgements): every `@WebSocketGateway()` of the service
 * is served by one socket.io server at `options.path` on the service's own HTTP server.
 *
 * engine.io is attached to the Node server by hand and bound (not `new Server(httpServer)`): it
 * takes the requests and upgrades under `path` and passes every other request on to Fastify, and
 * closing socket.io leaves the HTTP server, which is the Nest application's, alone.
 *
 * Every socket is authenticated at the handshake (`authenticateHandshake`: token, campus of the
 * host, revoked sessions) and joins `tenant:{tenantId}`, `user:{tenantId}:{userId}` and
 * `session:{sessionId}` before any gateway's `handleConnection` runs. When the gateway revokes a
 * session (logout, refresh-token reuse), this replica disconnects that session's sockets. Emits
 * go through socket.io's adapter: in memory (one process: all-in-one) or Redis pub/sub
 * (`redisUrl`: stack mode), so an emit on any replica reaches the user's sockets on every replica.
 */
export class RealtimeAdapter extends IoAdapter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private readonly revoked: RevokedSessions;
  private io?: RealtimeServer;
  private redis: Redis[] = [];
  private closed?: Promise<void>;
  private stopTracking = (): unknown => undefined;
  private stopHearing = (): unknown => undefined;
  private lastWarning = 0;

  constructor(
    private readonly options: RealtimeOptions,
    private readonly verifier: TokenVerifier,
    private readonly adapterHost: Pick<HttpAdapterHost, 'httpAdapter'>,
  ) {
    super();
    this.revoked = RevokedSessions.open({ redisUrl: options.redisUrl });
  }

  /** The socket.io server, started on first use (a gateway, or an emit of a service without one). */
  get server(): RealtimeServer {
    // After shutdown a server that serves nothing: a late emit reaches nobody, and does not fail.
    this.io ??= this.closed ? new Server({ serveClient: false }) : this.start();
    return this.io;
  }

  /**
   * Nest asks for the server of each `@WebSocketGateway`: they all share the service's one. What
   * would make a gateway listen elsewhere, or configure socket.io its own way, is a wiring fault.
   */
  override create(port: number, options: GatewayServerOptions = {}): RealtimeServer {
    const { namespace, server: _server, path, ...rest } = options;
    const refuse = (what: string) => {
      throw new Error(`@WebSocketGateway: ${what} (socket.io is configured once, in RealtimeModule.forRoot)`);
    };
    if (port) refuse(`port ${port} is not taken: a gateway is served on the service's own HTTP port`);
    if (path !== undefined && path !== this.options.path)
      refuse(`path ${path} is not served: this service's sockets are at ${this.options.path}`);
    if (namespace !== undefined && namespace !== '/')
      refuse(`namespace ${String(namespace)} is not taken: gateways share the default namespace`);
    const unknown = Object.keys(rest);
    if (unknown.length) refuse(`options ${unknown.join(', ')} are not taken`);
    return this.server;
  }

  /** Every server Nest created is the one this adapter owns: closed in `dispose`. */
  override async close(): Promise<void> {}

  override async dispose(): Promise<void> {
    await this.shutdown();
  }

  /** Before the application listens: this replica hears every other one's emits from the start. */
  async onModuleInit(): Promise<void> {
    void this.server;
    const sub = this.redis[1];
    try {
      // The adapter subscribed on `sub`; a PING answered after it means the subscriptions are live.
      await Promise.all([sub?.ping(), this.revoked.listening()]);
    } catch (error) {
      await this.shutdown();
      throw new Error(`realtime: Redis (REDIS_URL) did not answer: ${(error as Error).message}`);
    }
  }

  /** Before the HTTP server closes, whichever of Nest's hooks comes first. */
  async onModuleDestroy(): Promise<void> {
    await this.shutdown();
  }

  private start(): RealtimeServer {
    const { path } = this.options;
    const httpServer = this.adapterHost.httpAdapter.getHttpServer() as HttpServer;
    const io: RealtimeServer = new Server({ path, serveClient: false });
    if (this.options.redisUrl) io.adapter(this.redisAdapter(this.options.redisUrl));
    io.use((socket, next) => {
      authenticateHandshake(socket.handshake, this.verifier, this.options.campusOfHost, this.revoked).then(
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
    // Registered before any gateway's (Nest binds them later): the rooms are joined first.
    io.on('connection', (socket) => {
      const { tenantId, userId, sessionId } = socket.data.auth;
      const rooms = [tenantRoom(tenantId), userRoom(tenantId, userId)];
      if (sessionId) rooms.push(sessionRoom(sessionId));
      void socket.join(rooms);
      // A revocation announced while the handshake was checked found no socket in the session's
      // room yet: once in it, the list is read again (it is written before the announcement).
      if (sessionId) {
        this.revoked.isRevoked(sessionId).then(
          (ended) => ended && socket.disconnect(true),
          () => undefined,
        );
      }
    });
    io.bind(attachEngine(httpServer, { path, ...this.options.engine }));
    this.stopTracking = trackSocketConnections(path, () => io.engine.clientsCount);
    // Every replica hears the revocation itself: each disconnects its own sockets of the session.
    this.stopHearing = this.revoked.onRevoked((sessionId) =>
      io.local.in(sessionRoom(sessionId)).disconnectSockets(true),
    );
    return io;
  }

  private redisAdapter(url: string) {
    const pub = new Redis(url, { maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    this.redis = [pub, sub];
    for (const client of this.redis) {
      client.on('error', (error: Error) => this.warn(`Redis: ${error.message}`));
    }
    // The adapter publishes without awaiting: an emit while Redis is away (or after close) must
    // cost a warning, not an unhandled rejection that stops the process.
    const publish = pub.publish.bind(pub);
    pub.publish = ((channel: string, message: string | Buffer) =>
      publish(channel, message).catch((error: Error) => {
        this.warn(`Redis publish failed, an emit did not reach other replicas: ${error.message}`);
        return 0;
      })) as Redis['publish'];
    return createAdapter(pub, sub, { key: `lms:socket.io:${this.options.path}` });
  }

  /** At most one warning every 10 s: a Redis outage must not flood the log. */
  private warn(message: string) {
    if (Date.now() - this.lastWarning < 10_000) return;
    this.lastWarning = Date.now();
    this.logger.warn(message);
  }

  /**
   * Disconnects this replica's sockets (their clients reconnect, to another replica when there is
   * one), then quits Redis. Emits made afterwards (a request finishing during shutdown) reach
   * nobody, and do not fail.
   */
  private shutdown(): Promise<void> {
    this.closed ??= (async () => {
      this.stopHearing();
      this.stopTracking();
      if (this.io) await this.io.close();
      await Promise.all([...this.redis.map(quitRedis), this.revoked.close()]);
    })();
    return this.closed;
  }
}
