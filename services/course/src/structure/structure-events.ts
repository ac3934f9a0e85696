import type { EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { type CourseStructureChanged, recordEvent } from '@lms/events';

/** Records `course.structure.changed` in the caller's transaction; keyed by course. */
export function recordStructureChanged(
  manager: EntityManager,
  auth: AuthContext,
  courseId: number,
  subject: CourseStructureChanged['subject'],
  action: CourseStructureChanged['action'],
  ids: number[],
) {
  return recordEvent(manager, 'course.structure.changed', {
    tenantId: auth.tenantId,
    actorId: auth.userId,
    key: courseId,
    data: { courseId, subject, action, ids },
  });
}
