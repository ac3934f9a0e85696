export type { KeyValueStore, WindowHit } from './store';
export { MemoryStore } from './memory.store';
export { RedisStore } from './redis.store';
export { storeFromEnv } from './from-env';
export { quitRedis } from './quit-redis';
export { NearCache } from './near-cache';
