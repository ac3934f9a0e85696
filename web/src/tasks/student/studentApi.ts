import { QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
  type ListQuery,
  type ResourceObject,
} from '../../api/jsonapi';
import i18n from '../../i18n/i18n';
import { announceSaves, silent } from '../../notifications/saved';
import { tasksApi } from '../api';
import type { GroupAssessment, MyAnswer, RubricChoice, Task, TaskAnswer } from '../taskTypes';

/** Which tasks a student's list shows: a course's, a module's or activity's, or the homepage's. */
export interface StudentTaskFilter {
  courseId?: string;
  taskableType?: 'module' | 'activity';
  taskableId?: string;
  homepage?: boolean;
}

/** The list's query: every task (page limit 0), soonest end first (spec 02 §9), only active ones. */
export function studentTaskQuery(filter: StudentTaskFilter): ListQuery {
  const where: NonNullable<ListQuery['filter']> = { is_active: { is: 1 } };
  if (filter.courseId) where.course_id = { is: filter.courseId };
  if (filter.taskableType && filter.taskableId) {
    where.taskable_type = { is: filter.taskableType };
    where.taskable_id = { is: filter.taskableId };
  }
  if (filter.homepage) where.homepage = { is: 1 };
  return { filter: where, sort: 'end_at', limit: 0 };
}

type WithMeta = ResourceObject & { meta?: { my_answer?: MyAnswer | null } };

/** Tasks with the student's answer the server summarises in each resource's own meta. */
export function tasksWithMeta(document: Document): Task[] {
  const resources = (
    Array.isArray(document.data) ? document.data : document.data ? [document.data] : []
  ) as WithMeta[];
  const metas = new Map(resources.map((resource) => [resource.id, resource.meta]));
  return deserializeList<Task>(document).map((task) => ({ ...task, meta: metas.get(task.id) ?? task.meta }));
}

/** What a save of the answer sends: the text, and the keys of the files it keeps when it removes one. */
export interface SaveAnswerArgs {
  taskId: string;
  answer: string;
  files?: string[];
  /** The group's id on a group task (the server finds the caller's group; the cache needs it). */
  groupId?: string;
}

const setAnswer = ({ taskId, answer, files }: SaveAnswerArgs, send: boolean) => ({
  url: 'course/tasks/setAnswer',
  method: 'POST',
  body: attributesBody({
    task_id: Number(taskId),
    answer,
    ...(files ? { files } : {}),
    is_sent: send ? 1 : 0,
  }),
});

/** The cache entries that show the caller's answer: their own answers to a task, or the group's. */
export const answerTags = (taskId: string, groupId: string | undefined, answerId?: string) => [
  { type: 'TaskAnswer' as const, id: `task/${taskId}` },
  ...(answerId ? [{ type: 'TaskAnswer' as const, id: answerId }] : []),
  ...(groupId ? [{ type: 'TaskAnswer' as const, id: `group/${groupId}` }] : []),
];

/**
 * The student's calls of the task service besides the shared ones of `../api.ts` (issue 14): their
 * list with the answer summaries, their own answer, saving it as a draft (autosave) or sending it,
 * and rating a member of their group. The pages show a failure beside what failed, so they are quiet.
 */
export const studentApi = tasksApi.injectEndpoints({
  endpoints: (build) => ({
    studentTasks: build.query<Task[], StudentTaskFilter>({
      extraOptions: QUIET,
      query: (filter) => `course/tasks?${toSearchParams(studentTaskQuery(filter))}`,
      transformResponse: tasksWithMeta,
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    /** The caller's own answer to a personal task, or null before the first save. */
    myAnswer: build.query<TaskAnswer | null, string>({
      extraOptions: QUIET,
      query: (taskId) => ({
        url: `course/task/answers?${toSearchParams({ filter: { task_id: { is: taskId } }, limit: 1 })}`,
        cache: 'no-store',
      }),
      transformResponse: (document: Document) => deserializeList<TaskAnswer>(document)[0] ?? null,
      providesTags: (result, _e, taskId) => answerTags(taskId, undefined, result?.id),
    }),
    /** The group's answer, or null before a member saved one (the service answers 404 then). */
    myGroupAnswer: build.query<TaskAnswer | null, { taskId: string; groupId: string }>({
      extraOptions: QUIET,
      queryFn: async ({ groupId }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: `course/task/answers/group/${encodeURIComponent(groupId)}`,
          cache: 'no-store',
        });
        if (result.error?.status === 404) return { data: null };
        if (result.error) return { error: result.error };
        return { data: deserializeList<TaskAnswer>(result.data as Document)[0] ?? null };
      },
      providesTags: (result, _e, { taskId, groupId }) => answerTags(taskId, groupId, result?.id),
    }),
    /**
     * Saves the answer's text as a draft (`POST /course/tasks/setAnswer`, `is_sent` 0): the
     * caller's own answer, or their group's on a group task. Saved while typing, so it raises no
     * toast — the page shows "saved at …". Files go up with the text in a multipart save
     * (answerUpload.ts).
     */
    saveDraft: build.mutation<TaskAnswer, SaveAnswerArgs>({
      extraOptions: QUIET,
      query: (args) => setAnswer(args, false),
      transformResponse: (document: Document) => deserializeOne<TaskAnswer>(document),
      async onQueryStarted({ taskId, groupId }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.catch(() => null);
        if (!saved) return;
        if (groupId)
          dispatch(studentApi.util.upsertQueryData('myGroupAnswer', { taskId, groupId }, saved.data));
        else dispatch(studentApi.util.upsertQueryData('myAnswer', taskId, saved.data));
      },
    }),
    /** Sends the answer (`is_sent` 1): refused without a file when one is required, or once closed. */
    sendAnswer: build.mutation<TaskAnswer, SaveAnswerArgs>({
      extraOptions: QUIET,
      query: (args) => setAnswer(args, true),
      transformResponse: (document: Document) => deserializeOne<TaskAnswer>(document),
      invalidatesTags: (result, error, { taskId, groupId }) =>
        error ? [] : [...answerTags(taskId, groupId, result?.id), { type: 'Task', id: 'LIST' }],
    }),
    /** A member's rating of another member of their group, on the peer review rubric. */
    ratePeer: build.mutation<
      GroupAssessment,
      { answerId: string; studentId: string; name: string; rubrics: RubricChoice[] }
    >({
      extraOptions: QUIET,
      query: ({ answerId, studentId, rubrics }) => ({
        url: 'course/task/answer/group/assesments',
        method: 'POST',
        body: attributesBody({
          task_group_answer_id: Number(answerId),
          student_id: Number(studentId),
          rubrics,
        }),
      }),
      transformResponse: (document: Document) => deserializeOne<GroupAssessment>(document),
      invalidatesTags: (_r, _e, { answerId }) => [{ type: 'GroupAssessment', id: answerId }],
    }),
  }),
});

announceSaves(studentApi, {
  saveDraft: silent('autosaved while typing: the page shows when it was saved'),
  sendAnswer: () => i18n.t('task.student.saved.answerSent'),
  ratePeer: ({ arg }) => i18n.t('task.student.saved.peerRated', { name: arg.name }),
});

export const {
  useStudentTasksQuery,
  useMyAnswerQuery,
  useMyGroupAnswerQuery,
  useSaveDraftMutation,
  useSendAnswerMutation,
  useRatePeerMutation,
} = studentApi;
