import type { EntityManager } from 'typeorm';
import type { TimelineKind } from './timeline-entry.entity';

export interface TimelineFact {
  tenantId: number;
  courseId: number;
  kind: TimelineKind;
  /** The exam or task. */
  itemId: number;
  /** The attempt or the answer. */
  subjectId: number;
  /** Whose timelines it goes on. */
  userIds: readonly number[];
  /** Who did it; on the doer's own timeline it is left out (null). */
  actorId: number | null;
  detail: Record<string, unknown>;
  occurredAt: string | Date;
}

/**
 * Appends a fact to the timelines of `userIds`, once: the same fact applied again (redelivered, or
 * republished for a backfill) meets the unique (user, kind, subject, time) and adds nothing.
 */
export async function recordTimeline(manager: EntityManager, fact: TimelineFact): Promise<void> {
  if (fact.userIds.length === 0) return;
  await manager.query(
    `INSERT INTO timeline_entries
       (tenant_id, user_id, course_id, kind, item_id, subject_id, actor_id, detail, occurred_at)
     SELECT $1, u.id, $2, $3, $4, $5, NULLIF($6::bigint, u.id), $7, $8
       FROM unnest($9::bigint[]) AS u(id)
     ON CONFLICT (user_id, kind, subject_id, occurred_at) DO NOTHING`,
    [
      fact.tenantId,
      fact.courseId,
      fact.kind,
      fact.itemId,
      fact.subjectId,
      fact.actorId,
      JSON.stringify(fact.detail),
      fact.occurredAt,
      fact.userIds,
    ],
  );
}
