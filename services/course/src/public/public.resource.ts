import { relation, type QuerySpec, type ResourceType } from '@lms/jsonapi';
import type { Course } from '../courses/course.entity';
import { courseQuery, periodResource, publicCourseAttributes } from '../courses/courses.resource';
import { activityResource } from '../structure/structure.resource';
import type { CourseModule } from '../structure/module.entity';
import type { UserProjection } from '../users/user-projection.entity';
import type { CourseView } from './course-view.entity';

/** Page sizes of the spec (§9): the catalogue shows 9 courses a page, "explore" 4. */
export const CATALOGUE_PAGE = 9;
export const EXPLORE_PAGE = 4;

/** The lecturer as anyone may see them: name and avatar (no username, e-mail or NIDN). */
const publicLecturerResource: ResourceType<UserProjection> = {
  type: 'lecturers',
  attributes: (user) => ({ user_id: user.id, name: user.name, thumbnail: user.thumbnail }),
};

const publicModuleResource: ResourceType<CourseModule> = {
  type: 'modules',
  attributes: (module) => ({
    course_id: module.courseId,
    index: module.index,
    name: module.name,
    is_active: module.isActive,
    start_at: module.startAt,
    end_at: module.endAt,
  }),
  relationships: {
    activities: relation(
      () => activityResource,
      (module: CourseModule) =>
        module.activities && [...module.activities].sort((a, b) => a.index - b.index || a.id - b.id),
    ),
  },
};

/** A course of the public catalogue: what its page shows, nothing about its members. */
export const publicCourseResource: ResourceType<Course> = {
  type: 'courses',
  attributes: publicCourseAttributes,
  relationships: {
    modules: relation(
      () => publicModuleResource,
      (course: Course) =>
        course.modules && [...course.modules].sort((a, b) => a.index - b.index || a.id - b.id),
    ),
    lecturer: relation(
      () => publicLecturerResource,
      (course: Course) => course.lecturer,
    ),
    period: relation(
      () => periodResource,
      (course: Course) => course.period,
    ),
  },
};

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

export const courseViewResource: ResourceType<CourseView> = {
  type: 'course_views',
  attributes: (view) => ({ course_id: view.courseId, created_at: view.createdAt }),
};
