import { api, QUIET } from '../../api/baseApi';
import { deserializeList, toSearchParams, type Document } from '../../api/jsonapi';
import type { ResourceOf } from '../../api/types';
import i18n from '../../i18n/i18n';
import { announceSaves, cachedResults, type ApiState } from '../../notifications/saved';
import { cachedCourse, courseNameIn, courseTag } from '../coursesApi';

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

/** A lecturer's name for a success toast: from the lecturers listed or the course's assistants. */
function lecturerNameIn(before: ApiState, courseId: string, userId: number): string {
  const assistant = cachedCourse(before, courseId)?.assistant?.find(
    (item) => Number(item.user_id ?? item.user?.id) === userId,
  );
  const lecturer = cachedResults(before, staffApi.endpoints.lecturers)
    .flat()
    .find((item) => item.user_id === userId);
  return assistant?.name ?? assistant?.user?.name ?? lecturer?.name ?? `#${userId}`;
}

const listOf = (names: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);

announceSaves(staffApi, {
  changeAssistants: ({ arg, before }) =>
    i18n.t(arg.action === 'add' ? 'saved.assistantInvited' : 'saved.assistantRemoved', {
      name: listOf(arg.userIds.map((userId) => lecturerNameIn(before, arg.courseId, userId))),
      course: courseNameIn(before, arg.courseId),
    }),
  toggleCoordinator: ({ arg, before }) => {
    const wasCoordinator = cachedCourse(before, arg.courseId)?.assistant?.some(
      (item) => Number(item.user_id ?? item.user?.id) === arg.userId && item.is_coordinator,
    );
    return i18n.t(wasCoordinator ? 'saved.coordinatorUnset' : 'saved.coordinatorSet', {
      name: lecturerNameIn(before, arg.courseId, arg.userId),
      course: courseNameIn(before, arg.courseId),
    });
  },
  decideRequest: ({ arg, before }) => {
    const request = cachedResults(before, staffApi.endpoints.assistantRequests)
      .flat()
      .find((item) => item.id === arg.id);
    const course = request
      ? [request.course_code, request.course_name].filter(Boolean).join(' ')
      : `#${arg.id}`;
    return i18n.t(arg.action === 'accept' ? 'saved.requestAccepted' : 'saved.requestRejected', { course });
  },
});

export const {
  useLecturersQuery,
  useChangeAssistantsMutation,
  useToggleCoordinatorMutation,
  useAssistantRequestsQuery,
  useDecideRequestMutation,
} = staffApi;
