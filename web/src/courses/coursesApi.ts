import { api } from '../api/baseApi';
import {
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
  modules?: Array<Flat & { name: string; index: number; activities?: Array<Flat & { name: string }> }>;
  lecturer?: (Flat & { name: string }) | null;
}

/** The signed-in user's courses, nine to a page (spec 01 §9). */
export const COURSES_PAGE_SIZE = 9;

export const coursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    courses: build.query<Page<Course>, ListQuery>({
      query: (query) => `course/courses?${toSearchParams(query)}`,
      transformResponse: (document: Document) => deserializePage<Course>(document),
      providesTags: ['Course'],
    }),
  }),
});

export const { useCoursesQuery } = coursesApi;
