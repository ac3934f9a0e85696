/** A fixed window's count after a hit, and how long until the window starts over. */
export interface WindowHit {
  count: number;
  resetInMs: number;
}

/**
 * The port of the shared short-lived state: cached values and rate-limit counters. In memory
 * in all-in-one mode (one process); Redis in stack mode and on Kubernetes, so every replica
 * of a service sees the same counters and cache.
 */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Counts a hit in the fixed window of `windowMs` that the first hit of the key opened. */
  hit(key: string, windowMs: number): Promise<WindowHit>;
  close(): Promise<void>;
}
