import { api } from '../api/baseApi';
import {
  deserialize,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type Flat,
  type Page,
} from '../api/jsonapi';
import type { Course, CourseActivity, CourseModule } from './coursesApi';

/** Where a content hangs (spec 01 §3). */
export type ContentableType = 'courses' | 'modules' | 'activities';

/**
 * Who reads contents: a signed-in member (`/course/contents`) or a visitor of a public course
 * (`/public/contents`, no token needed); the two take the same filters.
 */
export type ContentScope = 'course' | 'public';

export const CONFERENCE_TYPES = ['zoom', 'google-meet', 'ms-teams', 'cloudx', 'webex'] as const;
export const CONTENT_TYPES = ['text', 'link', 'video', 'file', ...CONFERENCE_TYPES] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** A content as deserialized: the attribute `type` arrives as `contents_type`. */
export interface Content extends Flat {
  course_id?: number;
  contentable_type: ContentableType;
  contentable_id: number;
  index: number;
  name: string;
  contents_type: ContentType;
  content: string | null;
  size: number | null;
  mime: string | null;
  updated_at?: string;
  deleted_at?: string | null;
}

/** The fields a content is created or changed with. */
export interface ContentInput {
  contentable_type: ContentableType;
  contentable_id: number;
  index?: number;
  name: string;
  type: ContentType;
  content: string | null;
  size?: number | null;
  mime?: string | null;
}

export interface EnrolToken {
  class_id: number;
  class_name: string | null;
  token: string;
}

export interface EnrolWindow extends Flat {
  course_id: number;
  start_at: string;
  end_at: string;
  is_open: boolean;
  tokens: EnrolToken[];
}

export interface Student extends Flat {
  user_id: number;
  name: string;
  username: string;
  nim: string | null;
  class_id: number | null;
  class_name: string | null;
}

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

export type SortType = 'modules' | 'activities' | 'contents';

/** What a sync from the academic system changed (`meta` of `POST /sync/sync/syncByCourse`). */
export interface SyncOutcome {
  changed: boolean;
  course_created: boolean;
  course_updated: boolean;
  classes_created: number;
  students_added: number;
  students_removed: number;
  students_total: number;
  unmatched_students: Array<{ nim: string; name: string | null; class_name: string }>;
  unmatched_lecturer: string | null;
}

const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });
const list = <T extends { id: string }>(document: Document) => {
  const result = deserialize<T>(document);
  return Array.isArray(result) ? result : result ? [result] : [];
};
const courseTag = (courseId: string | number) => [{ type: 'Course' as const, id: String(courseId) }];

