/** Persistence helpers of the structure area: index assignment, the course lock, its event. */
import type { EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { type CourseStructureChanged, recordEvent } from '@lms/events';
import { recordStructureSnapshotted } from '../courses/course-snapshot.data';

/**
 * Records `course.structure.changed` in the caller's transaction, after its changes; keyed by
 * course. A change of modules or activities records the course's `course.structure.snapshotted`
 * too (contents are not in it).
 */
export async function recordStructureChanged(
  manager: EntityManager,
  auth: AuthContext,
  courseId: number,
  subject: CourseStructureChanged['subject'],
  action: CourseStructureChanged['action'],
  ids: number[],
) {
  await recordEvent(manager, 'course.structure.changed', {
    tenantId: auth.tenantId,
    actorId: auth.userId,
    key: courseId,
    data: { courseId, subject, action, ids },
  });
  if (subject !== 'content') await recordStructureSnapshotted(manager, auth.userId, courseId);
}

/** The next free index among rows matching `where` (highest + 1; 0 for the first). */
export async function nextIndex(
  manager: EntityManager,
  table: string,
  where: string,
  parameters: unknown[],
): Promise<number> {
  const [row]: Array<{ next: number }> = await manager.query(
    `SELECT COALESCE(MAX(index), -1) + 1 AS next FROM ${table} WHERE ${where}`,
    parameters,
  );
  return row.next;
}

/** Serialises index assignment and reordering within one course. */
export async function lockCourse(manager: EntityManager, courseId: number): Promise<void> {
  await manager.query(`SELECT id FROM courses WHERE id = $1 FOR UPDATE`, [courseId]);
}
