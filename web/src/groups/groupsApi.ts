import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../api/jsonapi';
import type { MetaOf, ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import { announceSaves, silent } from '../notifications/saved';

/** A group of a course's set (`groups_type` names the set). */
export type CourseGroup = ResourceOf<'/api/course/groups'>;
/** A group `generate` would make (nothing saved). */
export type GroupPreview = ResourceOf<'/api/course/groups/generate', 'post'>;
export type GenerateMeta = MetaOf<'/api/course/groups/generate', 'post'>;

/** A member as a write sends it. */
export interface MemberInput {
  id: number;
  is_leader: boolean;
}

/** What `generate` is asked: by size (`student_count`) or by count (`group_count`). */
export interface GenerateInput {
  courseId: string;
  type: string;
  name: string;
  by: 'student_count' | 'group_count';
  count: number;
  /** Empty: the set's default seed (the same shuffle every time). */
  seed: string;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['CourseGroup'] });
const groupsOf = (courseId: string) => ({ type: 'CourseGroup' as const, id: `course-${courseId}` });

const generateCall = ({ courseId, type, name, by, count, seed }: GenerateInput, preview: boolean) => ({
  url: 'course/groups/generate',
  method: 'POST',
  body: attributesBody({
    course_id: Number(courseId),
    type,
    name,
    [by]: count,
    ...(seed ? { seed } : {}),
    preview,
  }),
});

/** The course's sets of groups: read by its members, written by its teaching staff. */
export const groupsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    courseGroups: build.query<CourseGroup[], string>({
      extraOptions: QUIET,
      query: (courseId) =>
        `course/groups?${toSearchParams({ filter: { course_id: { is: courseId } }, limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<CourseGroup>(document),
      providesTags: (_r, _e, courseId) => [groupsOf(courseId)],
    }),
    /** What `generate` would make: nothing saved; the same seed then saves the same groups. */
    previewGroups: build.mutation<{ groups: GroupPreview[]; meta: GenerateMeta }, GenerateInput>({
      extraOptions: QUIET,
      query: (input) => generateCall(input, true),
      transformResponse: (document: Document) => ({
        groups: deserializeList<GroupPreview>(document),
        meta: document.meta as GenerateMeta,
      }),
    }),
    /** Makes the set anew, replacing its groups. */
    generateGroups: build.mutation<CourseGroup[], GenerateInput>({
      extraOptions: QUIET,
      query: (input) => generateCall(input, false),
      transformResponse: (document: Document) => deserializeList<CourseGroup>(document),
      invalidatesTags: (_r, _e, { courseId }) => [groupsOf(courseId)],
    }),
    createCourseGroup: build.mutation<
      CourseGroup,
      { courseId: string; type: string; name: string; users: MemberInput[] }
    >({
      extraOptions: QUIET,
      query: ({ courseId, type, name, users }) => ({
        url: 'course/groups',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId), type, name, users }),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseGroup>(document),
      invalidatesTags: (_r, _e, { courseId }) => [groupsOf(courseId)],
    }),
    updateCourseGroup: build.mutation<
      CourseGroup,
      { courseId: string; groupId: string; name: string; users?: MemberInput[]; move?: boolean }
    >({
      extraOptions: QUIET,
      query: ({ groupId, name, users, move }) => ({
        url: `course/groups/${encodeURIComponent(groupId)}`,
        method: 'PATCH',
        body: attributesBody({ name, ...(users ? { users } : {}), ...(move ? { move } : {}) }),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseGroup>(document),
      invalidatesTags: (_r, _e, { courseId }) => [groupsOf(courseId)],
    }),
    deleteCourseGroup: build.mutation<void, { courseId: string; groupId: string; name: string }>({
      extraOptions: QUIET,
      query: ({ groupId }) => ({ url: `course/groups/${encodeURIComponent(groupId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { courseId }) => [groupsOf(courseId)],
    }),
  }),
});

announceSaves(groupsApi, {
  previewGroups: silent('a preview saves nothing'),
  generateGroups: ({ arg, result }) =>
    i18n.t('groups.saved.generated', { count: result.length, set: arg.type }),
  createCourseGroup: ({ arg }) => i18n.t('groups.saved.created', { name: arg.name }),
  updateCourseGroup: ({ arg }) => i18n.t('groups.saved.updated', { name: arg.name }),
  deleteCourseGroup: ({ arg }) => i18n.t('groups.saved.deleted', { name: arg.name }),
});

export const {
  useCourseGroupsQuery,
  usePreviewGroupsMutation,
  useGenerateGroupsMutation,
  useCreateCourseGroupMutation,
  useUpdateCourseGroupMutation,
  useDeleteCourseGroupMutation,
} = groupsApi;
