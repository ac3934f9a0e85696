import type { Logger } from '@nestjs/common';

/**
 * The platform's one way of scheduling work: `pass` runs every `intervalMs` on this replica, one
 * pass at a time (the next is scheduled when one ends), on a timer that does not keep the process
 * alive; a failing pass is logged and the next one still comes. Every replica runs its own, so a
 * pass must be safe beside another replica's (claim rows `FOR UPDATE SKIP LOCKED`). Used by the
 * exam's attempt sweeper and messaging's notification sweep.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopping = false;

  constructor(
    private readonly logger: Logger,
    /** What a pass does, for the log (`sweep`). */
    private readonly what: string,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<unknown>,
  ) {}

  /** True once `stop()` was called: a long pass stops between its batches. */
  get stopped(): boolean {
    return this.stopping;
  }

  start(): void {
    this.schedule();
  }

  /** No pass starts any more; resolves when the one under way has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running.catch(() => undefined);
  }

  private schedule() {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch((error: unknown) =>
          this.logger.warn(`${this.what} failed, next in ${this.intervalMs} ms: ${String(error)}`),
        )
        .finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }
}
