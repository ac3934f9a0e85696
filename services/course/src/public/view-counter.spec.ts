import { MemoryStore } from '@lms/cache';
import { JsonApiException } from '@lms/jsonapi';
import { VIEW_REPORTS_PER_MINUTE, VIEW_WINDOW_MS, ViewCounter } from './view-counter';

describe('ViewCounter', () => {
  let now: number;
  let counter: ViewCounter;

  beforeEach(() => {
    now = 1_000_000;
    counter = new ViewCounter(new MemoryStore(() => now));
  });

  it('counts a visitor once per course and hour', async () => {
    expect(await counter.admit(1, 10, '10.0.0.1')).toBe(true);
    expect(await counter.admit(1, 10, '10.0.0.1')).toBe(false);
    expect(await counter.admit(1, 11, '10.0.0.1')).toBe(true);
    expect(await counter.admit(1, 10, '10.0.0.2')).toBe(true);
    expect(await counter.admit(2, 10, '10.0.0.1')).toBe(true);
    now += VIEW_WINDOW_MS - 1;
    expect(await counter.admit(1, 10, '10.0.0.1')).toBe(false);
    now += 1;
    expect(await counter.admit(1, 10, '10.0.0.1')).toBe(true);
  });

  it('refuses an address reporting more than the limit a minute with a 429 and Retry-After', async () => {
    for (let course = 1; course <= VIEW_REPORTS_PER_MINUTE; course++) {
      await counter.admit(1, course, '10.0.0.1');
    }
    const refusal = await counter.admit(1, 999, '10.0.0.1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(JsonApiException);
    expect((refusal as JsonApiException).getStatus()).toBe(429);
    expect((refusal as JsonApiException).retryAfterSeconds).toBe(60);
    expect(await counter.admit(1, 999, '10.0.0.2')).toBe(true);
    now += 60_000;
    expect(await counter.admit(1, 999, '10.0.0.1')).toBe(true);
  });
});
