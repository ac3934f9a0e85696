import { api, QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../../api/jsonapi';
import type { RequestAttributes, ResourceOf } from '../../api/types';
import i18n from '../../i18n/i18n';
import { announceSaves, cachedResults } from '../../notifications/saved';

/** A lecturer's request for a course, as they follow it (state, the operator's reason). */
export type CourseRequest = ResourceOf<'/api/course/course-requests/{id}'>;

/** What a lecturer asks for: name, code, period, faculty, classes, note. */
export type NewCourseRequest = RequestAttributes<'/api/course/course-requests', 'post'>;

/** A faculty of the campus, to pick a requested course's from. */
export type Faculty = ResourceOf<'/api/course/faculties'>;

const withTags = api.enhanceEndpoints({ addTagTypes: ['CourseRequest'] });

/** The lecturer's course requests: the campus's faculties to choose from, ask, follow, withdraw. */
export const courseRequestsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    myCourseRequests: build.query<CourseRequest[], void>({
      extraOptions: QUIET,
      query: () => `course/course-requests?${toSearchParams({ limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<CourseRequest>(document),
      providesTags: ['CourseRequest'],
    }),
    faculties: build.query<Faculty[], void>({
      extraOptions: QUIET,
      query: () => `course/faculties?${toSearchParams({ sort: 'name', limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<Faculty>(document),
    }),
    /** Quiet: the form shows every problem beside itself. */
    requestCourse: build.mutation<CourseRequest, NewCourseRequest>({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'course/course-requests',
        method: 'POST',
        body: attributesBody(attributes),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseRequest>(document),
      invalidatesTags: ['CourseRequest'],
    }),
    withdrawCourseRequest: build.mutation<CourseRequest, string>({
      query: (id) => ({ url: `course/course-requests/${encodeURIComponent(id)}/withdraw`, method: 'POST' }),
      transformResponse: (document: Document) => deserializeOne<CourseRequest>(document),
      invalidatesTags: ['CourseRequest'],
    }),
  }),
});

announceSaves(courseRequestsApi, {
  requestCourse: ({ result }) => i18n.t('courseRequests.sent', { name: result.name, code: result.code }),
  withdrawCourseRequest: ({ arg, before, result }) => {
    const request = cachedResults(before, courseRequestsApi.endpoints.myCourseRequests)
      .flat()
      .find((item) => item.id === arg);
    return i18n.t('courseRequests.withdrawn', { name: (request ?? result).name });
  },
});

export const {
  useMyCourseRequestsQuery,
  useFacultiesQuery,
  useRequestCourseMutation,
  useWithdrawCourseRequestMutation,
} = courseRequestsApi;
