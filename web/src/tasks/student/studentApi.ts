import { api, QUIET } from '../../api/baseApi';
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
import type {
  GroupAssessment,
  MyAnswerSummary,
  Rubric,
  RubricChoice,
  Task,
  TaskAnswer,
  TaskComment,
  TaskGroup,
} from './studentTypes';

const withTags = api.enhanceEndpoints({
  addTagTypes: ['StudentTasks', 'StudentAnswer', 'StudentGroup', 'PeerRatings', 'AnswerComments'],
});

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

type WithMeta = ResourceObject & { meta?: { my_answer?: MyAnswerSummary | null } };

/** Tasks with the student's answer summary the server puts in each resource's meta. */
function tasksOf(document: Document): Task[] {
  const resources = (
    Array.isArray(document.data) ? document.data : document.data ? [document.data] : []
  ) as WithMeta[];
  const mine = new Map(resources.map((resource) => [resource.id, resource.meta?.my_answer ?? null]));
  return deserializeList<Task>(document).map((task) => ({ ...task, my_answer: mine.get(task.id) ?? null }));
}

/** An answer or none: a list's first, or a 404 read as "nothing yet". */
const firstOrNull = <T extends { id: string }>(document: Document): T | null =>
  deserializeList<T>(document)[0] ?? null;

export interface SaveAnswerArgs {
  taskId: string;
  answer: string;
  /** Keys of the files already uploaded that the answer keeps. */
  files: string[];
  /** The group's id for a group task (for the cache only; the server finds the caller's group). */
  groupId?: string;
}

const setAnswer = ({ taskId, answer, files }: SaveAnswerArgs, send: boolean) => ({
  url: 'course/tasks/setAnswer',
  method: 'POST',
  body: attributesBody({ task_id: Number(taskId), answer, files, is_sent: send ? 1 : 0 }),
});

/** Puts the answer a save answered with into the cache its page reads. */
async function cacheSaved(
  { taskId, groupId }: SaveAnswerArgs,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: TaskAnswer }> },
) {
  const saved = await queryFulfilled.catch(() => null);
  if (saved) dispatch(answerSaved(taskId, groupId, saved.data));
}

/**
 * The student's calls of the task service (issue 14): their tasks, one task, their answer or their
 * group's, saving and sending it, peer ratings and the comments on an answer. The pages show a
 * failure beside what failed, so the reads and saves are quiet.
 */
