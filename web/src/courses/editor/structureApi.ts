import { api, QUIET } from '../../api/baseApi';
import { attributesBody, deserializeList, deserializeOne, type Document } from '../../api/jsonapi';
import type { ResourceOf } from '../../api/types';
import i18n from '../../i18n/i18n';
import { announceSaves, type ApiState } from '../../notifications/saved';
import { cachedCourse, courseTag, coursesApi, type CourseActivity, type CourseModule } from '../coursesApi';
import { activityName } from '../names';
import { applyOrder } from '../structure';

/** A module, or an activity archived by itself, in the course's archive, with what it holds. */
export type ArchivedItem = ResourceOf<'/api/course/courses/{id}/archive'>;

/** What a structure change touches in the cache: the course (its outline) and the contents lists. */
const structureTags = (courseId: string) => [...courseTag(courseId), 'Contents' as const];

const sortRequest = (courseId: string, type: 'modules' | 'activities', ids: string[]) => ({
  url: `course/courses/sort/${courseId}`,
  method: 'PUT',
  body: attributesBody({ type, ids: ids.map(Number) }),
});

/**
 * A course's structure as the editor changes it: modules and activities created, renamed, deleted
 * and reordered. The editor shows each failure beside the tree, so none raises a toast. Reordering
 * shows the new order at once in the cached course and puts it back when the server refuses.
 */
