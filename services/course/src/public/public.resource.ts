import { defineResource, type QuerySpec, toMany, toOne, z } from '@lms/jsonapi';
import type { Course } from '../courses/course.entity';
import {
  courseQuery,
  periodResource,
  publicCourseAttributes,
  publicCourseSchema,
} from '../courses/courses.resource';
import { activityResource, byIndex, moduleAttributes, moduleSchema } from '../structure/structure.resource';
import type { CourseModule } from '../structure/module.entity';
import type { UserProjection } from '../users/user-projection.entity';
import type { CourseView } from './course-view.entity';

/** Page sizes of the spec (§9): the catalogue shows 9 courses a page, "explore" 4. */
export const CATALOGUE_PAGE = 9;
export const EXPLORE_PAGE = 4;

/** The lecturer as anyone may see them: name and avatar (no username, e-mail or NIDN). */
const publicLecturerResource = defineResource({
  name: 'PublicLecturer',
  type: 'lecturers',
  schema: { user_id: z.int(), name: z.string(), thumbnail: z.string().nullable() },
  attributes: (user: UserProjection) => ({ user_id: user.id, name: user.name, thumbnail: user.thumbnail }),
});

const publicModuleResource = defineResource({
  name: 'PublicModule',
  type: 'modules',
  schema: moduleSchema,
  attributes: moduleAttributes,
  relationships: {
    activities: toMany(
      () => activityResource,
      (module: CourseModule) => byIndex(module.activities),
    ),
  },
});

/** A course of the public catalogue: what its page shows, nothing about its members. */
export const publicCourseResource = defineResource({
  name: 'PublicCourse',
  type: 'courses',
  schema: publicCourseSchema,
  attributes: publicCourseAttributes,
  relationships: {
    modules: toMany(
      () => publicModuleResource,
      (course: Course) => byIndex(course.modules),
    ),
    lecturer: toOne(
      () => publicLecturerResource,
      (course: Course) => course.lecturer,
    ),
    period: toOne(
      () => periodResource,
      (course: Course) => course.period,
    ),
  },
});

/**
 * The course list's filters and sorts (`courseQuery`) over the catalogue's courses, with only the
 * includes that show no members and the catalogue's page sizes.
 */
export const publicCourseQuery: QuerySpec = {
  ...courseQuery,
  includes: ['modules', 'modules.activities', 'lecturer', 'period'],
  defaultLimit: CATALOGUE_PAGE,
  maxLimit: 100,
};

export const exploreQuery: QuerySpec = { ...publicCourseQuery, defaultLimit: EXPLORE_PAGE };

export const courseViewResource = defineResource({
  name: 'CourseView',
  type: 'course_views',
  schema: { course_id: z.int(), created_at: z.date() },
  attributes: (view: CourseView) => ({ course_id: view.courseId, created_at: view.createdAt }),
});
