import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type ListQuery,
  type Page,
} from '../api/jsonapi';
import i18n from '../i18n/i18n';
import type { RequestAttributes } from '../api/types';
import { announceSaves, cachedResults, silent, type ApiState } from '../notifications/saved';
import type {
  AnswerState,
  GroupAssessment,
  RubricChoice,
  RubricTemplate,
  Task,
  TaskAnswer,
  TaskAttributes,
  TaskComment,
  TaskExport,
  TaskGroup,
  TaskStatistics,
  TaskStudent,
} from './taskTypes';

/** The tasks of one course (or of one module or activity of it), latest end first, all of them. */
export const courseTasks = (
  courseId: string | number,
  taskable?: { type: 'module' | 'activity'; id: string | number },
): ListQuery => ({
  filter: {
    course_id: { is: courseId },
    ...(taskable ? { taskable_type: { is: taskable.type }, taskable_id: { is: taskable.id } } : {}),
  },
  sort: '-end_at',
  include: ['classes'],
  limit: 0,
});

/**
 * The homepage list (spec 02 §6): a lecturer's ended tasks to grade, a student's open unanswered
 * ones; the server applies the rule of the caller's role.
 */
export const HOME_TASKS: ListQuery = { filter: { homepage: { is: 1 } }, sort: 'end_at', limit: 0 };

/** The staff's deleted tasks of a course, to restore. */
export const trashedTasks = (courseId: string | number): ListQuery => ({
  filter: { course_id: { is: courseId }, trashed: { is: 1 } },
  sort: '-end_at',
  limit: 0,
});

/** The students of a task, filtered by class and state (page limit 0 = all). */
export interface StudentsQuery {
  taskId: string;
  classId?: string;
  state?: AnswerState | '';
  limit?: number;
  offset?: number;
}

const taskTag = (id: string | number) => ({ type: 'Task' as const, id: String(id) });
const answersOf = (taskId: string | number) => ({ type: 'TaskAnswer' as const, id: `task/${taskId}` });
const answerTag = (id: string | number) => ({ type: 'TaskAnswer' as const, id: String(id) });
const groupsOf = (taskId: string | number) => ({ type: 'TaskGroup' as const, id: `task/${taskId}` });
const studentsOf = (taskId: string | number) => ({ type: 'TaskStudents' as const, id: String(taskId) });
const statisticOf = (taskId: string | number) => ({ type: 'TaskStatistic' as const, id: String(taskId) });
const TASK_LIST = { type: 'Task' as const, id: 'LIST' };

/** Everything the grading of one task's answers changes on the screens. */
const gradingTags = (taskId: string | number, answerId?: string | number) => [
  answersOf(taskId),
  studentsOf(taskId),
  statisticOf(taskId),
  groupsOf(taskId),
  TASK_LIST,
  ...(answerId !== undefined ? [answerTag(answerId)] : []),
];

const withTags = api.enhanceEndpoints({
  addTagTypes: [
    'Task',
    'TaskAnswer',
    'TaskGroup',
    'TaskStudents',
    'TaskStatistic',
    'RubricTemplate',
    'TaskComment',
    'GroupAssessment',
    'TaskExport',
  ],
});

const task = (id: string | number) => `course/tasks/${encodeURIComponent(String(id))}`;

/**
 * The task service's calls (spec 02 §7 "Tasks", issue 14): tasks and their classes, students,
 * answers and their scoring, groups, peer assessments, comments, rubric templates, statistics and
 * the scores workbook. Screens show each failure beside what failed, so the calls are quiet; a save
 * says its success in a toast (notifications/saved.ts). File uploads (with progress) are in
 * `upload.ts`.
 */
