import { MemoryStore } from './memory.store';
import { RedisStore } from './redis.store';
import type { KeyValueStore } from './store';

/** Redis when `REDIS_URL` is set (stack mode, Kubernetes), otherwise this process's memory. */
export function storeFromEnv(service: string, env: NodeJS.ProcessEnv = process.env): KeyValueStore {
  return env.REDIS_URL ? new RedisStore(env.REDIS_URL, `lms:${service}:`) : new MemoryStore();
}
