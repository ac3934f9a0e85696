import type { Logger } from '@nestjs/common';

/**
 * A job every replica runs every `intervalMs`, one run at a time: the next run is timed from the
 * end of the last (a slow run never overlaps the next), a failed run is logged and the job tries
 * again at the next tick, `stop()` waits for a run under way, and the timer never keeps the process
 * alive. Jobs that several replicas run at once share their work in the database (claims
 * `FOR UPDATE SKIP LOCKED`, or statements that are harmless twice).
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private started = false;
  private stopping = false;

  constructor(
    private readonly settings: { name: string; intervalMs: number; logger: Logger },
    private readonly run: () => Promise<void>,
  ) {}

  /** True once `stop()` was called: a long run stops between its batches. */
  get stopped(): boolean {
    return this.stopping;
  }

  /**
   * A run's batches: `batch` (one transaction claiming up to a batch of rows, `full` when it
   * claimed as many as it could take) again until one is not full or the job is stopping; how
   * many rows they handled in all.
   */
  async inBatches(batch: () => Promise<{ count: number; full: boolean }>): Promise<number> {
    let total = 0;
    for (;;) {
      const { count, full } = await batch();
      total += count;
      if (!full || this.stopping) return total;
    }
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule();
  }

  /** No run starts any more; resolves when the one under way has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }

  private schedule() {
    if (this.stopping) return;
    const { name, intervalMs, logger } = this.settings;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .catch((error: unknown) => logger.warn(`${name} failed, next in ${intervalMs} ms: ${String(error)}`))
        .finally(() => this.schedule());
    }, intervalMs);
    this.timer.unref();
  }
}
