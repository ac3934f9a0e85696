import { MicroBatcher } from './micro-batcher';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('MicroBatcher', () => {
  it('runs items submitted together as one batch and answers each its own outcome', async () => {
    const batches: number[][] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        batches.push(items);
        return items.map((item) => item * 10);
      },
      { maxWaitMs: 5, maxItems: 100, maxInFlight: 2 },
    );
    const answers = await Promise.all([1, 2, 3].map((n) => batcher.submit(n)));
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('runs a full batch at once and splits more items into batches of at most maxItems', async () => {
    const batches: number[][] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        batches.push(items);
        return items;
      },
      { maxWaitMs: 10_000, maxItems: 3, maxInFlight: 4 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n)))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('settles a caller only after its batch ended, and rejects every caller of a failed batch', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const batcher = new MicroBatcher<string, string>(
      async (items) => {
        calls++;
        await gate;
        if (items.includes('bad')) throw new Error('batch failed');
        return items;
      },
      { maxWaitMs: 1, maxItems: 10, maxInFlight: 1 },
    );
    let settled = false;
    const first = batcher.submit('bad').finally(() => (settled = true));
    const second = batcher.submit('good');
    await tick(20);
    expect(settled).toBe(false);
    release();
    await expect(first).rejects.toThrow('batch failed');
    await expect(second).rejects.toThrow('batch failed');
    expect(calls).toBe(1);
    expect(await batcher.submit('again')).toBe('again');
  });

  it('holds items while maxInFlight batches run and sends them together after', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await gate;
        return items;
      },
      { maxWaitMs: 1, maxItems: 100, maxInFlight: 1 },
    );
    const first = batcher.submit(1);
    await tick(10);
    const rest = [2, 3, 4].map((n) => batcher.submit(n));
    await tick(10);
    expect(batcher.load).toEqual({ inFlight: 1, waiting: 3 });
    release();
    expect(await Promise.all([first, ...rest])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });
});
