import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { UnitOfWork } from '@lms/events';
import { PeriodicJob } from '@lms/platform';
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
  private readonly task: PeriodicJob;

  constructor(
    private readonly unit: UnitOfWork,
    private readonly attempts: AttemptsService,
    @Inject(SWEEPER_SETTINGS) settings: SweeperSettings,
  ) {
    this.task = new PeriodicJob(
      { name: 'sweep', intervalMs: settings.intervalMs, logger: this.logger },
      async () => {
        const count = await this.sweep();
        if (count > 0) this.logger.log(`finished ${count} attempt(s) at their deadline`);
      },
    );
  }

  onApplicationBootstrap() {
    this.task.start();
  }

  async onModuleDestroy() {
    await this.task.stop();
  }

  /** One sweep: finishes every overdue attempt it can claim; how many it finished. */
  async sweep(): Promise<number> {
    return this.task.inBatches(() =>
      this.unit.run(async (manager) => {
        const due: Array<{ id: string }> = await manager.query(
          `SELECT id FROM student_exams
            WHERE NOT is_finished AND end_at IS NOT NULL AND end_at < now() - make_interval(secs => $1)
            ORDER BY end_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [SAVE_GRACE_SECONDS, SWEEP_BATCH],
        );
        let count = 0;
        for (const { id } of due) if (await this.attempts.finishIn(manager, Number(id), 'deadline')) count++;
        return { count, full: due.length === SWEEP_BATCH };
      }),
    );
  }
}
