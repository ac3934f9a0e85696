import { api, QUIET } from '../api/baseApi';
import {
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type Flat,
  type ListQuery,
  type Page,
} from '../api/jsonapi';

/** A course as the list and the course page use it (spec 01 §3). */
export interface Course extends Flat {
  name: string;
  code: string | null;
  description: string | null;
  period_id: number | null;
  period_year: number | null;
  period_type: string | null;
  lecturer_id: number | null;
  is_active: boolean;
  thumbnail: string | null;
  start_at: string | null;
  end_at: string | null;
  /** Readable by anyone without signing in (the public catalogue). */
  is_public?: boolean;
  /** Open to join (the "explore" strip of the catalogue). */
  is_free?: boolean;
  is_open?: boolean;
  gradebook_publish?: boolean;
  /** The caller's role in the course; absent in the public catalogue. */
  status?: 'STUDENT' | 'LECTURER' | 'ASSISTANT' | null;
  modules?: CourseModule[];
  lecturer?: (Flat & { name: string; user_id?: number }) | null;
  assistant?: Array<
    Flat & {
      name: string | null;
      user_id?: number;
      is_coordinator?: boolean;
      user?: (Flat & { name?: string }) | null;
    }
  >;
  class?: Array<Flat & { name: string }>;
  period?: (Flat & { name: string }) | null;
}

export interface CourseActivity extends Flat {
  name: string;
  index: number;
  is_active?: boolean;
  start_at?: string | null;
  end_at?: string | null;
}

export interface CourseModule extends Flat {
  name: string;
  index: number;
  is_active?: boolean;
  start_at?: string | null;
  end_at?: string | null;
  activities?: CourseActivity[];
}

/** An academic period (spec 01 §3); the attribute `type` arrives as `period_type`. */
export interface Period extends Flat {
  name: string;
  year: number;
  period_type: string;
  is_active: boolean;
}

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
