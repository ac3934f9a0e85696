import { api, QUIET } from '../../api/baseApi';
import { deserializeList, toSearchParams, type Document } from '../../api/jsonapi';
import type { ResourceOf } from '../../api/types';
import { courseTag } from '../coursesApi';

/** A lecturer of the campus, to pick a course's lecturer or assistants from. */
export type Lecturer = ResourceOf<'/api/course/lecturers'>;

/** An invitation to assist a course, as the invited lecturer sees it. */
export type AssistantRequest = ResourceOf<'/api/course/request/assistant'>;

/** A course's teaching staff: lecturers to pick from, assistants and their coordinator, requests. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    lecturers: build.query<Lecturer[], string>({
      query: (name) =>
        `course/lecturers?${toSearchParams({ filter: name ? { name: { like: name } } : undefined, limit: 20 })}`,
      transformResponse: (document: Document) => deserializeList<Lecturer>(document),
    }),
    changeAssistants: build.mutation<void, { courseId: string; action: 'add' | 'remove'; userIds: number[] }>(
      {
        extraOptions: QUIET,
        query: ({ courseId, action, userIds }) => ({
          url: 'course/courses/assistant',
          method: 'PUT',
          body: { data: { attributes: [{ action, course_id: Number(courseId), user_ids: userIds }] } },
        }),
        invalidatesTags: (_r, _e, { courseId }) => [...courseTag(courseId), 'Requests'],
      },
    ),
    toggleCoordinator: build.mutation<void, { courseId: string; userId: number }>({
      extraOptions: QUIET,
      query: ({ courseId, userId }) => ({
        url: `course/courses/assistant/coordinator/${courseId}/${userId}`,
        method: 'PUT',
      }),
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    assistantRequests: build.query<AssistantRequest[], void>({
      query: () => `course/request/assistant?${toSearchParams({ filter: { status: { is: 'PENDING' } } })}`,
      transformResponse: (document: Document) => deserializeList<AssistantRequest>(document),
      providesTags: ['Requests'],
    }),
    decideRequest: build.mutation<void, { id: string; action: 'accept' | 'reject' }>({
      query: ({ id, action }) => ({ url: `course/request/assistant/${id}/${action}`, method: 'PATCH' }),
      invalidatesTags: ['Requests', 'Course'],
    }),
  }),
});

export const {
  useLecturersQuery,
  useChangeAssistantsMutation,
  useToggleCoordinatorMutation,
  useAssistantRequestsQuery,
  useDecideRequestMutation,
} = staffApi;
