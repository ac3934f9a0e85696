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
  tooManyRequests,
  unprocessable,
} from '@lms/jsonapi';
import { PresenceConfig } from '../config';
import { PresenceDetail, PresenceSession } from './presence.entity';
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
    if (now < session.presenceStart)
      throw conflict(
        `Check-in opens at ${formatWireDate(session.presenceStart, auth.timeZone)}`,
        'presence_not_open_yet',
      );
    if (now > session.presenceEnd)
      throw conflict(
        `Check-in closed at ${formatWireDate(session.presenceEnd, auth.timeZone)}; ask the lecturer to mark you`,
        'presence_closed',
      );
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
    await this.unit.run(async (manager) => {
      // the session may have been sent meanwhile: read it again under its lock
      const locked = await manager.findOne(PresenceSession, {
        where: { id, tenantId: auth.tenantId },
        lock: { mode: 'pessimistic_read' },
      });
      if (locked) this.presences.assertNotSent(locked, auth.timeZone);
      await manager
        .createQueryBuilder()
        .insert()
        .into(PresenceDetail)
        .values({
          presenceId: id,
          userId: auth.userId,
          tenantId: auth.tenantId,
          type: 'attend',
          status: 1,
          source: 'check_in',
          markedBy: auth.userId,
          markedAt: now,
        })
        .orIgnore()
        .execute();
    });
    return this.presences.get(auth, id);
  }

  private tooMany(until: number) {
    const wait = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    return tooManyRequests(`Too many wrong codes; try again in ${wait} seconds`, wait);
  }
}
