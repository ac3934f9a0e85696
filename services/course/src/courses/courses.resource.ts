import { relation, type QuerySpec, type ResourceType } from '@lms/jsonapi';
import type { AuthContext } from '@lms/auth';
import { byIndex, moduleResource } from '../structure/structure.resource';
import type { UserProjection } from '../users/user-projection.entity';
import type { CourseAssistant } from './course-assistant.entity';
import type { CourseClass } from './course-class.entity';
import type { Course } from './course.entity';
import type { Period } from './period.entity';

/**
 * How much a caller sees of a person shown through a course (its lecturer, its assistants): an
 * admin everything; a lecturer name, avatar, role and NIDN; a student name, avatar and role
 * (docs/architecture.md, "Who sees whom"). Never a username or an e-mail to anyone but admins.
 */
type PersonSight = 'all' | 'colleague' | 'name';

export function personSight(auth: AuthContext): PersonSight {
  if (auth.role === 'admin' || auth.role === 'lptk') return 'all';
  return auth.role === 'lecturer' ? 'colleague' : 'name';
}

function userResourceOf(sight: PersonSight): ResourceType<UserProjection> {
  return {
    type: 'users',
    attributes: (user) => ({
      name: user.name,
      thumbnail: user.thumbnail,
      level: user.role,
      ...(sight === 'name' ? {} : { nidn: user.nidn }),
      ...(sight === 'all' ? { username: user.username, email: user.email, nim: user.nim } : {}),
    }),
  };
}

/** The course's lecturer; `lecturer.user` includes the same person as a user resource. */
function lecturerResourceOf(sight: PersonSight): ResourceType<UserProjection> {
  const user = userResourceOf(sight);
  return {
    type: 'lecturers',
    attributes: (lecturer) => ({
      user_id: lecturer.id,
      name: lecturer.name,
      thumbnail: lecturer.thumbnail,
      ...(sight === 'name' ? {} : { nidn: lecturer.nidn }),
    }),
    relationships: {
      user: relation(
        () => user,
        (lecturer: UserProjection) => lecturer,
      ),
    },
  };
}

function assistantResourceOf(sight: PersonSight): ResourceType<CourseAssistant> {
  const user = userResourceOf(sight);
  return {
    type: 'assistants',
    id: (assistant) => `${assistant.courseId}-${assistant.userId}`,
    attributes: (assistant) => ({
      course_id: assistant.courseId,
      user_id: assistant.userId,
      is_coordinator: assistant.isCoordinator,
      name: assistant.user?.name ?? null,
    }),
    relationships: {
      user: relation(
        () => user,
        (assistant: CourseAssistant) => assistant.user,
      ),
    },
  };
}

const SIGHTS: readonly PersonSight[] = ['all', 'colleague', 'name'];
const LECTURERS = new Map(SIGHTS.map((sight) => [sight, lecturerResourceOf(sight)]));
const ASSISTANTS = new Map(SIGHTS.map((sight) => [sight, assistantResourceOf(sight)]));

/** Lecturers as the caller may see them. */
export const lecturerResource = (auth: AuthContext) => LECTURERS.get(personSight(auth))!;
/** Assistants (and their `user`) as the caller may see them. */
export const assistantResource = (auth: AuthContext) => ASSISTANTS.get(personSight(auth))!;

export const classResource: ResourceType<CourseClass> = {
  type: 'classes',
  attributes: (courseClass) => ({ course_id: courseClass.courseId, name: courseClass.name }),
};

export const periodResource: ResourceType<Period> = {
  type: 'periods',
  attributes: (period) => ({
    name: period.name,
    year: period.year,
    period_type: period.type,
    is_active: period.isActive,
  }),
};

/** The caller's role in the course: what the client shows as the course's status. */
export function statusOf(course: Course, auth: AuthContext): string | null {
  if (auth.role === 'student') return 'STUDENT';
  if (course.lecturerId === auth.userId) return 'LECTURER';
  if (course.assistants?.some((assistant) => assistant.userId === auth.userId)) return 'ASSISTANT';
  return null;
}

/** What anyone who may see a course reads of it (the public catalogue shows no more). */
export function publicCourseAttributes(course: Course) {
  return {
    name: course.name,
    code: course.code,
    description: course.description,
    period_id: course.periodId,
    period_year: course.period?.year ?? null,
    period_type: course.period?.type ?? null,
    lecturer_id: course.lecturerId,
    is_active: course.isActive,
    thumbnail: course.thumbnail,
    start_at: course.startAt,
    end_at: course.endAt,
    is_open: course.isOpen,
    is_public: course.isPublic,
    is_free: course.isFree,
    created_at: course.createdAt,
    updated_at: course.updatedAt,
  };
}

export function courseResource(auth: AuthContext): ResourceType<Course> {
  return {
    type: 'courses',
    attributes: (course) => ({
      ...publicCourseAttributes(course),
      is_parent: course.isParent,
      is_from_six: course.isFromSix,
      gradebook_publish: course.gradebookPublish,
      status: statusOf(course, auth),
    }),
    relationships: {
      modules: relation(
        () => moduleResource,
        (course: Course) => byIndex(course.modules),
      ),
      lecturer: relation(
        () => lecturerResource(auth),
        (course: Course) => course.lecturer,
      ),
      assistant: relation(
        () => assistantResource(auth),
        (course: Course) => course.assistants,
      ),
      class: relation(
        () => classResource,
        (course: Course) => course.classes,
      ),
      period: relation(
        () => periodResource,
        (course: Course) => course.period,
      ),
    },
  };
}

export const INCLUDES = [
  'modules',
  'modules.activities',
  'lecturer',
  'lecturer.user',
  'assistant',
  'assistant.user',
  'class',
  'period',
] as const;

export const courseQuery: QuerySpec = {
  filters: {
    id: { column: 'course.id', type: 'integer', ops: ['is', 'not', 'in'] },
    name: { column: 'course.name', type: 'string', ops: ['is', 'like'] },
    code: { column: 'course.code', type: 'string', ops: ['is', 'like', 'in'] },
    period_id: { column: 'course.period_id', type: 'integer', ops: ['is', 'in', 'null'] },
    lecturer_id: { column: 'course.lecturer_id', type: 'integer', ops: ['is', 'in'] },
    is_active: { column: 'course.is_active', type: 'boolean', ops: ['is'] },
    is_public: { column: 'course.is_public', type: 'boolean', ops: ['is'] },
    is_free: { column: 'course.is_free', type: 'boolean', ops: ['is'] },
    is_open: { column: 'course.is_open', type: 'boolean', ops: ['is'] },
    start_at: { column: 'course.start_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte', 'null'] },
    end_at: { column: 'course.end_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte', 'null'] },
    updated_at: { column: 'course.updated_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte'] },
  },
  sorts: {
    id: 'course.id',
    name: 'course.name',
    code: 'course.code',
    start_at: 'course.start_at',
    end_at: 'course.end_at',
    created_at: 'course.created_at',
    updated_at: 'course.updated_at',
  },
  includes: INCLUDES,
  defaultSort: '-updated_at',
  maxLimit: 500,
};
