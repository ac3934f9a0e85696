import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PeriodicJob } from '@lms/platform';

/** How often each replica sweeps. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Rows deleted per statement, so that a first sweep of a large table never holds long locks. */
const SWEEP_BATCH = 5000;

/**
 * What identity keeps no longer than it needs (the retention rules, docs/operations.md):
 * - a self-registration never verified and a password-reset link, one day after the link expired
 *   (a registration holds the visitor's name, address and password hash);
 * - a refresh token, 30 days after it expired: until then a stolen token presented again still
 *   ends the whole sign-in (its family), as a used one does; after that it is refused as unknown.
 */
const RULES = [
  { table: 'registrations', after: '1 day' },
  { table: 'password_resets', after: '1 day' },
  { table: 'refresh_tokens', after: '30 days' },
] as const;

/** Deletes, every hour on each replica, what identity no longer keeps (RULES). */
@Injectable()
export class RetentionSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionSweeper.name);
  private readonly job = new PeriodicJob(
    { name: 'retention sweep', intervalMs: SWEEP_INTERVAL_MS, logger: this.logger },
    async () => {
      const deleted = await this.sweep();
      for (const [table, count] of Object.entries(deleted))
        if (count > 0) this.logger.log(`deleted ${count} expired row(s) of ${table}`);
    },
  );

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap() {
    this.job.start();
  }

  async onModuleDestroy() {
    await this.job.stop();
  }

  /** One sweep: the rows deleted, by table. Replicas sweeping at once delete each row once. */
  async sweep(): Promise<Record<(typeof RULES)[number]['table'], number>> {
    const deleted = { registrations: 0, password_resets: 0, refresh_tokens: 0 };
    for (const { table, after } of RULES)
      for (;;) {
        const [, count]: [unknown, number] = await this.dataSource.query(
          `DELETE FROM ${table} WHERE ctid = ANY (ARRAY(
             SELECT ctid FROM ${table} WHERE expires_at < now() - interval '${after}'
              LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED))`,
        );
        deleted[table] += count;
        if (count < SWEEP_BATCH) break;
      }
    return deleted;
  }
}