export const courseApi = api
  .enhanceEndpoints({ addTagTypes: ['Contents', 'Enrolment', 'Students', 'Enrolled', 'Requests'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Live contents of a module or activity (or, archived, of the whole course), by index. */
      contents: build.query<
        Content[],
        {
          type?: ContentableType;
          id?: string | number;
          courseId?: string | number;
          archived?: boolean;
          scope?: ContentScope;
        }
      >({
        query: ({ type, id, courseId, archived, scope = 'course' }) => {
          const filter: Record<string, Record<string, string | number>> = {};
          if (type) filter.contentable_type = { is: type };
          if (id !== undefined) filter.contentable_id = { is: id };
          if (courseId !== undefined) filter.course_id = { is: courseId };
          const query = toSearchParams({ filter, sort: archived ? '-deleted_at' : 'index', limit: 0 });
          return `${scope}/contents?${query}${archived ? '&archived=1' : ''}`;
        },
        transformResponse: (document: Document) => list<Content>(document),
        providesTags: ['Contents'],
      }),
      saveContent: build.mutation<Content, { id?: string; courseId: string; input: Partial<ContentInput> }>({
        query: ({ id, input }) =>
          id
            ? { url: `course/contents/${id}`, method: 'PATCH', body: body(input) }
            : { url: 'course/contents', method: 'POST', body: body(input) },
        transformResponse: (document: Document) => deserializeOne<Content>(document),
        invalidatesTags: ['Contents'],
      }),
      archiveContent: build.mutation<void, string>({
        query: (id) => ({ url: `course/contents/${id}`, method: 'DELETE' }),
        invalidatesTags: ['Contents'],
      }),
      /** A short-lived link to a file content's bytes (`redirect=0` answers it instead of a 302). */
      downloadLink: build.mutation<string, { id: string; scope?: ContentScope }>({
        query: ({ id, scope = 'course' }) =>
          `${scope}/contents/${encodeURIComponent(id)}/download?redirect=0`,
        transformResponse: (document: Document) => deserializeOne<{ id: string; url: string }>(document).url,
      }),
      restoreContents: build.mutation<void, string[]>({
        query: (ids) => ({
          url: 'course/contents/restore',
          method: 'PATCH',
          body: { data: ids.map(Number) },
        }),
        invalidatesTags: ['Contents'],
      }),

      createModule: build.mutation<CourseModule, { courseId: string; name?: string }>({
        query: ({ courseId, name }) => ({
          url: 'course/modules',
          method: 'POST',
          body: body({ course_id: Number(courseId), ...(name ? { name } : {}) }),
        }),
        transformResponse: (document: Document) => deserializeOne<CourseModule>(document),
        invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
      }),
      createModuleBatch: build.mutation<void, { courseId: string }>({
        query: ({ courseId }) => ({
          url: 'course/modules/batch',
          method: 'POST',
          body: body({ course_id: Number(courseId) }),
        }),
        invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
      }),
      renameModule: build.mutation<void, { courseId: string; id: string; name: string }>({
        query: ({ id, name }) => ({ url: `course/modules/${id}`, method: 'PATCH', body: body({ name }) }),
        invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
      }),
      deleteModule: build.mutation<void, { courseId: string; id: string }>({
        query: ({ id }) => ({ url: `course/modules/${id}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
      }),
      createActivity: build.mutation<CourseActivity, { courseId: string; moduleId: string; name?: string }>({
        query: ({ moduleId, name }) => ({
          url: 'course/activities',
          method: 'POST',
          body: body({ module_id: Number(moduleId), ...(name ? { name } : {}) }),
        }),
        transformResponse: (document: Document) => deserializeOne<CourseActivity>(document),
        invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
      }),
      renameActivity: build.mutation<void, { courseId: string; id: string; name: string }>({
        query: ({ id, name }) => ({ url: `course/activities/${id}`, method: 'PATCH', body: body({ name }) }),
        invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
      }),
      deleteActivity: build.mutation<void, { courseId: string; id: string }>({
        query: ({ id }) => ({ url: `course/activities/${id}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
      }),
      /** `PUT /course/courses/sort/{courseId} {type, ids}`: the whole list in its new order. */
      sort: build.mutation<void, { courseId: string; type: SortType; ids: string[] }>({
        query: ({ courseId, type, ids }) => ({
          url: `course/courses/sort/${courseId}`,
          method: 'PUT',
          body: body({ type, ids: ids.map(Number) }),
        }),
        invalidatesTags: (_r, _e, { courseId, type }) =>
          type === 'contents' ? ['Contents'] : courseTag(courseId),
      }),

      /** The course's details; `changes` holds only the modified attributes (spec 01 §4). */
      updateCourse: build.mutation<Course, { courseId: string; changes: Record<string, unknown> }>({
        query: ({ courseId, changes }) => ({
          url: `course/courses/${encodeURIComponent(courseId)}?include=lecturer,period`,
          method: 'PATCH',
          body: body(changes),
        }),
        transformResponse: (document: Document) => deserializeOne<Course>(document),
        invalidatesTags: (_r, _e, { courseId }) => [...courseTag(courseId), 'Course'],
      }),
      /** Copies the modules, activities and contents of course `from` into `to` (never students). */
      replicateCourse: build.mutation<{ copied: number }, { from: number; to: string }>({
        query: ({ from, to }) => ({
          url: 'course/courses/replicate',
          method: 'PUT',
          body: body({ from, to: Number(to) }),
        }),
        transformResponse: (document: Document) => ({ copied: Number(document.meta?.copied_modules ?? 0) }),
        invalidatesTags: (_r, _e, { to }) => courseTag(to),
      }),
      /** Classes and rosters of the course pulled from the university's academic system. */
      syncCourse: build.mutation<
        SyncOutcome,
        { courseId: string; year: number; type: string; code: string; periodId: number }
      >({
        query: ({ year, type, code, periodId }) => ({
          url: 'sync/sync/syncByCourse',
          method: 'POST',
          body: body({ year, type, code, period_id: periodId }),
        }),
        transformResponse: (document: Document) => document.meta as unknown as SyncOutcome,
        invalidatesTags: (_r, _e, { courseId }) => [...courseTag(courseId), 'Students', 'Enrolment'],
      }),

      enrolWindow: build.query<EnrolWindow | null, string>({
        query: (courseId) => `course/enrolls?${toSearchParams({ filter: { course_id: { is: courseId } } })}`,
        transformResponse: (document: Document) => list<EnrolWindow>(document)[0] ?? null,
        providesTags: ['Enrolment'],
      }),
      openEnrolment: build.mutation<EnrolWindow, { courseId: string; startAt: string; endAt: string }>({
        query: ({ courseId, startAt, endAt }) => ({
          url: 'course/enrolls',
          method: 'POST',
          body: body({ course_id: Number(courseId), start_at: startAt, end_at: endAt }),
        }),
        transformResponse: (document: Document) => deserializeOne<EnrolWindow>(document),
        invalidatesTags: ['Enrolment'],
      }),
      takeEnrolment: build.mutation<Course, { courseId: number; classId: number; token: string }>({
        query: ({ courseId, classId, token }) => ({
          url: 'course/enrolls/take',
          method: 'POST',
          body: body({ course_id: courseId, class_id: classId, token }),
        }),
        transformResponse: (document: Document) => deserializeOne<Course>(document),
        invalidatesTags: ['Course', 'Enrolled'],
      }),
      leaveCourse: build.mutation<void, string>({
        query: (courseId) => ({
          url: 'course/enrolls/leave',
          method: 'POST',
          body: body({ course_id: Number(courseId) }),
        }),
        invalidatesTags: ['Course', 'Enrolled'],
      }),
      kickStudent: build.mutation<void, { courseId: string; studentId: number }>({
        query: ({ courseId, studentId }) => ({
          url: 'course/enrolls/kick',
          method: 'POST',
          body: body({ course_id: Number(courseId), student_id: studentId }),
        }),
        invalidatesTags: ['Students'],
      }),
      enrolledCourses: build.query<Page<Course>, { offset: number }>({
        query: ({ offset }) => `course/enrolls/courses?${toSearchParams({ limit: 9, offset })}`,
        transformResponse: (document: Document) => deserializePage<Course>(document),
        providesTags: ['Enrolled'],
      }),
      students: build.query<Student[], string>({
        query: (courseId) => `course/courses/${courseId}/students?${toSearchParams({ limit: 0 })}`,
        transformResponse: (document: Document) => list<Student>(document),
        providesTags: ['Students'],
      }),

      lecturers: build.query<Lecturer[], string>({
        query: (name) =>
          `course/lecturers?${toSearchParams({ filter: name ? { name: { like: name } } : undefined, limit: 20 })}`,
        transformResponse: (document: Document) => list<Lecturer>(document),
      }),
      changeAssistants: build.mutation<
        void,
        { courseId: string; action: 'add' | 'remove'; userIds: number[] }
      >({
        query: ({ courseId, action, userIds }) => ({
          url: 'course/courses/assistant',
          method: 'PUT',
          body: { data: { attributes: [{ action, course_id: Number(courseId), user_ids: userIds }] } },
        }),
        invalidatesTags: (_r, _e, { courseId }) => [...courseTag(courseId), 'Requests'],
      }),
      toggleCoordinator: build.mutation<void, { courseId: string; userId: number }>({
        query: ({ courseId, userId }) => ({
          url: `course/courses/assistant/coordinator/${courseId}/${userId}`,
          method: 'PUT',
        }),
        invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
      }),
      assistantRequests: build.query<AssistantRequest[], void>({
        query: () => `course/request/assistant?${toSearchParams({ filter: { status: { is: 'PENDING' } } })}`,
        transformResponse: (document: Document) => list<AssistantRequest>(document),
        providesTags: ['Requests'],
      }),
      decideRequest: build.mutation<void, { id: string; action: 'accept' | 'reject' }>({
        query: ({ id, action }) => ({ url: `course/request/assistant/${id}/${action}`, method: 'PATCH' }),
        invalidatesTags: ['Requests', 'Course'],
      }),
    }),
  });

export const {
  useContentsQuery,
  useSaveContentMutation,
  useArchiveContentMutation,
  useRestoreContentsMutation,
  useDownloadLinkMutation,
  useCreateModuleMutation,
  useCreateModuleBatchMutation,
  useRenameModuleMutation,
  useDeleteModuleMutation,
  useCreateActivityMutation,
  useRenameActivityMutation,
  useDeleteActivityMutation,
  useSortMutation,
  useEnrolWindowQuery,
  useOpenEnrolmentMutation,
  useTakeEnrolmentMutation,
  useLeaveCourseMutation,
  useKickStudentMutation,
  useSyncCourseMutation,
  useUpdateCourseMutation,
  useReplicateCourseMutation,
  useEnrolledCoursesQuery,
  useStudentsQuery,
  useLecturersQuery,
  useChangeAssistantsMutation,
  useToggleCoordinatorMutation,
  useAssistantRequestsQuery,
  useDecideRequestMutation,
} = courseApi;
