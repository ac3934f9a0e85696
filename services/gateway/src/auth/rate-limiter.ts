import type { KeyValueStore } from '@lms/cache';

/**
 * Fixed-window counter per key, kept in the shared store (Redis in stack mode, so all gateway
 * replicas count together). Answers how many seconds remain until the key may try again, or 0
 * when the attempt is allowed.
 */
export class RateLimiter {
  constructor(
    private readonly store: KeyValueStore,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string): Promise<number> {
    const { count, resetInMs } = await this.store.hit(`rate:${this.name}:${key}`, this.windowMs);
    return count > this.limit ? Math.max(1, Math.ceil(resetInMs / 1000)) : 0;
  }
}
