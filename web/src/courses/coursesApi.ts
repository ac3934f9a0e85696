import { api, QUIET } from '../api/baseApi';
import {
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type ListQuery,
  type Page,
} from '../api/jsonapi';
import type { ResourceOf } from '../api/types';
import { cachedResults, type ApiState } from '../notifications/saved';

/** A course as its members and staff read it, with what `COURSE_INCLUDES` includes (spec 01 §3). */
export type Course = ResourceOf<'/api/course/courses/{id}'>;

/** A course as anyone may read it in the public catalogue: no status, staff or classes. */
export type PublicCourse = ResourceOf<'/api/public/courses/{id}'>;

/** What a course card and a course header show: a catalogue course, or a member's with their role. */
export type ShownCourse = PublicCourse & Partial<Pick<Course, 'status'>>;

export type CourseModule = NonNullable<Course['modules']>[number];

export type CourseActivity = NonNullable<CourseModule['activities']>[number];

/** An academic period (spec 01 §3); the attribute `type` arrives as `period_type`. */
export type Period = ResourceOf<'/api/course/periods'>;

/** What reading one course includes (spec 01 §7). */
export const COURSE_INCLUDES = [
  'modules',
  'modules.activities',
  'lecturer',
  'assistant',
  'assistant.user',
  'class',
  'period',
];

/** The signed-in user's courses, nine to a page (spec 01 §9). */
export const COURSES_PAGE_SIZE = 9;

/** The cache tag of one course: what changes its structure, staff or details invalidates it. */
export const courseTag = (courseId: string | number) => [{ type: 'Course' as const, id: String(courseId) }];

export const coursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    courses: build.query<Page<Course>, ListQuery>({
      query: (query) => `course/courses?${toSearchParams(query)}`,
      transformResponse: (document: Document) => deserializePage<Course>(document),
      providesTags: ['Course'],
    }),
    /** Quiet: every page of a course shows its failure in place of the page (`CourseLoadFailed`). */
    course: build.query<Course, string>({
      extraOptions: QUIET,
      query: (id) =>
        `course/courses/${encodeURIComponent(id)}?${toSearchParams({ include: COURSE_INCLUDES })}`,
      transformResponse: (document: Document) => deserializeOne<Course>(document),
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
    /** `GET /course/periods?filter[is_active][is]=1`: the campus's active periods, all of them. */
    activePeriods: build.query<Period[], void>({
      extraOptions: QUIET,
      query: () => `course/periods?${toSearchParams({ filter: { is_active: { is: 1 } }, limit: 0 })}`,
      transformResponse: (document: Document) => deserializePage<Period>(document).items,
    }),
  }),
});

export const { useCoursesQuery, useCourseQuery, useActivePeriodsQuery } = coursesApi;

/**
 * A course as the cache held it when a save started (its page, or a list that showed it), for the
 * sentence of a success toast; undefined when no screen had read it.
 */
export function cachedCourse(before: ApiState, courseId: string | number): Course | undefined {
  const id = String(courseId);
  return (
    cachedResults(before, coursesApi.endpoints.course).find((course) => course.id === id) ??
    cachedResults(before, coursesApi.endpoints.courses)
      .flatMap((page) => page.items)
      .find((course) => course.id === id)
  );
}

/** A course's name for a success toast: as cached, or its number when no screen had read it. */
export const courseNameIn = (before: ApiState, courseId: string | number): string =>
  cachedCourse(before, courseId)?.name ?? `#${courseId}`;
