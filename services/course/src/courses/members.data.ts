/**
 * The members of courses as events: the lock that orders membership events around a snapshot,
 * and the snapshots themselves (`course.staff.changed` and `course.enrolment.snapshotted` for
 * every course of a campus), republished when a consumer asks (`platform.snapshot.requested`).
 */
import type { EntityManager } from 'typeorm';
import { recordEvent } from '@lms/events';

/** Advisory lock key shared by membership writers (shared) and snapshots (exclusive). */
const MEMBERS_LOCK = 'course.members';

/**
 * Taken by every transaction before it reads the staff or records a membership event: a
 * snapshot waits for the writers already recording, and a writer that comes later records its
 * event after the snapshot — so each change is either in a snapshot or recorded after it (its
 * `occurredAt` later), which is how consumers order the two. Writers do not block each other.
 */
export async function enterMembershipWrite(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock_shared(hashtext($1))`, [MEMBERS_LOCK]);
}

export type MembersTopic = 'course.staff' | 'course.enrolment';

/**
 * Records the current staff (`course.staff.changed`) and students
 * (`course.enrolment.snapshotted`) of every course of the campus, as the topics ask, keyed by
 * course. Returns how many courses it covered.
 */
export async function recordMembersSnapshot(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
  topics: ReadonlySet<MembersTopic>,
): Promise<number> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [MEMBERS_LOCK]);
  const courses: Array<{ id: number; lecturer_id: number | null }> = await manager.query(
    `SELECT id, lecturer_id FROM courses WHERE tenant_id = $1 ORDER BY id`,
    [tenantId],
  );
  const assistants: Array<{ course_id: number; user_id: number; is_coordinator: boolean }> = topics.has(
    'course.staff',
  )
    ? await manager.query(
        `SELECT ca.course_id, ca.user_id, ca.is_coordinator FROM course_assistants ca
             JOIN courses c ON c.id = ca.course_id WHERE c.tenant_id = $1 ORDER BY ca.user_id`,
        [tenantId],
      )
    : [];
  const students: Array<{ course_id: number; class_id: number; user_id: number }> = topics.has(
    'course.enrolment',
  )
    ? await manager.query(
        `SELECT cl.course_id, cs.class_id, cs.user_id FROM class_students cs
           JOIN classes cl ON cl.id = cs.class_id WHERE cl.tenant_id = $1 ORDER BY cs.class_id, cs.user_id`,
        [tenantId],
      )
    : [];
  const byCourse = <T extends { course_id: number }>(rows: T[]) => {
    const grouped = new Map<number, T[]>();
    for (const row of rows) grouped.set(row.course_id, [...(grouped.get(row.course_id) ?? []), row]);
    return grouped;
  };
  const staffOf = byCourse(assistants);
  const studentsOf = byCourse(students);
  for (const course of courses) {
    const courseId = Number(course.id);
    const key = { tenantId, actorId, key: courseId };
    if (topics.has('course.staff')) {
      await recordEvent(manager, 'course.staff.changed', {
        ...key,
        data: {
          courseId,
          lecturerId: course.lecturer_id === null ? null : Number(course.lecturer_id),
          assistants: (staffOf.get(course.id) ?? []).map((row) => ({
            userId: Number(row.user_id),
            isCoordinator: row.is_coordinator,
          })),
        },
      });
    }
    if (topics.has('course.enrolment')) {
      await recordEvent(manager, 'course.enrolment.snapshotted', {
        ...key,
        data: {
          courseId,
          students: (studentsOf.get(course.id) ?? []).map((row) => ({
            classId: Number(row.class_id),
            userId: Number(row.user_id),
          })),
        },
      });
    }
  }
  return courses.length;
}
