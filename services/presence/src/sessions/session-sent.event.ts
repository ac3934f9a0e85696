import type { EntityManager } from 'typeorm';
import { recordEvent } from '@lms/events';
import type { PresenceSession } from './presence.entity';
import { ROSTER_SQL, type RosterRow } from './roster.sql';

/**
 * Records `presence.session.sent` for a sent session: every student of its roster (the enrolled
 * students of its class and anyone marked) with their mark, `type` null when unmarked. Written
 * when the staff send the session, and again for each sent session when a consumer's backfill
 * asks (SnapshotRequestedHandler).
 */
export async function recordSessionSent(
  manager: EntityManager,
  session: PresenceSession,
  actorId: number | null,
): Promise<void> {
  if (!session.sentAt) throw new Error(`presence ${session.id} is not sent`);
  const roster: RosterRow[] = await manager.query(ROSTER_SQL, [[session.id]]);
  await recordEvent(manager, 'presence.session.sent', {
    tenantId: Number(session.tenantId),
    actorId,
    key: session.id,
    data: {
      id: Number(session.id),
      courseId: Number(session.courseId),
      classId: Number(session.classId),
      startAt: session.startAt.toISOString(),
      endAt: session.endAt.toISOString(),
      sentAt: session.sentAt.toISOString(),
      details: roster.map((row) => ({
        userId: Number(row.user_id),
        type: row.type,
        status: row.status === 1 ? 1 : 0,
      })),
    },
  });
}
