import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows up to the limit in a window, then tells how long to wait', () => {
    const limiter = new RateLimiter(3, 60_000);
    expect([1, 2, 3].map(() => limiter.hit('ip', 1_000))).toEqual([0, 0, 0]);
    expect(limiter.hit('ip', 1_000)).toBe(60);
    expect(limiter.hit('ip', 31_000)).toBe(30);
    expect(limiter.hit('other', 31_000)).toBe(0);
  });

  it('starts a new window once the old one has passed', () => {
    const limiter = new RateLimiter(1, 1_000);
    expect(limiter.hit('ip', 0)).toBe(0);
    expect(limiter.hit('ip', 500)).toBe(1);
    expect(limiter.hit('ip', 1_000)).toBe(0);
  });
});
