import type { EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent } from '@lms/events';

/**
 * Serialises the writes to one set of groups (course and set name) until the transaction ends, so
 * two writes never both pass the checks, and the snapshots they record follow their commits.
 */
export async function lockSet(manager: EntityManager, courseId: number, type: string) {
  await manager.query(
    `SELECT pg_advisory_xact_lock(hashtextextended('course_groups:' || $1 || ':' || $2, 0))`,
    [courseId, type],
  );
}

/** Records `course.groups.changed` with the set as it is now in this transaction. */
export async function recordGroupsChanged(
  manager: EntityManager,
  auth: Pick<AuthContext, 'tenantId'> & { userId: number | null },
  courseId: number,
  type: string,
) {
  const rows: Array<{ id: number; name: string; user_id: number | null; is_leader: boolean | null }> =
    await manager.query(
      `SELECT g.id, g.name, m.user_id, m.is_leader FROM course_groups g
         LEFT JOIN course_group_members m ON m.group_id = g.id
        WHERE g.course_id = $1 AND g.type = $2 ORDER BY g.id, m.is_leader DESC, m.user_id`,
      [courseId, type],
    );
  const groups = new Map<
    number,
    { id: number; name: string; members: Array<{ userId: number; isLeader: boolean }> }
  >();
  for (const row of rows) {
    const group = groups.get(row.id) ?? { id: row.id, name: row.name, members: [] };
    groups.set(row.id, group);
    if (row.user_id !== null) group.members.push({ userId: row.user_id, isLeader: row.is_leader === true });
  }
  return recordEvent(manager, 'course.groups.changed', {
    tenantId: auth.tenantId,
    actorId: auth.userId,
    key: courseId,
    data: { courseId, type, groups: [...groups.values()] },
  });
}

/**
 * A consumer's backfill (topic `course.groups`): republishes every set of groups of the campus as
 * `course.groups.changed`, each under its set's lock, so a change made meanwhile is recorded after
 * it. Answers how many sets.
 */
export async function recordGroupSetsSnapshot(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
): Promise<number> {
  const sets: Array<{ course_id: string; type: string }> = await manager.query(
    `SELECT DISTINCT course_id, type FROM course_groups WHERE tenant_id = $1 ORDER BY course_id, type`,
    [tenantId],
  );
  for (const set of sets) {
    await lockSet(manager, Number(set.course_id), set.type);
    await recordGroupsChanged(manager, { tenantId, userId: actorId }, Number(set.course_id), set.type);
  }
  return sets.length;
}