export const structureApi = api.injectEndpoints({
  endpoints: (build) => ({
    createModule: build.mutation<CourseModule, { courseId: string; name?: string }>({
      extraOptions: QUIET,
      query: ({ courseId, name }) => ({
        url: 'course/modules',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId), ...(name ? { name } : {}) }),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseModule>(document),
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    createModuleBatch: build.mutation<void, { courseId: string }>({
      extraOptions: QUIET,
      query: ({ courseId }) => ({
        url: 'course/modules/batch',
        method: 'POST',
        body: attributesBody({ course_id: Number(courseId) }),
      }),
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    renameModule: build.mutation<void, { courseId: string; id: string; name: string }>({
      extraOptions: QUIET,
      query: ({ id, name }) => ({
        url: `course/modules/${id}`,
        method: 'PATCH',
        body: attributesBody({ name }),
      }),
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    /** Hides a module from students (with its activities and contents) or shows it again. */
    setModuleActive: build.mutation<void, { courseId: string; id: string; active: boolean }>({
      extraOptions: QUIET,
      query: ({ id, active }) => ({
        url: `course/modules/${id}`,
        method: 'PATCH',
        body: attributesBody({ is_active: active }),
      }),
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    deleteModule: build.mutation<void, { courseId: string; id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `course/modules/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { courseId }) => structureTags(courseId),
    }),
    createActivity: build.mutation<CourseActivity, { courseId: string; moduleId: string; name?: string }>({
      extraOptions: QUIET,
      query: ({ moduleId, name }) => ({
        url: 'course/activities',
        method: 'POST',
        body: attributesBody({ module_id: Number(moduleId), ...(name ? { name } : {}) }),
      }),
      transformResponse: (document: Document) => deserializeOne<CourseActivity>(document),
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    renameActivity: build.mutation<void, { courseId: string; id: string; name: string }>({
      extraOptions: QUIET,
      query: ({ id, name }) => ({
        url: `course/activities/${id}`,
        method: 'PATCH',
        body: attributesBody({ name }),
      }),
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    /** Hides an activity from students (with its contents) or shows it again. */
    setActivityActive: build.mutation<void, { courseId: string; id: string; active: boolean }>({
      extraOptions: QUIET,
      query: ({ id, active }) => ({
        url: `course/activities/${id}`,
        method: 'PATCH',
        body: attributesBody({ is_active: active }),
      }),
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    deleteActivity: build.mutation<void, { courseId: string; id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `course/activities/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { courseId }) => structureTags(courseId),
    }),
    /** The course's archived modules and activities (its recycle bin). */
    archivedStructure: build.query<ArchivedItem[], string>({
      extraOptions: QUIET,
      query: (courseId) => `course/courses/${courseId}/archive`,
      transformResponse: (document: Document) => deserializeList<ArchivedItem>(document),
      providesTags: (_r, _e, courseId) => structureTags(courseId),
    }),
    /** Brings an archived module or activity back with what its archiving took along. */
    restoreArchived: build.mutation<void, { courseId: string; item: ArchivedItem }>({
      extraOptions: QUIET,
      query: ({ item }) => ({
        url: `course/${item.kind === 'module' ? 'modules' : 'activities'}/${item.item_id}/restore`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { courseId }) => structureTags(courseId),
    }),
    /** Deletes an archived module or activity for good, with what it holds. */
    purgeArchived: build.mutation<void, { courseId: string; item: ArchivedItem }>({
      extraOptions: QUIET,
      query: ({ item }) => ({
        url: `course/${item.kind === 'module' ? 'modules' : 'activities'}/${item.item_id}/permanent`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { courseId }) => structureTags(courseId),
    }),
    /** The course's modules in their new order. */
    sortModules: build.mutation<void, { courseId: string; ids: string[] }>({
      extraOptions: QUIET,
      query: ({ courseId, ids }) => sortRequest(courseId, 'modules', ids),
      async onQueryStarted({ courseId, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          coursesApi.util.updateQueryData('course', courseId, (draft) => {
            if (draft.modules) applyOrder(draft.modules, ids);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
    /** One module's activities in their new order. */
    sortActivities: build.mutation<void, { courseId: string; moduleId: string; ids: string[] }>({
      extraOptions: QUIET,
      query: ({ courseId, ids }) => sortRequest(courseId, 'activities', ids),
      async onQueryStarted({ courseId, moduleId, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          coursesApi.util.updateQueryData('course', courseId, (draft) => {
            const module = draft.modules?.find((item) => item.id === moduleId);
            if (module?.activities) applyOrder(module.activities, ids);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, { courseId }) => courseTag(courseId),
    }),
  }),
});

/** A module's name for a success toast (its number when no screen had read it). */
const moduleNameIn = (before: ApiState, courseId: string, moduleId: string) =>
  cachedCourse(before, courseId)?.modules?.find((module) => module.id === moduleId)?.name ?? `#${moduleId}`;

/** An activity's name, as the interface shows it, for a success toast. */
function activityNameIn(before: ApiState, courseId: string, activityId: string): string {
  const activity = cachedCourse(before, courseId)
    ?.modules?.flatMap((module) => module.activities ?? [])
    .find((item) => item.id === activityId);
  return activity ? activityName(i18n.t, activity.name) : `#${activityId}`;
}

announceSaves(structureApi, {
  createModule: ({ result }) => i18n.t('saved.moduleAdded', { name: result.name }),
  createModuleBatch: () => i18n.t('saved.semesterModulesAdded'),
  renameModule: ({ arg }) => i18n.t('saved.moduleRenamed', { name: arg.name }),
  deleteModule: ({ arg, before }) =>
    i18n.t('saved.moduleDeleted', { name: moduleNameIn(before, arg.courseId, arg.id) }),
  setModuleActive: ({ arg, before }) =>
    i18n.t(arg.active ? 'saved.moduleShown' : 'saved.moduleHidden', {
      name: moduleNameIn(before, arg.courseId, arg.id),
    }),
  setActivityActive: ({ arg, before }) =>
    i18n.t(arg.active ? 'saved.activityShown' : 'saved.activityHidden', {
      name: activityNameIn(before, arg.courseId, arg.id),
    }),
  createActivity: ({ arg, result, before }) =>
    i18n.t('saved.activityAdded', {
      name: activityName(i18n.t, result.name),
      module: moduleNameIn(before, arg.courseId, arg.moduleId),
    }),
  renameActivity: ({ arg }) => i18n.t('saved.activityRenamed', { name: activityName(i18n.t, arg.name) }),
  deleteActivity: ({ arg, before }) =>
    i18n.t('saved.activityDeleted', { name: activityNameIn(before, arg.courseId, arg.id) }),
  restoreArchived: ({ arg }) => i18n.t('saved.archivedRestored', { name: arg.item.name }),
  purgeArchived: ({ arg }) => i18n.t('saved.purged', { name: arg.item.name }),
  sortModules: () => i18n.t('saved.modulesSorted'),
  sortActivities: ({ arg, before }) =>
    i18n.t('saved.activitiesSorted', { module: moduleNameIn(before, arg.courseId, arg.moduleId) }),
});

export const {
  useCreateModuleMutation,
  useCreateModuleBatchMutation,
  useRenameModuleMutation,
  useSetModuleActiveMutation,
  useDeleteModuleMutation,
  useCreateActivityMutation,
  useRenameActivityMutation,
  useSetActivityActiveMutation,
  useDeleteActivityMutation,
  useSortModulesMutation,
  useSortActivitiesMutation,
  useArchivedStructureQuery,
  useRestoreArchivedMutation,
  usePurgeArchivedMutation,
} = structureApi;
