import { Injectable } from '@nestjs/common';
import { NearCache } from '@lms/cache';
import type { User } from './user.entity';

/** How long a user's own record is reused by this process (the staleness bound across replicas). */
export const OWN_RECORD_TTL_MS = 5_000;
/** Users whose record one process keeps at most (an exam hall signing in at once fits). */
const MAX_RECORDS = 10_000;

/**
 * The signed-in user's own record, as `/login/me` — asked on every page of the web client — and
 * every read of oneself answer it, kept in this process for a few seconds in front of the
 * database. A change made through this process (profile, presence ping, sign-in) is seen at once:
 * the writer forgets the record, and a read that was under way meanwhile does not store what it
 * read. A change made through another replica of identity is seen here at most
 * `OWN_RECORD_TTL_MS` later. Records are frozen: every reader shares them.
 */
@Injectable()
export class OwnRecords {
  private readonly records = new NearCache<string, Readonly<User>>(OWN_RECORD_TTL_MS, MAX_RECORDS);
  /** Counts the writes of this process: a read that saw one begin stores nothing. */
  private writes = 0;

  /** The record of `userId` in campus `tenantId`, read with `load` when not kept. */
  async read(
    tenantId: number,
    userId: number,
    load: () => Promise<User | null>,
  ): Promise<Readonly<User> | null> {
    const key = `${tenantId}:${userId}`;
    const kept = this.records.get(key);
    if (kept) return kept;
    const writes = this.writes;
    const user = await load();
    if (!user) return null;
    const frozen = Object.freeze(user);
    if (writes === this.writes) this.records.set(key, frozen);
    return frozen;
  }

  /** Called by every write of a user's record in this process, before and after it. */
  forget(tenantId: number, userId: number): void {
    this.writes++;
    this.records.delete(`${tenantId}:${userId}`);
  }
}
