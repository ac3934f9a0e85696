import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TaskExport } from './task-export.entity';
import { TaskExportsService } from './task-exports.service';

/** How often each replica looks for exports queued elsewhere (or left behind by a replica that stopped). */
const POLL_MS = 10_000;
/** A running export not finished after this long was left by a replica that stopped: it is run again. */
const STALE_MINUTES = 30;

/**
 * Runs the queued exports of task answers, one at a time per replica: at once when this replica
 * queues one ({@link kick}), and every 10 s for those queued on another replica or abandoned by a
 * replica that stopped mid-way (running for more than 30 minutes). An export is claimed with
 * `FOR UPDATE SKIP LOCKED`, so two replicas never make the same one.
 */
@Injectable()
export class TaskExportRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TaskExportRunner.name);
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly exports: TaskExportsService,
  ) {}

  onApplicationBootstrap() {
    this.kick();
    this.schedule();
  }

  async onModuleDestroy() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.draining?.catch(() => undefined);
  }

  /** Runs every export that can be claimed now (a kick while running makes it look once more). */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.logger.warn(`running exports failed: ${String(error)}`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) return;
      await this.exports.make(job);
    }
  }

  /** The oldest export waiting (or abandoned), now marked running; null when there is none. */
  private async claim(): Promise<TaskExport | null> {
    const [rows]: [Array<{ id: string }>, number] = await this.dataSource.query(
      `UPDATE task_exports SET status = 'running', started_at = now()
        WHERE id = (SELECT id FROM task_exports
                     WHERE status = 'queued'
                        OR (status = 'running' AND started_at < now() - make_interval(mins => $1))
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [STALE_MINUTES],
    );
    if (rows.length === 0) return null;
    return this.dataSource.getRepository(TaskExport).findOneByOrFail({ id: Number(rows[0].id) });
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.kick();
      this.schedule();
    }, POLL_MS);
    this.timer.unref();
  }
}
