import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { RealtimeEmitter } from '@lms/realtime';
import { attemptProgressResource } from './attempts.resource';
import { MONITOR_ROWS_SQL, type MonitorRow, monitorRowOf } from './monitor-rows';

/** A pushed monitor row: a resource object whose dates are `Date`s, sent as ISO 8601. */
export interface PushedRow {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
}

/** The room of the sockets watching an exam's monitor (its staff, `watch`). */
export const examRoom = (examId: number): string => `exam:${examId}`;

/** What the exam service's sockets receive (`/socket/exam`). */
export interface MonitorSocketEvents {
  /**
   * Attempts of a watched exam changed (a save, a start, a finish, a stop, a reset, a signal):
   * their rows as `GET /exam/exams/{id}/monitor` lists them (its `data`; dates as ISO 8601
   * instants), at most about once a second per exam from each replica.
   */
  progress: (update: { exam_id: number; data: PushedRow[] }) => void;
}

/** Injection token of the feed's settings. */
export const MONITOR_FEED_SETTINGS = Symbol('MONITOR_FEED_SETTINGS');
export interface MonitorFeedSettings {
  /** Least time between two pushes (ms). */
  intervalMs: number;
}

const DEFAULT_INTERVAL_MS = 1000;

/** Where a transaction keeps the attempts it touched until it commits (`QueryRunner.data`). */
const PENDING = 'lms:monitor-feed:touched';

/**
 * Pushes the live monitor's changes to the staff watching it. The writers of `attempt_progress`
 * mark the attempts they changed — {@link touchedIn} inside their transaction (kept until it
 * commits: a TypeORM transaction subscriber), {@link touched} once it committed — a synchronous
 * mark, nothing on the request's critical path; at most once per interval the feed reads the
 * marked attempts' rows from the projection (one query, never the answers table) and emits them
 * to each exam's room. A push that fails is logged, and the screen's poll catches up.
 */
@Injectable()
export class MonitorFeed implements OnModuleInit, OnModuleDestroy, EntitySubscriberInterface {
  private readonly logger = new Logger(MonitorFeed.name);
  private readonly intervalMs: number;
  private dirty = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private lastPush = 0;
  private pushing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sockets: RealtimeEmitter<MonitorSocketEvents>,
    @Optional() @Inject(MONITOR_FEED_SETTINGS) settings?: MonitorFeedSettings,
  ) {
    this.intervalMs = settings?.intervalMs ?? DEFAULT_INTERVAL_MS;
  }

  /** These attempts' monitor rows changed (call after the change committed). */
  touched(studentExamIds: Iterable<number>): void {
    for (const id of studentExamIds) this.dirty.add(Number(id));
    this.schedule();
  }

  /** These attempts' rows change in `manager`'s transaction: marked once it commits, forgotten if it rolls back. */
  touchedIn(manager: EntityManager, studentExamIds: Iterable<number>): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return this.touched(studentExamIds);
    const data = runner.data as Record<string, Set<number> | undefined>;
    const pending = (data[PENDING] ??= new Set());
    for (const id of studentExamIds) pending.add(Number(id));
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const data = event.queryRunner.data as Record<string, Set<number> | undefined>;
    const pending = data?.[PENDING];
    // a savepoint released inside the transaction is not its commit
    if (!pending || event.queryRunner.isTransactionActive) return;
    delete data[PENDING];
    this.touched(pending);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const data = event.queryRunner.data as Record<string, Set<number> | undefined>;
    if (data && !event.queryRunner.isTransactionActive) delete data[PENDING];
  }

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.pushing;
  }

  private schedule() {
    if (this.timer || this.stopped || this.dirty.size === 0) return;
    const wait = Math.max(0, this.lastPush + this.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pushing = this.push()
        .catch((error: unknown) => this.logger.warn(`monitor push failed: ${String(error)}`))
        .finally(() => this.schedule());
    }, wait);
    this.timer.unref();
  }

  /** One push: the marked attempts' rows, to their exams' rooms. */
  private async push(): Promise<void> {
    const ids = [...this.dirty];
    this.dirty = new Set();
    this.lastPush = Date.now();
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `${MONITOR_ROWS_SQL} WHERE ap.student_exam_id = ANY($1::bigint[])`,
      [ids],
    );
    const byExam = new Map<number, MonitorRow[]>();
    for (const row of rows.map(monitorRowOf))
      byExam.set(row.examId, [...(byExam.get(row.examId) ?? []), row]);
    for (const [examId, changed] of byExam) {
      // dates as ISO 8601 instants: the room's watchers may each read in another zone
      const data = changed.map((row) => ({
        type: attemptProgressResource.type,
        id: String(row.studentExamId),
        attributes: attemptProgressResource.attributes(row, undefined),
      }));
      this.sockets.toRoom(examRoom(examId)).emit('progress', { exam_id: examId, data });
    }
  }
}