export const tasksApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    tasks: build.query<Page<Task>, ListQuery>({
      extraOptions: QUIET,
      query: (query) => `course/tasks?${toSearchParams(query)}`,
      transformResponse: (document: Document) => deserializePage<Task>(document),
      providesTags: (result) => [TASK_LIST, ...(result?.items ?? []).map((item) => taskTag(item.id))],
    }),
    task: build.query<Task, string>({
      extraOptions: QUIET,
      query: (id) => `${task(id)}?${toSearchParams({ include: ['classes'] })}`,
      transformResponse: (document: Document) => deserializeOne<Task>(document),
      providesTags: (_r, _e, id) => [taskTag(id)],
    }),
    createTask: build.mutation<Task, TaskAttributes>({
      extraOptions: QUIET,
      query: (attributes) => ({ url: 'course/tasks', method: 'POST', body: attributesBody(attributes) }),
      transformResponse: (document: Document) => deserializeOne<Task>(document),
      invalidatesTags: [TASK_LIST],
    }),
    updateTask: build.mutation<Task, { id: string; changes: TaskAttributes }>({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({ url: task(id), method: 'PATCH', body: attributesBody(changes) }),
      transformResponse: (document: Document) => deserializeOne<Task>(document),
      invalidatesTags: (_r, _e, { id }) => [taskTag(id), TASK_LIST, studentsOf(id), statisticOf(id)],
    }),
    /** Soft delete: the task leaves every list and can be restored by its staff. */
    deleteTask: build.mutation<void, { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: task(id), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id }) => [taskTag(id), TASK_LIST],
    }),
    restoreTask: build.mutation<void, { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: task(id), method: 'PUT' }),
      invalidatesTags: (_r, _e, { id }) => [taskTag(id), TASK_LIST],
    }),
    /** Which classes a task is for: all of the course's, or the ones named. */
    deleteTaskFile: build.mutation<void, { taskId: string; key: string; name: string }>({
      extraOptions: QUIET,
      query: ({ taskId, key }) => ({
        // the key's last segment: the gateway refuses an encoded slash (see fileSegment of files.ts)
        url: `${task(taskId)}/files/${encodeURIComponent(key.split('/').pop() ?? key)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { taskId }) => [taskTag(taskId)],
    }),
    /** A stored file (of a task, an answer or a comment) as a blob, read with the session. */
    taskFile: build.query<Blob, string>({
      extraOptions: QUIET,
      query: (url) => ({ url, responseHandler: (response) => response.blob(), cache: 'no-store' }),
      keepUnusedDataFor: 0,
    }),

    /** Every student a task is for, with their answer and group (staff). */
    taskStudents: build.query<Page<TaskStudent>, StudentsQuery>({
      extraOptions: QUIET,
      query: ({ taskId, classId, state, limit = 0, offset }) => {
        const filter: NonNullable<ListQuery['filter']> = {};
        if (classId) filter.class_id = { is: classId };
        if (state) filter.state = { is: state };
        return `${task(taskId)}/students?${toSearchParams({ filter, limit, offset })}`;
      },
      transformResponse: (document: Document) => deserializePage<TaskStudent>(document),
      providesTags: (_r, _e, { taskId }) => [studentsOf(taskId)],
    }),

    /** The answers of a task: every one for its staff, a student's own (or their group's). */
    taskAnswers: build.query<TaskAnswer[], string>({
      extraOptions: QUIET,
      query: (taskId) =>
        `course/task/answers?${toSearchParams({ filter: { task_id: { is: taskId } }, include: ['student'], limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<TaskAnswer>(document),
      providesTags: (result, _e, taskId) => [
        answersOf(taskId),
        ...(result ?? []).map((answer) => answerTag(answer.id)),
      ],
    }),
    taskAnswer: build.query<TaskAnswer, string>({
      extraOptions: QUIET,
      query: (id) =>
        `course/task/answers/${encodeURIComponent(id)}?${toSearchParams({ include: ['student'] })}`,
      transformResponse: (document: Document) => deserializeOne<TaskAnswer>(document),
      providesTags: (_r, _e, id) => [answerTag(id)],
    }),
    /** A group's answer, by the group's id. */
    groupAnswer: build.query<TaskAnswer, string>({
      extraOptions: QUIET,
      query: (groupId) => `course/task/answers/group/${encodeURIComponent(groupId)}`,
      transformResponse: (document: Document) => deserializeOne<TaskAnswer>(document),
      providesTags: (result) => (result ? [answerTag(result.id)] : []),
    }),
    /** The score typed by the grader ("" counts as 0, spec 02 §5), or the rubric levels chosen. */
    scoreAnswer: build.mutation<
      TaskAnswer,
      { taskId: string; answer_id: string; name: string; score?: string | number; rubrics?: RubricChoice[] }
    >({
      extraOptions: QUIET,
      query: ({ answer_id, score, rubrics }) => ({
        url: 'course/task/answers/score',
        method: 'PUT',
        body: attributesBody({
          answer_id: Number(answer_id),
          ...(rubrics ? { rubrics } : { score: score ?? '' }),
        }),
      }),
      transformResponse: (document: Document) => deserializeOne<TaskAnswer>(document),
      invalidatesTags: (_r, _e, { taskId, answer_id }) => gradingTags(taskId, answer_id),
    }),
    /** A change request: the answer goes back to draft with the grader's comment (spec 02 §4). */
    requestChange: build.mutation<
      TaskAnswer,
      { taskId: string; answerId: string; name: string; comment: string; group?: boolean }
    >({
      extraOptions: QUIET,
      query: ({ answerId, comment, group }) => ({
        url: group
          ? `course/task/answer/request/groups/${encodeURIComponent(answerId)}`
          : `course/task/answers/${encodeURIComponent(answerId)}`,
        method: 'PATCH',
        body: attributesBody({ is_sent: 0, comment }),
      }),
      transformResponse: (document: Document) => deserializeOne<TaskAnswer>(document),
      invalidatesTags: (_r, _e, { taskId, answerId }) => gradingTags(taskId, answerId),
    }),

    /** The groups of a group task with their members and their answer's id. */
    taskGroups: build.query<TaskGroup[], string>({
      extraOptions: QUIET,
      query: (taskId) => `course/task/${encodeURIComponent(taskId)}/groups?${toSearchParams({ limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<TaskGroup>(document),
      providesTags: (_r, _e, taskId) => [groupsOf(taskId)],
    }),
    /** The caller's own group of a task (a student). */
    myGroup: build.query<TaskGroup, string>({
      extraOptions: QUIET,
      query: (taskId) => `course/task/${encodeURIComponent(taskId)}/groups/me`,
      transformResponse: (document: Document) => deserializeOne<TaskGroup>(document),
      providesTags: (_r, _e, taskId) => [groupsOf(taskId)],
    }),
    createGroup: build.mutation<TaskGroup, { taskId: string; name: string; student_ids: number[] }>({
      extraOptions: QUIET,
      query: ({ taskId, name, student_ids }) => ({
        url: `course/task/${encodeURIComponent(taskId)}/groups`,
        method: 'POST',
        body: attributesBody({ name, student_ids }),
      }),
      transformResponse: (document: Document) => deserializeOne<TaskGroup>(document),
      invalidatesTags: (_r, _e, { taskId }) => [groupsOf(taskId), studentsOf(taskId), taskTag(taskId)],
    }),
    updateGroup: build.mutation<
      TaskGroup,
      { taskId: string; groupId: string; name: string; student_ids: number[] }
    >({
      extraOptions: QUIET,
      query: ({ taskId, groupId, name, student_ids }) => ({
        url: `course/task/${encodeURIComponent(taskId)}/groups/${encodeURIComponent(groupId)}`,
        method: 'PATCH',
        body: attributesBody({ name, student_ids }),
      }),
      transformResponse: (document: Document) => deserializeOne<TaskGroup>(document),
      invalidatesTags: (_r, _e, { taskId }) => [groupsOf(taskId), studentsOf(taskId)],
    }),
    deleteGroup: build.mutation<void, { taskId: string; groupId: string; name: string }>({
      extraOptions: QUIET,
      query: ({ taskId, groupId }) => ({
        url: `course/task/${encodeURIComponent(taskId)}/groups/${encodeURIComponent(groupId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { taskId }) => [groupsOf(taskId), studentsOf(taskId), taskTag(taskId)],
    }),

    /** Peer ratings of a group answer: a member's own, or every one for the staff. */
    groupAssessments: build.query<GroupAssessment[], string>({
      extraOptions: QUIET,
      query: (answerId) =>
        `course/task/answer/group/assesments?${toSearchParams({ filter: { answer_id: { is: answerId } }, limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<GroupAssessment>(document),
      providesTags: (_r, _e, answerId) => [{ type: 'GroupAssessment', id: answerId }],
    }),

    comments: build.query<TaskComment[], string>({
      extraOptions: QUIET,
      query: (answerId) =>
        `course/comments?${toSearchParams({
          filter: { commentable_type: { is: 'task_answer' }, commentable_id: { is: answerId } },
          sort: 'created_at',
          limit: 0,
        })}`,
      transformResponse: (document: Document) => deserializeList<TaskComment>(document),
      providesTags: (_r, _e, answerId) => [{ type: 'TaskComment', id: answerId }],
    }),

    /** The bundled peer-review template and the campus's own. */
    rubricTemplates: build.query<RubricTemplate[], void>({
      extraOptions: QUIET,
      query: () => `course/task/rubric-templates?${toSearchParams({ limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<RubricTemplate>(document),
      providesTags: [{ type: 'RubricTemplate', id: 'LIST' }],
    }),
    createRubricTemplate: build.mutation<
      RubricTemplate,
      RequestAttributes<'/api/course/task/rubric-templates', 'post'>
    >({
      extraOptions: QUIET,
      query: (attributes) => ({
        url: 'course/task/rubric-templates',
        method: 'POST',
        body: attributesBody({ ...attributes }),
      }),
      transformResponse: (document: Document) => deserializeOne<RubricTemplate>(document),
      invalidatesTags: [{ type: 'RubricTemplate', id: 'LIST' }],
    }),
    deleteRubricTemplate: build.mutation<void, { id: string; name: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({
        url: `course/task/rubric-templates/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [{ type: 'RubricTemplate', id: 'LIST' }],
    }),

    taskStatistics: build.query<TaskStatistics, string>({
      extraOptions: QUIET,
      query: (taskId) => `stats/task/${encodeURIComponent(taskId)}`,
      transformResponse: (document: Document) => deserializeOne<TaskStatistics>(document),
      providesTags: (_r, _e, taskId) => [statisticOf(taskId)],
    }),
    /** The scores workbook (.xlsx) of a course's tasks, or of one task. */
    scoresWorkbook: build.query<Blob, { courseId: string | number; taskId?: string }>({
      extraOptions: QUIET,
      query: ({ courseId, taskId }) => ({
        url: `course/scores/tasks?${toSearchParams({
          filter: { course_id: { is: courseId }, ...(taskId ? { task_id: { is: taskId } } : {}) },
        })}`,
        responseHandler: (response) => response.blob(),
        cache: 'no-store',
      }),
      keepUnusedDataFor: 0,
    }),
    /** The newest zip export of a task's answers, null when none was asked for (polled while it is made). */
    taskExport: build.query<TaskExport | null, string>({
      extraOptions: QUIET,
      async queryFn(taskId, _api, _extra, baseQuery) {
        const result = await baseQuery(`course/task/${encodeURIComponent(taskId)}/export`);
        if (result.error) {
          // 404: the export made is no longer stored.
          if (result.error.status === 404) return { data: null };
          return { error: result.error };
        }
        const document = result.data as Document;
        return { data: document.data === null ? null : deserializeOne<TaskExport>(document) };
      },
      providesTags: (_r, _e, taskId) => [{ type: 'TaskExport', id: taskId }],
    }),
    /** Asks for a zip of the task's answers; the server makes it in the background. */
    requestTaskExport: build.mutation<TaskExport, string>({
      extraOptions: QUIET,
      query: (taskId) => ({ url: `course/task/${encodeURIComponent(taskId)}/export`, method: 'POST' }),
      transformResponse: (document: Document) => deserializeOne<TaskExport>(document),
      async onQueryStarted(taskId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(tasksApi.util.upsertQueryData('taskExport', taskId, data));
      },
    }),
  }),
});

/** The name of a task as the screens showed it before a save changed or removed it. */
function taskName(state: ApiState, id: string): string {
  const one = cachedResults(state, tasksApi.endpoints.task).find((item) => item.id === id);
  const listed = cachedResults(state, tasksApi.endpoints.tasks)
    .flatMap((page) => page.items)
    .find((item) => item.id === id);
  return one?.name ?? listed?.name ?? '';
}

announceSaves(tasksApi, {
  requestTaskExport: silent('the export card shows the zip queued, its progress and then its download'),
  createTask: ({ result }) => i18n.t('task.saved.taskCreated', { name: result.name }),
  updateTask: ({ result }) => i18n.t('task.saved.taskUpdated', { name: result.name }),
  deleteTask: ({ arg, before }) => i18n.t('task.saved.taskDeleted', { name: taskName(before, arg.id) }),
  restoreTask: ({ arg, before }) => i18n.t('task.saved.taskRestored', { name: taskName(before, arg.id) }),
  deleteTaskFile: ({ arg }) => i18n.t('task.saved.taskFileDeleted', { name: arg.name }),
  scoreAnswer: ({ arg }) => i18n.t('task.saved.answerScored', { name: arg.name }),
  requestChange: ({ arg }) => i18n.t('task.saved.changeRequested', { name: arg.name }),
  createGroup: ({ arg }) => i18n.t('task.saved.groupCreated', { name: arg.name }),
  updateGroup: ({ arg }) => i18n.t('task.saved.groupUpdated', { name: arg.name }),
  deleteGroup: ({ arg }) => i18n.t('task.saved.groupDeleted', { name: arg.name }),
  createRubricTemplate: ({ result }) => i18n.t('task.saved.rubricTemplateCreated', { name: result.name }),
  deleteRubricTemplate: ({ arg }) => i18n.t('task.saved.rubricTemplateDeleted', { name: arg.name }),
});

export const {
  useTasksQuery,
  useTaskQuery,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  useDeleteTaskMutation,
  useRestoreTaskMutation,
  useDeleteTaskFileMutation,
  useLazyTaskFileQuery,
  useTaskStudentsQuery,
  useTaskAnswersQuery,
  useTaskAnswerQuery,
  useGroupAnswerQuery,
  useScoreAnswerMutation,
  useRequestChangeMutation,
  useTaskGroupsQuery,
  useMyGroupQuery,
  useCreateGroupMutation,
  useUpdateGroupMutation,
  useDeleteGroupMutation,
  useGroupAssessmentsQuery,
  useCommentsQuery,
  useRubricTemplatesQuery,
  useCreateRubricTemplateMutation,
  useDeleteRubricTemplateMutation,
  useTaskStatisticsQuery,
  useLazyScoresWorkbookQuery,
  useTaskExportQuery,
  useLazyTaskExportQuery,
  useRequestTaskExportMutation,
} = tasksApi;
