import { defineResource, type QuerySpec, toMany, toOne, z } from '@lms/jsonapi';
import { type AuthContext, PLATFORM_ROLES, type PlatformRole } from '@lms/auth';
import { byIndex, moduleResource } from '../structure/structure.resource';
import type { UserProjection } from '../users/user-projection.entity';
import type { CourseAssistant } from './course-assistant.entity';
import type { CourseClass } from './course-class.entity';
import type { Course } from './course.entity';
import type { Period } from './period.entity';

const ROLES = z.enum(PLATFORM_ROLES as readonly [PlatformRole, ...PlatformRole[]]);

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

/** A person shown through a course, as the reader may see them (`personSight`). */
export const userResource = defineResource({
  name: 'CourseUser',
  type: 'users',
  schema: {
    name: z.string(),
    thumbnail: z.string().nullable(),
    level: ROLES,
    /** To staff and admins. */
    nidn: z.string().nullable().optional(),
    /** To admins. */
    username: z.string().optional(),
    email: z.string().nullable().optional(),
    nim: z.string().nullable().optional(),
  },
  attributes: (user: UserProjection, auth: AuthContext) => {
    const sight = personSight(auth);
    return {
      name: user.name,
      thumbnail: user.thumbnail,
      level: user.role,
      ...(sight === 'name' ? {} : { nidn: user.nidn }),
      ...(sight === 'all' ? { username: user.username, email: user.email, nim: user.nim } : {}),
    };
  },
});

/** The course's lecturer as the reader may see them; `lecturer.user` includes the same person as a user. */
export const lecturerResource = defineResource({
  name: 'Lecturer',
  type: 'lecturers',
  schema: {
    user_id: z.int(),
    name: z.string(),
    thumbnail: z.string().nullable(),
    /** To staff and admins. */
    nidn: z.string().nullable().optional(),
  },
  attributes: (lecturer: UserProjection, auth: AuthContext) => ({
    user_id: lecturer.id,
    name: lecturer.name,
    thumbnail: lecturer.thumbnail,
    ...(personSight(auth) === 'name' ? {} : { nidn: lecturer.nidn }),
  }),
  relationships: {
    user: toOne(
      () => userResource,
      (lecturer: UserProjection) => lecturer,
    ),
  },
});

export const assistantResource = defineResource({
  name: 'Assistant',
  type: 'assistants',
  schema: {
    course_id: z.int(),
    user_id: z.int(),
    is_coordinator: z.boolean(),
    name: z.string().nullable(),
  },
  id: (assistant: CourseAssistant) => `${assistant.courseId}-${assistant.userId}`,
  attributes: (assistant: CourseAssistant) => ({
    course_id: assistant.courseId,
    user_id: assistant.userId,
    is_coordinator: assistant.isCoordinator,
    name: assistant.user?.name ?? null,
  }),
  relationships: {
    user: toOne(
      () => userResource,
      (assistant: CourseAssistant) => assistant.user,
    ),
  },
});

export const classResource = defineResource({
  name: 'CourseClass',
  type: 'classes',
  schema: { course_id: z.int(), name: z.string() },
  attributes: (courseClass: CourseClass) => ({ course_id: courseClass.courseId, name: courseClass.name }),
});

export const periodResource = defineResource({
  name: 'Period',
  type: 'periods',
  schema: { name: z.string(), year: z.int(), period_type: z.string(), is_active: z.boolean() },
  attributes: (period: Period) => ({
    name: period.name,
    year: period.year,
    period_type: period.type,
    is_active: period.isActive,
  }),
});

/**
 * The caller's membership of the course, what the client shows as its status: STUDENT when they
 * study in one of its classes, LECTURER or ASSISTANT when they teach it, null when they are not a
 * member (a student reading a public course, an admin).
 */
export function statusOf(course: Course, auth: AuthContext): 'STUDENT' | 'LECTURER' | 'ASSISTANT' | null {
  if (course.viewerStudies === true) return 'STUDENT';
  if (course.lecturerId === auth.userId) return 'LECTURER';
  if (course.assistants?.some((assistant) => assistant.userId === auth.userId)) return 'ASSISTANT';
  return null;
}

/** What anyone who may see a course reads of it (the public catalogue shows no more). */
export const publicCourseSchema = {
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  period_id: z.int().nullable(),
  period_year: z.int().nullable(),
  period_type: z.string().nullable(),
  lecturer_id: z.int().nullable(),
  is_active: z.boolean(),
  thumbnail: z.string().nullable(),
  start_at: z.date().nullable(),
  end_at: z.date().nullable(),
  is_open: z.boolean(),
  is_public: z.boolean(),
  is_free: z.boolean(),
  created_at: z.date(),
  updated_at: z.date(),
};

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

/** A course as its members and the campus's staff read it; `status` is the reader's role in it. */
export const courseResource = defineResource({
  name: 'Course',
  type: 'courses',
  schema: {
    ...publicCourseSchema,
    is_parent: z.boolean(),
    is_from_six: z.boolean(),
    gradebook_publish: z.boolean(),
    gradebook_presence: z.boolean(),
    completion_tracking: z.boolean(),
    status: z.enum(['STUDENT', 'LECTURER', 'ASSISTANT']).nullable(),
  },
  attributes: (course: Course, auth: AuthContext) => ({
    ...publicCourseAttributes(course),
    is_parent: course.isParent,
    is_from_six: course.isFromSix,
    gradebook_publish: course.gradebookPublish,
    gradebook_presence: course.gradebookPresence,
    completion_tracking: course.completionTracking,
    status: statusOf(course, auth),
  }),
  relationships: {
    modules: toMany(
      () => moduleResource,
      (course: Course) => byIndex(course.modules),
    ),
    lecturer: toOne(
      () => lecturerResource,
      (course: Course) => course.lecturer,
    ),
    assistant: toMany(
      () => assistantResource,
      (course: Course) => course.assistants,
    ),
    class: toMany(
      () => classResource,
      (course: Course) => course.classes,
    ),
    period: toOne(
      () => periodResource,
      (course: Course) => course.period,
    ),
  },
});

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
