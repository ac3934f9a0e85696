import { NearCache } from './near-cache';

describe('NearCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('hands out a value until its time is up, then forgets it', () => {
    const cache = new NearCache<string, number>(5_000, 10, clock);
    cache.set('a', 1);
    now += 4_999;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps null apart from nothing stored', () => {
    const cache = new NearCache<string, number | null>(5_000, 10, clock);
    cache.set('none', null);
    expect(cache.get('none')).toBeNull();
    expect(cache.get('other')).toBeUndefined();
  });

  it('counts the time of a value from when it was last set', () => {
    const cache = new NearCache<string, number>(5_000, 10, clock);
    cache.set('a', 1);
    now += 4_000;
    cache.set('a', 2);
    now += 4_000;
    expect(cache.get('a')).toBe(2);
  });

  it('holds at most maxEntries, pushing out the one set longest ago', () => {
    const cache = new NearCache<number, number>(5_000, 3, clock);
    for (const key of [1, 2, 3]) cache.set(key, key);
    cache.set(1, 10);
    cache.set(4, 4);
    expect(cache.size).toBe(3);
    expect(cache.get(2)).toBeUndefined();
    expect([cache.get(1), cache.get(3), cache.get(4)]).toEqual([10, 3, 4]);
  });

  it('forgets a deleted value at once, and keeps nothing with no time to keep it', () => {
    const cache = new NearCache<string, number>(5_000, 10, clock);
    cache.set('a', 1);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    const off = new NearCache<string, number>(0, 10, clock);
    off.set('a', 1);
    expect(off.get('a')).toBeUndefined();
  });
});
