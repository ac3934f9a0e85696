import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import { type KeyValueStore, MemoryStore, quitRedis, RedisStore } from '@lms/cache';

/** Where the list lives in Redis: one prefix for every service, unlike each service's own store. */
const REDIS_PREFIX = 'lms:sessions:';
/** The pub/sub channel on which a revocation is announced (its session id is the message). */
const REDIS_CHANNEL = `${REDIS_PREFIX}revoked`;

/** How a revocation reaches the processes that hold sockets of the session. */
interface RevocationNotices {
  publish(sessionId: string): Promise<void>;
  subscribe(listener: (sessionId: string) => void): () => void;
  /** Resolves once the subscriptions made so far hear every later publish. */
  listening(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process's list and notices (all-in-one mode: the gateway and every service in one
 * process), shared by every `RevokedSessions` of the process — the gateway's writes are the
 * services' reads. Never closed: it lives as long as the process.
 */
const inProcess = {
  store: new MemoryStore(),
  events: new EventEmitter().setMaxListeners(0),
};

const memoryNotices = (): RevocationNotices => {
  const mine = new Set<(sessionId: string) => void>();
  return {
    publish: async (sessionId) => void inProcess.events.emit('revoked', sessionId),
    subscribe(listener) {
      mine.add(listener);
      inProcess.events.on('revoked', listener);
      return () => {
        mine.delete(listener);
        inProcess.events.off('revoked', listener);
      };
    },
    listening: () => Promise.resolve(),
    async close() {
      for (const listener of mine) inProcess.events.off('revoked', listener);
      mine.clear();
    },
  };
};

/** Redis pub/sub; the subscriber connection is opened by the first `subscribe` only. */
const redisNotices = (url: string): RevocationNotices => {
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let subscribed: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(sessionId: string) => void>();
  return {
    async publish(sessionId) {
      publisher ??= new Redis(url, { maxRetriesPerRequest: 3 });
      await publisher.publish(REDIS_CHANNEL, sessionId);
    },
    subscribe(listener) {
      if (!subscriber) {
        subscriber = new Redis(url, { maxRetriesPerRequest: 3 });
        // A connection error is retried by ioredis; the listener must exist or it is thrown.
        subscriber.on('error', () => undefined);
        subscriber.on('message', (channel: string, sessionId: string) => {
          if (channel === REDIS_CHANNEL) for (const each of listeners) each(sessionId);
        });
        subscribed = subscriber.subscribe(REDIS_CHANNEL);
        subscribed.catch(() => undefined);
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async listening() {
      await subscribed;
    },
    async close() {
      listeners.clear();
      await Promise.all([publisher, subscriber].map((client) => (client ? quitRedis(client) : undefined)));
    },
  };
};

export interface RevokedSessionsOptions {
  /** Redis (stack mode, Kubernetes): every replica of every service shares the list. Else this process's memory. */
  redisUrl?: string;
}

/**
 * Sign-in sessions (the `sid` claim of access tokens) ended before their access tokens expire:
 * by a logout, or by identity revoking a session whose refresh token was used twice. The
 * gateway writes them and refuses their tokens on every proxied request; every service serving
 * a socket refuses them at the handshake (where the token travels inside socket.io's payload,
 * out of the gateway's sight) and disconnects the session's open sockets when told.
 *
 * In Redis under `lms:sessions:` (one list for all services, unlike their own stores) with the
 * revocations announced on the `lms:sessions:revoked` channel; without Redis, in one list per
 * process, which in all-in-one mode is shared by the gateway and every service.
 */
export class RevokedSessions {
  private constructor(
    private readonly store: KeyValueStore,
    private readonly notices: RevocationNotices,
    private readonly ownsStore: boolean,
  ) {}

  static open(options: RevokedSessionsOptions = {}): RevokedSessions {
    return options.redisUrl
      ? new RevokedSessions(
          new RedisStore(options.redisUrl, REDIS_PREFIX),
          redisNotices(options.redisUrl),
          true,
        )
      : new RevokedSessions(inProcess.store, memoryNotices(), false);
  }

  /**
   * Ends a session's access tokens for `lifetimeMs` (as long as one issued just before can stay
   * valid), and tells every holder of its sockets.
   */
  async revoke(sessionId: string, lifetimeMs: number): Promise<void> {
    if (!sessionId) return;
    await this.store.set(`revoked:${sessionId}`, true, lifetimeMs);
    await this.notices.publish(sessionId);
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    if (!sessionId) return false;
    return (await this.store.get<boolean>(`revoked:${sessionId}`)) === true;
  }

  /** Calls `listener` with each session revoked from now on, by any process; returns the unsubscribe. */
  onRevoked(listener: (sessionId: string) => void): () => void {
    return this.notices.subscribe(listener);
  }

  /** Resolves once the `onRevoked` listeners hear every later revocation (Redis: subscribed). */
  listening(): Promise<void> {
    return this.notices.listening();
  }

  async close(): Promise<void> {
    await this.notices.close();
    if (this.ownsStore) await this.store.close();
  }

  /** As a Nest provider (the gateway's), closed with the application. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }
}
