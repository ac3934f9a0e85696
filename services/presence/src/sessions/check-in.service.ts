import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { AuthContext } from '@lms/auth';
import { type KeyValueStore, MemoryStore, RedisStore } from '@lms/cache';
import { UnitOfWork } from '@lms/events';
import {
  attributePointer,
  conflict,
  forbidden,
  formatWireDate,
  JsonApiException,
  tooManyRequests,
  unprocessable,
} from '@lms/jsonapi';
import { PresenceConfig } from '../config';
import { type MarkSource, PresenceSession } from './presence.entity';
import type { ReadPresence } from './presences.resource';
import { PresencesService } from './presences.service';

/** Wrong codes a student may type for one session within the window below; the next one waits. */
export const CHECK_IN_ATTEMPTS = 5;
export const CHECK_IN_WINDOW_MS = 10 * 60_000;

/** What a student typed, as codes are written: upper case, without spaces or dashes. */
const normalized = (code: string) => code.toUpperCase().replace(/[\s-]+/g, '');
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared in constant time (their digests), so the time taken tells nothing of the code. */
export const codesMatch = (typed: string, expected: string) =>
  timingSafeEqual(digest(normalized(typed)), digest(expected));

/** What joining a linked live classroom did to the student's mark (`CheckInService.markFromLiveRoom`). */
export type LiveMark = 'marked' | 'already_marked' | 'not_open_yet' | 'closed' | 'sent' | 'not_in_class';

/** The 409 of a mark outside the session's window, or null inside it. */
function windowProblem(session: PresenceSession, now: Date, timeZone: string) {
  if (now < session.presenceStart)
    return conflict(
      `Check-in opens at ${formatWireDate(session.presenceStart, timeZone)}`,
      'presence_not_open_yet',
    );
  if (now > session.presenceEnd)
    return conflict(
      `Check-in closed at ${formatWireDate(session.presenceEnd, timeZone)}; ask the lecturer to mark you`,
      'presence_closed',
    );
  return null;
}

/**
 * A student marks themselves present (`POST /presence/{id}/check-in {code}`): a student of the
 * session's class, inside its window, before it was sent, with the code the lecturer shows. A
 * second check-in changes nothing, nor does one over a mark the staff set. Wrong codes are
 * counted per student and session (Redis in stack mode): past CHECK_IN_ATTEMPTS in
 * CHECK_IN_WINDOW_MS the student waits.
 */
@Injectable()
export class CheckInService implements OnModuleDestroy {
  private readonly store: KeyValueStore;

  constructor(
    private readonly unit: UnitOfWork,
    private readonly presences: PresencesService,
    config: PresenceConfig,
  ) {
    this.store = config.redisUrl ? new RedisStore(config.redisUrl, 'lms:presence:') : new MemoryStore();
  }

  async onModuleDestroy(): Promise<void> {
    await this.store.close();
  }

  async checkIn(auth: AuthContext, id: number, code: string): Promise<ReadPresence> {
    const session = await this.presences.readable(auth, id);
    if ((await this.presences.roleIn(auth, session)) !== 'student')
      throw forbidden('Only the students of the class check in; staff mark them manually');
    const lock = `check-in:lock:${auth.tenantId}:${id}:${auth.userId}`;
    const lockedUntil = await this.store.get<number>(lock);
    if (lockedUntil !== undefined && lockedUntil > Date.now()) throw this.tooMany(lockedUntil);
    const now = new Date();
    this.presences.assertNotSent(session, auth.timeZone);
    const closed = windowProblem(session, now, auth.timeZone);
    if (closed) throw closed;
    if (!codesMatch(code, session.checkInCode)) {
      const { count, resetInMs } = await this.store.hit(
        `check-in:wrong:${auth.tenantId}:${id}:${auth.userId}`,
        CHECK_IN_WINDOW_MS,
      );
      if (count > CHECK_IN_ATTEMPTS) {
        const until = Date.now() + resetInMs;
        await this.store.set(lock, until, resetInMs);
        throw this.tooMany(until);
      }
      throw unprocessable([
        {
          pointer: attributePointer('code'),
          detail: 'code is not this session’s code',
          code: 'presence_code_wrong',
        },
      ]);
    }
    await this.markPresent(auth, id, 'check_in', now);
    return this.presences.get(auth, id);
  }

  /**
   * A student joined the live classroom linked to the session: marked present as a check-in
   * would (same window, same lock once sent), without a code; outside the window, or not of the
   * class, nothing changes and the answer says why.
   */
  async markFromLiveRoom(auth: AuthContext, id: number): Promise<LiveMark> {
    const session = await this.presences.readable(auth, id).catch((error: unknown) => {
      if (error instanceof JsonApiException && error.getStatus() === 404) return null;
      throw error;
    });
    if (!session || (await this.presences.roleIn(auth, session)) !== 'student') return 'not_in_class';
    if (session.isSent) return 'sent';
    const now = new Date();
    const closed = windowProblem(session, now, auth.timeZone);
    if (closed) return closed.errors[0].code === 'presence_not_open_yet' ? 'not_open_yet' : 'closed';
    try {
      return (await this.markPresent(auth, id, 'live', now)) ? 'marked' : 'already_marked';
    } catch (error) {
      // sent between the read and the lock
      if (error instanceof JsonApiException && error.getStatus() === 409) return 'sent';
      throw error;
    }
  }

  /** Marks the student present unless they hold a mark already (true when marked now). */
  private async markPresent(auth: AuthContext, id: number, source: MarkSource, now: Date): Promise<boolean> {
    return this.unit.run(async (manager) => {
      // the session may have been sent meanwhile: read it again under its lock
      const locked = await manager.findOne(PresenceSession, {
        where: { id, tenantId: auth.tenantId },
        lock: { mode: 'pessimistic_read' },
      });
      if (locked) this.presences.assertNotSent(locked, auth.timeZone);
      const inserted: unknown[] = await manager.query(
        `INSERT INTO presence_details (presence_id, user_id, tenant_id, type, status, source, marked_by, marked_at)
         VALUES ($1, $2, $3, 'attend', 1, $4, $2, $5) ON CONFLICT DO NOTHING RETURNING user_id`,
        [id, auth.userId, auth.tenantId, source, now],
      );
      return inserted.length > 0;
    });
  }

  private tooMany(until: number) {
    const wait = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    return tooManyRequests(`Too many wrong codes; try again in ${wait} seconds`, wait);
  }
}
