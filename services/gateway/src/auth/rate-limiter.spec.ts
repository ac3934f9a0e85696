import { MemoryStore } from '@lms/cache';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  let now = 0;
  const store = new MemoryStore(() => now);

  it('allows up to the limit in a window, then tells how long to wait', async () => {
    now = 1_000;
    const limiter = new RateLimiter(store, 'login', 3, 60_000);
    expect([await limiter.hit('ip'), await limiter.hit('ip'), await limiter.hit('ip')]).toEqual([0, 0, 0]);
    expect(await limiter.hit('ip')).toBe(60);
    now = 31_000;
    expect(await limiter.hit('ip')).toBe(30);
    expect(await limiter.hit('other')).toBe(0);
  });

  it('starts a new window once the old one has passed', async () => {
    now = 0;
    const limiter = new RateLimiter(store, 'short', 1, 1_000);
    expect(await limiter.hit('ip')).toBe(0);
    now = 500;
    expect(await limiter.hit('ip')).toBe(1);
    now = 1_000;
    expect(await limiter.hit('ip')).toBe(0);
  });
});
