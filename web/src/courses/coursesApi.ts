import { api } from '../api/baseApi';
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
  status: 'STUDENT' | 'LECTURER' | 'ASSISTANT' | null;
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

export const coursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    courses: build.query<Page<Course>, ListQuery>({
      query: (query) => `course/courses?${toSearchParams(query)}`,
      transformResponse: (document: Document) => deserializePage<Course>(document),
      providesTags: ['Course'],
    }),
    course: build.query<Course, string>({
      query: (id) =>
        `course/courses/${encodeURIComponent(id)}?${toSearchParams({ include: COURSE_INCLUDES })}`,
      transformResponse: (document: Document) => deserializeOne<Course>(document),
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useCoursesQuery, useCourseQuery } = coursesApi;
