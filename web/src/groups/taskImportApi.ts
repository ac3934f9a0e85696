import { api, QUIET } from '../api/baseApi';
import { attributesBody, deserializeList, type Document } from '../api/jsonapi';
import type { ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import { announceSaves } from '../notifications/saved';

/** A course's set of groups a group task can copy (the task service's view of it). */
export type TaskGroupSet = ResourceOf<'/api/course/task/{id}/groups/sets'>;

/** The tags of the task screens the import changes (named as `tasks/api.ts` names them). */
const withTags = api.enhanceEndpoints({ addTagTypes: ['TaskGroup', 'TaskStudents'] });

/** A group task's groups imported from one of its course's sets of groups. */
export const taskImportApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    taskGroupSets: build.query<TaskGroupSet[], string>({
      extraOptions: QUIET,
      query: (taskId) => `course/task/${encodeURIComponent(taskId)}/groups/sets`,
      transformResponse: (document: Document) => deserializeList<TaskGroupSet>(document),
      providesTags: (_r, _e, taskId) => [{ type: 'TaskGroup', id: `task/${taskId}` }],
    }),
    importGroupSet: build.mutation<void, { taskId: string; type: string }>({
      extraOptions: QUIET,
      query: ({ taskId, type }) => ({
        url: `course/task/${encodeURIComponent(taskId)}/groups/from-set`,
        method: 'POST',
        body: attributesBody({ type }),
      }),
      invalidatesTags: (_r, _e, { taskId }) => [
        { type: 'TaskGroup', id: `task/${taskId}` },
        { type: 'TaskStudents', id: taskId },
      ],
    }),
  }),
});

announceSaves(taskImportApi, {
  importGroupSet: ({ arg }) => i18n.t('groups.saved.imported', { set: arg.type }),
});

export const { useTaskGroupSetsQuery, useImportGroupSetMutation } = taskImportApi;
