import { api, QUIET } from '../api/baseApi';
import { announceSaves, silent } from '../notifications/saved';
import { deserializeOne, deserializePage, toSearchParams, type Document, type Page } from '../api/jsonapi';
import type { PublicCourse } from '../courses/coursesApi';

/** Page sizes of spec 01 §9: the catalogue shows nine courses a page, "explore" four. */
export const CATALOGUE_PAGE_SIZE = 9;
export const EXPLORE_SIZE = 4;

/** What the public course view reads with a course: its outline, lecturer and period. */
export const PUBLIC_COURSE_INCLUDES = ['modules', 'modules.activities', 'lecturer', 'period'];
const CARD_INCLUDES = ['lecturer', 'period'];

/**
 * One visit of a public course's page (`POST /public/view/course/{id}`, spec 01 §7): what the
 * client knows of its visitor, null where nothing is known (the server takes the address itself).
 */
export interface CourseVisit {
  courseId: number;
  campus: string | null;
  roles: string | null;
  code: string | null;
  name: string | null;
  province: string | null;
  is_verify: boolean;
  ip_address: null;
}

/** The public catalogue of the campus of this host: read without signing in. */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** "Explore": the newest active free courses, four of them. */
    exploreCourses: build.query<Page<PublicCourse>, void>({
      extraOptions: QUIET,
      query: () =>
        `public/courses/explore?${toSearchParams({
          filter: { is_active: { is: 1 }, is_free: { is: 1 } },
          include: CARD_INCLUDES,
          sort: '-updated_at',
          limit: EXPLORE_SIZE,
        })}`,
      transformResponse: (document: Document) => deserializePage<PublicCourse>(document),
    }),
    /** The catalogue: active public or free courses, searched by name, nine a page. */
    publicCourses: build.query<Page<PublicCourse>, { search: string; page: number }>({
      extraOptions: QUIET,
      query: ({ search, page }) =>
        `public/courses?${toSearchParams({
          filter: search ? { name: { like: search } } : undefined,
          include: CARD_INCLUDES,
          sort: '-updated_at',
          limit: CATALOGUE_PAGE_SIZE,
          offset: (page - 1) * CATALOGUE_PAGE_SIZE,
        })}`,
      transformResponse: (document: Document) => deserializePage<PublicCourse>(document),
    }),
    /** One course of the catalogue with its active modules and activities; 404 for any other. */
    publicCourse: build.query<PublicCourse, string>({
      extraOptions: QUIET,
      query: (id) =>
        `public/courses/${encodeURIComponent(id)}?${toSearchParams({ include: PUBLIC_COURSE_INCLUDES })}`,
      transformResponse: (document: Document) => deserializeOne<PublicCourse>(document),
    }),
    recordCourseView: build.mutation<void, CourseVisit>({
      extraOptions: QUIET,
      query: (visit) => ({
        url: `public/view/course/${encodeURIComponent(visit.courseId)}`,
        method: 'POST',
        body: { data: { attributes: visit } },
      }),
    }),
  }),
});

announceSaves(catalogueApi, {
  recordCourseView: silent('counts a visit of a public course page in the background'),
});

export const {
  useExploreCoursesQuery,
  usePublicCoursesQuery,
  usePublicCourseQuery,
  useRecordCourseViewMutation,
} = catalogueApi;
