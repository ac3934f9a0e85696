import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OutboxRelay } from './relay';

/**
 * One write of a service: the state change and the events describing it (`recordEvent` with
 * the given manager, into the outbox) commit in one transaction or not at all; once committed,
 * the relay is nudged so the events go out now instead of at its next poll.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Runs one statement that is its own transaction — a state change and its outbox rows
   * (`outboxRow`) written by the same statement, one round trip — and nudges the relay after it.
   */
  async statement<T = Record<string, unknown>>(sql: string, parameters: unknown[]): Promise<T[]> {
    const rows: T[] = await this.dataSource.query(sql, parameters);
    this.relay.nudge();
    return rows;
  }

  /** Runs `work` in a transaction (rolled back if it throws) and nudges the relay after commit. */
  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(work);
    this.relay.nudge();
    return result;
  }
}
