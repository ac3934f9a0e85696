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

  /** Runs `work` in a transaction (rolled back if it throws) and nudges the relay after commit. */
  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(work);
    this.relay.nudge();
    return result;
  }
}
