import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type KeyValueStore, storeFromEnv } from '@lms/cache';
import { tooManyRequests } from '@lms/jsonapi';
import type { CourseConfig } from '../config';

/** Injection token of the course service's shared store (the view counter owns and closes it). */
export const VIEW_STORE = Symbol('VIEW_STORE');

/** Redis when `REDIS_URL` is set (every replica counts together), else this process's memory. */
export const openViewStore = (config: CourseConfig): KeyValueStore =>
  storeFromEnv('course', { REDIS_URL: config.redisUrl });

/** A visitor's views of one course count once per window. */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;
/** View reports one address may send per minute, over all courses; more is a 429. */
export const VIEW_REPORTS_PER_MINUTE = 30;

/**
 * Decides whether a report of a public course page's visit is recorded: once per visitor (the
 * client address), course and hour, and at most {@link VIEW_REPORTS_PER_MINUTE} reports a minute
 * from one address. The windows live in the shared store (Redis when `REDIS_URL` is set), so
 * every replica counts together.
 */
@Injectable()
export class ViewCounter implements OnModuleDestroy {
  constructor(@Inject(VIEW_STORE) private readonly store: KeyValueStore) {}

  /** True when this visit is the first of its window; a 429 when the address reports too often. */
  async admit(tenantId: number, courseId: number, visitor: string): Promise<boolean> {
    const rate = await this.store.hit(`view-reports:${visitor}`, 60_000);
    if (rate.count > VIEW_REPORTS_PER_MINUTE) {
      throw tooManyRequests('Too many course views reported from this address', rate.resetInMs / 1000);
    }
    const seen = await this.store.hit(`view:${tenantId}:${courseId}:${visitor}`, VIEW_WINDOW_MS);
    return seen.count === 1;
  }

  onModuleDestroy(): Promise<void> {
    return this.store.close();
  }
}
