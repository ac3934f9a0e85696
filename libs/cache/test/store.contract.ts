import { randomBytes } from 'node:crypto';
import type { KeyValueStore } from '@lms/cache';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The contract every key-value store passes (memory and Redis alike). */
export function describeStoreContract(name: string, make: () => Promise<KeyValueStore>) {
  describe(`${name} store contract`, () => {
    let store: KeyValueStore;
    const key = () => `contract:${randomBytes(6).toString('hex')}`;

    beforeAll(async () => {
      store = await make();
    });

    afterAll(async () => {
      await store.close();
    });

    it('keeps a value until its time-to-live passes', async () => {
      const k = key();
      await store.set(k, { name: 'Universitas Demo', ids: [1, 2] }, 300);
      expect(await store.get(k)).toEqual({ name: 'Universitas Demo', ids: [1, 2] });
      await sleep(400);
      expect(await store.get(k)).toBeUndefined();
    });

    it('forgets a deleted value', async () => {
      const k = key();
      await store.set(k, 'x', 10_000);
      await store.delete(k);
      expect(await store.get(k)).toBeUndefined();
    });

    it('counts hits in a fixed window and starts over when it ends', async () => {
      const k = key();
      expect((await store.hit(k, 400)).count).toBe(1);
      expect((await store.hit(k, 400)).count).toBe(2);
      const third = await store.hit(k, 400);
      expect(third.count).toBe(3);
      expect(third.resetInMs).toBeGreaterThan(0);
      expect(third.resetInMs).toBeLessThanOrEqual(400);
      await sleep(500);
      expect((await store.hit(k, 400)).count).toBe(1);
    });

    it('counts concurrent hits exactly', async () => {
      const k = key();
      const hits = await Promise.all(Array.from({ length: 50 }, () => store.hit(k, 10_000)));
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    });
  });
}
