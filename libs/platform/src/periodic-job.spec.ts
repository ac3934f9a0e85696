import { Logger } from '@nestjs/common';
import { PeriodicJob } from './periodic-job';

describe('PeriodicJob', () => {
  const logger = new Logger('test');
  const warnings: string[] = [];
  beforeAll(() =>
    jest.spyOn(logger, 'warn').mockImplementation((message: string) => void warnings.push(message)),
  );
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs again after each run ends, never two at once, keeps going after a failure, and stop waits for a run', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    let finished = 0;
    const job = new PeriodicJob({ name: 'test job', intervalMs: 5, logger }, async () => {
      overlapped ||= running > 0;
      running += 1;
      runs += 1;
      await pause(20);
      running -= 1;
      finished += 1;
      if (runs === 2) throw new Error('the database went away');
    });
    job.start();
    job.start(); // a second start changes nothing
    while (runs < 4) await pause(5);
    await job.stop();
    expect(overlapped).toBe(false);
    expect(finished).toBe(runs);
    expect(warnings).toEqual(['test job failed, next in 5 ms: Error: the database went away']);
    const after = runs;
    await pause(50);
    expect(runs).toBe(after);
  });

  it('takes batches until one is not full, or until the job is stopping', async () => {
    const job = new PeriodicJob({ name: 'batches', intervalMs: 1000, logger }, async () => undefined);
    const sizes = [100, 100, 37, 100];
    const taken: number[] = [];
    const batch = async () => {
      const count = sizes[taken.length];
      taken.push(count);
      return { count, full: count === 100 };
    };
    expect(await job.inBatches(batch)).toBe(237);
    expect(taken).toEqual([100, 100, 37]);

    taken.length = 0;
    await job.stop();
    expect(await job.inBatches(batch)).toBe(100);
    expect(taken).toEqual([100]);
  });
});
