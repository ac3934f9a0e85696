import type { EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent } from '@lms/events';
import { enterMembershipWrite } from '../courses/members.data';

/** Records `course.staff.changed` with the course's whole staff as it is now in this transaction. */
export async function recordStaffChanged(
  manager: EntityManager,
  auth: Pick<AuthContext, 'tenantId'> & { userId: number | null },
  courseId: number,
) {
  await enterMembershipWrite(manager);
  const [course]: Array<{ lecturer_id: number | null }> = await manager.query(
    `SELECT lecturer_id FROM courses WHERE id = $1`,
    [courseId],
  );
  const assistants: Array<{ user_id: number; is_coordinator: boolean }> = await manager.query(
    `SELECT user_id, is_coordinator FROM course_assistants WHERE course_id = $1 ORDER BY user_id`,
    [courseId],
  );
  return recordEvent(manager, 'course.staff.changed', {
    tenantId: auth.tenantId,
    actorId: auth.userId,
    key: courseId,
    data: {
      courseId,
      lecturerId: course?.lecturer_id ?? null,
      assistants: assistants.map((row) => ({ userId: row.user_id, isCoordinator: row.is_coordinator })),
    },
  });
}