export const studentApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    studentTasks: build.query<Task[], StudentTaskFilter>({
      extraOptions: QUIET,
      query: (filter) => `course/tasks?${toSearchParams(studentTaskQuery(filter))}`,
      transformResponse: tasksOf,
      providesTags: ['StudentTasks'],
    }),
    studentTask: build.query<Task, string>({
      extraOptions: QUIET,
      query: (id) => `course/tasks/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => tasksOf(document)[0] ?? deserializeOne<Task>(document),
      providesTags: (_r, _e, id) => [{ type: 'StudentTasks', id }],
    }),
    /** The caller's own answer to a personal task, or null before the first save. */
    myAnswer: build.query<TaskAnswer | null, string>({
      extraOptions: QUIET,
      query: (taskId) => ({
        url: `course/task/answers?${toSearchParams({ filter: { task_id: { is: taskId } }, limit: 1 })}`,
        cache: 'no-store',
      }),
      transformResponse: (document: Document) => firstOrNull<TaskAnswer>(document),
      providesTags: (_r, _e, taskId) => [{ type: 'StudentAnswer', id: `task:${taskId}` }],
    }),
    /** The caller's group of a group task, or null when the lecturer put them in none. */
    myTaskGroup: build.query<TaskGroup | null, string>({
      extraOptions: QUIET,
      queryFn: async (taskId, _api, _extra, baseQuery) => {
        const result = await baseQuery(`course/task/${encodeURIComponent(taskId)}/groups/me`);
        if (result.error?.status === 404) return { data: null };
        if (result.error) return { error: result.error };
        return { data: firstOrNull<TaskGroup>(result.data as Document) };
      },
      providesTags: (_r, _e, taskId) => [{ type: 'StudentGroup', id: taskId }],
    }),
    /** The group's answer, or null before a member saved one. */
    myGroupAnswer: build.query<TaskAnswer | null, string>({
      extraOptions: QUIET,
      queryFn: async (groupId, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: `course/task/answers/group/${encodeURIComponent(groupId)}`,
          cache: 'no-store',
        });
        if (result.error?.status === 404) return { data: null };
        if (result.error) return { error: result.error };
        return { data: firstOrNull<TaskAnswer>(result.data as Document) };
      },
      providesTags: (_r, _e, groupId) => [{ type: 'StudentAnswer', id: `group:${groupId}` }],
    }),
    /**
     * Saves the answer's text as a draft (`POST /course/tasks/setAnswer`, `is_sent` 0): the
     * caller's own answer, or their group's on a group task. Autosaved while typing, so it raises
     * no toast: the page shows "saved at …". Files go up separately (answerUpload.ts).
     */
    saveDraft: build.mutation<TaskAnswer, SaveAnswerArgs>({
      extraOptions: QUIET,
      query: (args) => setAnswer(args, false),
      transformResponse: (document: Document) => deserializeOne<TaskAnswer>(document),
      onQueryStarted: cacheSaved,
    }),
    /** Sends the answer (`is_sent` 1): refused without a file when one is required, or once closed. */
    sendAnswer: build.mutation<TaskAnswer, SaveAnswerArgs>({
      extraOptions: QUIET,
      query: (args) => setAnswer(args, true),
      transformResponse: (document: Document) => deserializeOne<TaskAnswer>(document),
      onQueryStarted: cacheSaved,
      invalidatesTags: (_r, error) => (error ? [] : ['StudentTasks']),
    }),
    /** The rubric templates: the bundled Group Peer Review Evaluation is the one members rate each other on. */
    peerRubricTemplates: build.query<
      Array<{ id: string; name: string; rubric?: Rubric; criteria?: Rubric['criteria'] }>,
      void
    >({
      extraOptions: QUIET,
      query: () => `course/task/rubric-templates?${toSearchParams({ limit: 0 })}`,
      transformResponse: (document: Document) =>
        deserializeList<{ id: string; name: string; rubric?: Rubric; criteria?: Rubric['criteria'] }>(
          document,
        ),
    }),
    /** The ratings the caller gave in their group (the server shows a member only their own). */
    peerRatings: build.query<GroupAssessment[], string>({
      extraOptions: QUIET,
      query: (answerId) =>
        `course/task/answer/group/assesments?${toSearchParams({ filter: { answer_id: { is: answerId } }, limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<GroupAssessment>(document),
      providesTags: (_r, _e, answerId) => [{ type: 'PeerRatings', id: answerId }],
    }),
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
      invalidatesTags: (_r, _e, { answerId }) => [{ type: 'PeerRatings', id: answerId }],
    }),
    answerComments: build.query<TaskComment[], string>({
      extraOptions: QUIET,
      query: (answerId) =>
        `course/comments?${toSearchParams({
          filter: { commentable_type: { is: 'task_answer' }, commentable_id: { is: answerId } },
          sort: 'created_at',
          include: ['user'],
          limit: 0,
        })}`,
      transformResponse: (document: Document) => deserializeList<TaskComment>(document),
      providesTags: (_r, _e, answerId) => [{ type: 'AnswerComments', id: answerId }],
    }),
    /** A file of a task, an answer or a comment, as a blob (the service streams it or redirects). */
    answerFileBlob: build.mutation<Blob, string>({
      extraOptions: QUIET,
      query: (path) => ({ url: path, responseHandler: (response) => response.blob(), cache: 'no-store' }),
    }),
  }),
});

/** Puts a saved answer in the caches that show it. */
export function answerSaved(taskId: string, groupId: string | undefined, answer: TaskAnswer) {
  return groupId
    ? studentApi.util.upsertQueryData('myGroupAnswer', groupId, answer)
    : studentApi.util.upsertQueryData('myAnswer', taskId, answer);
}

announceSaves(studentApi, {
  saveDraft: silent('autosaved while typing: the page shows when it was saved'),
  sendAnswer: () => i18n.t('task.student.saved.answerSent'),
  ratePeer: ({ arg }) => i18n.t('task.student.saved.peerRated', { name: arg.name }),
  answerFileBlob: silent('reads a file: nothing is saved'),
});

export const {
  useStudentTasksQuery,
  useStudentTaskQuery,
  useMyAnswerQuery,
  useMyTaskGroupQuery,
  useMyGroupAnswerQuery,
  useSaveDraftMutation,
  useSendAnswerMutation,
  usePeerRubricTemplatesQuery,
  usePeerRatingsQuery,
  useRatePeerMutation,
  useAnswerCommentsQuery,
  useAnswerFileBlobMutation,
} = studentApi;
