import { MemoryStore } from './memory.store';

describe('MemoryStore bounds', () => {
  it('never holds more than its limit, however many distinct keys arrive', async () => {
    const store = new MemoryStore(Date.now, 1_000);
    let largest = 0;
    for (let i = 0; i < 20_000; i++) {
      if (i % 2) await store.hit(`rate:${i}`, 60_000);
      else await store.set(`value:${i}`, i, 60_000);
      largest = Math.max(largest, store.size);
    }
    expect(largest).toBe(1_000);
  });

  it('drops expired entries before live ones, and the least recently used live ones first', async () => {
    let now = 0;
    const store = new MemoryStore(() => now, 10);
    for (let i = 0; i < 5; i++) await store.set(`short:${i}`, i, 100);
    for (let i = 0; i < 5; i++) await store.set(`long:${i}`, i, 10_000);
    now = 200;
    await store.set('new', 'x', 10_000);
    expect(store.size).toBe(6);
    expect(await store.get('long:0')).toBe(0);

    for (let i = 0; i < 4; i++) await store.set(`more:${i}`, i, 10_000);
    expect(await store.get('long:0')).toBe(0); // read just now: the most recently used
    await store.set('overflow', 'y', 10_000);
    expect(await store.get('long:0')).toBe(0);
    expect(await store.get('long:1')).toBeUndefined(); // the least recently used went first
    expect(await store.get('overflow')).toBe('y');
  });
});
