/**
 * A course and its structure as snapshot events for the other services' projections:
 * `course.course.upserted` (name, code, period, active, schedule, classes) and
 * `course.structure.snapshotted` (modules and activities), recorded in the transaction of each
 * change and republished when a consumer asks (`platform.snapshot.requested`).
 */
import type { EntityManager } from 'typeorm';
import { type CourseCourseUpserted, type CourseStructureSnapshotted, recordEvent } from '@lms/events';

/** Shared by every snapshot of a change, exclusive for a republication of whole campuses. */
const SNAPSHOTS_LOCK = 'course.snapshots';

/**
 * Taken by a transaction after its writes and before it reads a snapshot of the course: two
 * changes of one course snapshot one after the other, so the later snapshot (later `occurredAt`)
 * holds both; and a republication waits for the snapshots being taken (and they for it). Nothing
 * is written while these locks are held, so they cannot deadlock with row locks; a transaction
 * that records membership events too records them first (the members' lock, members.data.ts,
 * comes before this one everywhere).
 */
async function lockSnapshot(manager: EntityManager, what: 'course' | 'structure', courseIds: number[]) {
  await manager.query(`SELECT pg_advisory_xact_lock_shared(hashtext($1))`, [SNAPSHOTS_LOCK]);
  for (const courseId of [...courseIds].sort((a, b) => a - b))
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `course.${what}:${courseId}`,
    ]);
}

type CourseRow = {
  id: string;
  tenant_id: string;
  name: string;
  code: string | null;
  is_active: boolean;
  start_at: Date | null;
  end_at: Date | null;
  period_id: string | null;
  period_name: string | null;
  period_year: number | null;
  period_type: string | null;
};

/** The courses (all of a campus, or those given) with their classes, as event data. */
async function courseSnapshots(
  manager: EntityManager,
  where: { tenantId: number } | { courseIds: number[] },
): Promise<Array<{ tenantId: number; data: CourseCourseUpserted }>> {
  const [condition, parameter] =
    'tenantId' in where
      ? ['c.tenant_id = $1', where.tenantId]
      : ['c.id = ANY($1::bigint[])', where.courseIds];
  const courses: CourseRow[] = await manager.query(
    `SELECT c.id, c.tenant_id, c.name, c.code, c.is_active, c.start_at, c.end_at,
            p.id AS period_id, p.name AS period_name, p.year AS period_year, p.type AS period_type
       FROM courses c LEFT JOIN periods p ON p.id = c.period_id
      WHERE ${condition} ORDER BY c.id`,
    [parameter],
  );
  const classes: Array<{ id: string; course_id: string; name: string }> = await manager.query(
    `SELECT cl.id, cl.course_id, cl.name FROM classes cl JOIN courses c ON c.id = cl.course_id
      WHERE ${condition} ORDER BY cl.id`,
    [parameter],
  );
  return courses.map((course) => ({
    tenantId: Number(course.tenant_id),
    data: {
      id: Number(course.id),
      name: course.name,
      code: course.code,
      period:
        course.period_id === null
          ? null
          : {
              id: Number(course.period_id),
              name: course.period_name!,
              year: course.period_year!,
              type: course.period_type!,
            },
      isActive: course.is_active,
      startAt: course.start_at?.toISOString() ?? null,
      endAt: course.end_at?.toISOString() ?? null,
      classes: classes
        .filter((row) => row.course_id === course.id)
        .map((row) => ({ id: Number(row.id), name: row.name })),
    },
  }));
}

/** The modules and activities of the courses (all of a campus, or those given), as event data. */
async function structureSnapshots(
  manager: EntityManager,
  where: { tenantId: number } | { courseIds: number[] },
): Promise<Array<{ tenantId: number; data: CourseStructureSnapshotted }>> {
  const [condition, parameter] =
    'tenantId' in where
      ? ['c.tenant_id = $1', where.tenantId]
      : ['c.id = ANY($1::bigint[])', where.courseIds];
  const courses: Array<{ id: string; tenant_id: string }> = await manager.query(
    `SELECT c.id, c.tenant_id FROM courses c WHERE ${condition} ORDER BY c.id`,
    [parameter],
  );
  const modules: Array<{ id: string; course_id: string; name: string; index: number; is_active: boolean }> =
    await manager.query(
      `SELECT m.id, m.course_id, m.name, m.index, m.is_active FROM modules m JOIN courses c ON c.id = m.course_id
        WHERE ${condition} AND m.deleted_at IS NULL ORDER BY m.index, m.id`,
      [parameter],
    );
  const activities: Array<{
    id: string;
    course_id: string;
    module_id: string;
    parent_id: string | null;
    name: string;
    index: number;
    is_active: boolean;
  }> = await manager.query(
    `SELECT a.id, m.course_id, a.module_id, a.parent_id, a.name, a.index, a.is_active
       FROM activities a JOIN modules m ON m.id = a.module_id JOIN courses c ON c.id = m.course_id
      WHERE ${condition} AND a.deleted_at IS NULL AND m.deleted_at IS NULL ORDER BY a.index, a.id`,
    [parameter],
  );
  return courses.map((course) => ({
    tenantId: Number(course.tenant_id),
    data: {
      courseId: Number(course.id),
      modules: modules
        .filter((row) => row.course_id === course.id)
        .map((row) => ({ id: Number(row.id), name: row.name, index: row.index, isActive: row.is_active })),
      activities: activities
        .filter((row) => row.course_id === course.id)
        .map((row) => ({
          id: Number(row.id),
          moduleId: Number(row.module_id),
          parentId: row.parent_id === null ? null : Number(row.parent_id),
          name: row.name,
          index: row.index,
          isActive: row.is_active,
        })),
    },
  }));
}

/** Records `course.course.upserted` of each course given, after the caller's changes to it or its classes. */
export async function recordCourseUpserted(
  manager: EntityManager,
  actorId: number | null,
  ...courseIds: number[]
): Promise<void> {
  await lockSnapshot(manager, 'course', courseIds);
  for (const { tenantId, data } of await courseSnapshots(manager, { courseIds }))
    await recordEvent(manager, 'course.course.upserted', { tenantId, actorId, key: data.id, data });
}

/** Records `course.structure.snapshotted` of the course, after the caller changed its modules or activities. */
export async function recordStructureSnapshotted(
  manager: EntityManager,
  actorId: number | null,
  courseId: number,
): Promise<void> {
  await lockSnapshot(manager, 'structure', [courseId]);
  for (const { tenantId, data } of await structureSnapshots(manager, { courseIds: [courseId] }))
    await recordEvent(manager, 'course.structure.snapshotted', { tenantId, actorId, key: courseId, data });
}

/** Republishes every course of the campus (`course.course`) or its structure (`course.structure`); returns how many courses. */
export async function recordCampusSnapshots(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
  topic: 'course.course' | 'course.structure',
): Promise<number> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [SNAPSHOTS_LOCK]);
  if (topic === 'course.course') {
    const snapshots = await courseSnapshots(manager, { tenantId });
    for (const { data } of snapshots)
      await recordEvent(manager, 'course.course.upserted', { tenantId, actorId, key: data.id, data });
    return snapshots.length;
  }
  const snapshots = await structureSnapshots(manager, { tenantId });
  for (const { data } of snapshots)
    await recordEvent(manager, 'course.structure.snapshotted', {
      tenantId,
      actorId,
      key: data.courseId,
      data,
    });
  return snapshots.length;
}
