import Redis from 'ioredis';
import type { KeyValueStore, WindowHit } from './store';

/** INCR, opening the window (PEXPIRE) on the first hit; answers the count and the time left. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Redis behind the store port (stack mode, Kubernetes). Keys are prefixed per service. */
export class RedisStore implements KeyValueStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3, enableOfflineQueue: true });
    this.redis.defineCommand('lmsHit', { numberOfKeys: 1, lua: HIT });
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.redis.get(this.prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', ttlMs);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const [count, ttl] = (await (
      this.redis as Redis & { lmsHit(key: string, windowMs: number): Promise<[number, number]> }
    ).lmsHit(this.prefix + key, windowMs)) as [number, number];
    return { count, resetInMs: ttl };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
