import { api, QUIET } from '../../api/baseApi';
import { deserializeList, toSearchParams, type Document, type Flat } from '../../api/jsonapi';
import { courseTag } from '../coursesApi';

export interface Lecturer extends Flat {
  user_id: number;
  name: string;
  nidn: string | null;
}

export interface AssistantRequest extends Flat {
  course_id: number;
  course_name: string | null;
  course_code: string | null;
  requester_name: string | null;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED';
  created_at: string;
}

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
