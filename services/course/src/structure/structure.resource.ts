import { defineResource, type QuerySpec, type ResourceType, toMany, toOne, z } from '@lms/jsonapi';
import type { Activity } from './activity.entity';
import type { CourseModule } from './module.entity';
import type { ArchivedItem } from './structure.service';

/** Items in their course order (index, then id). */
export const byIndex = <T extends { index: number; id: number }>(items: T[] | undefined) =>
  items && [...items].sort((a, b) => a.index - b.index || a.id - b.id);

export const activityResource: ResourceType<Activity> = defineResource({
  name: 'Activity',
  type: 'activities',
  schema: {
    module_id: z.int(),
    parent_id: z.int().nullable(),
    index: z.int(),
    name: z.string(),
    is_active: z.boolean(),
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
  },
  attributes: (activity: Activity) => ({
    module_id: activity.moduleId,
    parent_id: activity.parentId,
    index: activity.index,
    name: activity.name,
    is_active: activity.isActive,
    start_at: activity.startAt,
    end_at: activity.endAt,
  }),
  relationships: {
    module: toOne(
      () => moduleResource,
      (activity: Activity) => activity.module,
    ),
  },
});

/** A module's attributes, as members and the public catalogue read them. */
export const moduleSchema = {
  course_id: z.int(),
  index: z.int(),
  name: z.string(),
  is_active: z.boolean(),
  start_at: z.date().nullable(),
  end_at: z.date().nullable(),
};
export const moduleAttributes = (module: CourseModule) => ({
  course_id: module.courseId,
  index: module.index,
  name: module.name,
  is_active: module.isActive,
  start_at: module.startAt,
  end_at: module.endAt,
});

export const moduleResource: ResourceType<CourseModule> = defineResource({
  name: 'Module',
  type: 'modules',
  schema: moduleSchema,
  attributes: moduleAttributes,
  relationships: {
    activities: toMany(
      () => activityResource,
      (module: CourseModule) => byIndex(module.activities),
    ),
  },
});

export const moduleQuery: QuerySpec = {
  filters: {
    id: { column: 'module.id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'module.course_id', type: 'integer', ops: ['is', 'in'] },
    name: { column: 'module.name', type: 'string', ops: ['is', 'like'] },
    is_active: { column: 'module.is_active', type: 'boolean', ops: ['is'] },
  },
  sorts: {
    id: 'module.id',
    index: 'module.index',
    name: 'module.name',
    created_at: 'module.created_at',
    updated_at: 'module.updated_at',
  },
  includes: ['activities'],
  defaultSort: 'index',
};

export const activityQuery: QuerySpec = {
  filters: {
    id: { column: 'activity.id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'module.course_id', type: 'integer', ops: ['is', 'in'] },
    module_id: { column: 'activity.module_id', type: 'integer', ops: ['is', 'in'] },
    parent_id: { column: 'activity.parent_id', type: 'integer', ops: ['is', 'in', 'null'] },
    name: { column: 'activity.name', type: 'string', ops: ['is', 'like'] },
    is_active: { column: 'activity.is_active', type: 'boolean', ops: ['is'] },
  },
  sorts: {
    id: 'activity.id',
    index: 'activity.index',
    name: 'activity.name',
    created_at: 'activity.created_at',
    updated_at: 'activity.updated_at',
  },
  includes: ['module'],
  defaultSort: 'index',
};

/** A module, or an activity archived by itself, in a course's archive (`GET …/courses/{id}/archive`). */
export const archivedItemResource = defineResource({
  name: 'ArchivedStructureItem',
  type: 'archived-items',
  schema: {
    kind: z.enum(['module', 'activity']),
    item_id: z.int(),
    course_id: z.int(),
    name: z.string(),
    /** The module of an archived activity. */
    module_name: z.string().nullable(),
    deleted_at: z.date(),
    /** What was archived with it, and comes back with it. */
    activities: z.int(),
    contents: z.int(),
  },
  id: (item: ArchivedItem) => `${item.kind}-${item.id}`,
  attributes: (item: ArchivedItem) => ({
    kind: item.kind,
    item_id: item.id,
    course_id: item.courseId,
    name: item.name,
    module_name: item.moduleName,
    deleted_at: item.deletedAt,
    activities: item.activities,
    contents: item.contents,
  }),
});
