import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { UnitOfWork } from '@lms/events';
import { SAVE_GRACE_SECONDS } from './answer-saver';
import { AttemptsService } from './attempts.service';

/** Injection token of the sweeper's settings (from ATTEMPT_SWEEP_INTERVAL_MS). */
export const SWEEPER_SETTINGS = Symbol('SWEEPER_SETTINGS');
export interface SweeperSettings {
  /** Milliseconds between two sweeps. */
  intervalMs: number;
}

/** Attempts finished per transaction; a sweep takes batches until none is left. */
const SWEEP_BATCH = 200;

/**
 * Finishes attempts whose deadline (plus the save grace) has passed and nobody finished: each
 * replica sweeps every `intervalMs`; the attempts are claimed `FOR UPDATE SKIP LOCKED`, so
 * replicas sweeping at once share the work, and finished under that lock, so none ends twice.
 */
@Injectable()
export class AttemptSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AttemptSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly unit: UnitOfWork,
    private readonly attempts: AttemptsService,
    @Inject(SWEEPER_SETTINGS) private readonly settings: SweeperSettings,
  ) {}

  onApplicationBootstrap() {
    this.schedule();
  }

  async onModuleDestroy() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One sweep: finishes every overdue attempt it can claim; how many it finished. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const finished = await this.unit.run(async (manager) => {
        const due: Array<{ id: string }> = await manager.query(
          `SELECT id FROM student_exams
            WHERE NOT is_finished AND end_at IS NOT NULL AND end_at < now() - make_interval(secs => $1)
            ORDER BY end_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [SAVE_GRACE_SECONDS, SWEEP_BATCH],
        );
        let count = 0;
        for (const { id } of due) if (await this.attempts.finishIn(manager, Number(id), 'deadline')) count++;
        return { count, full: due.length === SWEEP_BATCH };
      });
      total += finished.count;
      if (!finished.full || this.stopped) return total;
    }
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .then((count) => {
          if (count > 0) this.logger.log(`finished ${count} attempt(s) at their deadline`);
        })
        .catch((error: unknown) =>
          this.logger.warn(`sweep failed, next in ${this.settings.intervalMs} ms: ${String(error)}`),
        )
        .finally(() => this.schedule());
    }, this.settings.intervalMs);
    this.timer.unref();
  }
}
