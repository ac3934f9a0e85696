import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EventEnvelope } from './envelope';
import { eventsPublished, trackOutbox } from './metrics';
import type { EventTransport } from './transport';

export interface OutboxRelayOptions {
  service: string;
  intervalMs?: number;
  batchSize?: number;
  /** Hours a published row is kept before the relay deletes it (`OUTBOX_RETENTION_HOURS`). */
  retentionHours?: number;
}

/** How often the relay deletes the published rows past their retention. */
const PRUNE_EVERY_MS = 3_600_000;

/** `OUTBOX_RETENTION_HOURS`: hours a published outbox row is kept (168, one week). */
export function outboxRetentionHours(value = process.env.OUTBOX_RETENTION_HOURS): number {
  if (value === undefined || value === '') return 168;
  const hours = Number(value);
  if (!Number.isInteger(hours) || hours < 1)
    throw new Error(`OUTBOX_RETENTION_HOURS must be a whole number of hours, at least 1 (got "${value}")`);
  return hours;
}

interface OutboxRow {
  id: string;
  topic: string;
  partition_key: string;
  envelope: EventEnvelope;
}

/**
 * Publishes committed outbox rows in the order they were written (`seq`), one at a time, so the
 * events of a transaction leave in the order it recorded them and one aggregate's events (one
 * partition key) in the order their transactions changed it. One relay of a database publishes
 * at a time (a transaction-scoped advisory lock; a replica that finds it taken leaves the pass
 * to the holder): two relays publishing disjoint batches at once would interleave them.
 * A transaction that commits after rows with a higher `seq` were published is not skipped: the
 * relay reads every row still unpublished on each pass and marks only what it published. Its
 * rows then follow the ones already out, which keeps per-key order as long as a transaction
 * records an aggregate's event after changing (so locking) that aggregate, as `recordEvent`
 * asks: two transactions changing one aggregate then take its lock, and write its events, in
 * turn.
 * A row is marked published only after the transport accepted it, so a crash in between
 * republishes it and the consumers' inboxes absorb the duplicate. Published rows are deleted once
 * they are `retentionHours` old (checked hourly); unpublished rows are never deleted.
 */
export class OutboxRelay {
  private readonly logger: Logger;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly service: string;
  private readonly retentionHours: number;
  private prunedAt = 0;
  private untrack = () => undefined as unknown;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: EventTransport,
    options: OutboxRelayOptions,
  ) {
    this.service = options.service;
    this.logger = new Logger(`OutboxRelay(${options.service})`);
    this.intervalMs = options.intervalMs ?? 500;
    this.batchSize = options.batchSize ?? 200;
    this.retentionHours = options.retentionHours ?? 168;
  }

  start(): void {
    this.stopped = false;
    this.untrack = trackOutbox(this.service, this.dataSource);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.untrack();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Ask for a pass now (after a commit), instead of waiting for the next poll. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Publishes until the outbox is empty; returns how many events were published. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.publishBatch();
      total += published;
      if (published < this.batchSize) return total;
    }
  }

  /** Deletes the published rows older than the retention; returns how many. */
  async prune(): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM outbox WHERE published_at < now() - make_interval(hours => $1)`,
      [this.retentionHours],
    );
    return deleted;
  }

  private async pass(): Promise<void> {
    await this.drain();
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    await this.prune();
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass()
        .catch((error: unknown) => this.logger.warn(`publishing failed, will retry: ${String(error)}`))
        .finally(() => {
          this.running = null;
          if (this.stopped) return;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.intervalMs);
        });
    }, delay);
  }

  private async publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [{ publisher }]: Array<{ publisher: boolean }> = await manager.query(
        `SELECT pg_try_advisory_xact_lock(hashtextextended('outbox relay ' || 'outbox'::regclass::oid, 0)) AS publisher`,
      );
      if (!publisher) return 0;
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, topic, partition_key, envelope FROM outbox
          WHERE published_at IS NULL ORDER BY seq LIMIT $1`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      for (const row of rows) {
        await this.transport.publish(row.topic, row.partition_key, row.envelope);
        eventsPublished.inc({ service: this.service, topic: row.topic });
      }
      await manager.query(`UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])`, [
        rows.map((row) => row.id),
      ]);
      return rows.length;
    });
  }
}
