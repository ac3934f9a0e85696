import { forbidden, notFound } from '@lms/jsonapi';
import type { AuthContext } from './tokens';

export type CourseRole = 'LECTURER' | 'ASSISTANT' | 'COORDINATOR' | 'STUDENT';

/**
 * How a service finds the caller's role in a course, from its own projection of course
 * membership. `null` when the course does not exist in the caller's campus or the caller has
 * no role in it.
 */
export interface CourseRoleLookup {
  courseRole(tenantId: number, courseId: number, userId: number): Promise<CourseRole | null>;
}

/**
 * Passes when the caller holds one of `allowed` in the course. A course the caller cannot see
 * (another campus, or no membership at all) is a 404, never a 403 that confirms it exists;
 * a member with the wrong role gets a 403.
 */
export async function assertCourseRole(
  lookup: CourseRoleLookup,
  auth: AuthContext,
  courseId: number,
  allowed: readonly CourseRole[],
): Promise<CourseRole> {
  const role = await lookup.courseRole(auth.tenantId, courseId, auth.userId);
  if (role === null) throw notFound('Course not found');
  if (!allowed.includes(role)) throw forbidden(`This action is for the course's ${allowed.join(', ')}`);
  return role;
}
