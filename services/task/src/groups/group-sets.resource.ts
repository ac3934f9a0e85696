import { attributes, defineResource, field, z } from '@lms/jsonapi';
import type { GroupSetSummary } from './group-sets.service';

/** A course's set of groups a group task can copy. */
export const groupSetResource = defineResource({
  name: 'TaskGroupSet',
  type: 'task-group-sets',
  schema: { name: z.string(), groups: z.int(), students: z.int() },
  id: (set: GroupSetSummary) => set.type,
  attributes: (set: GroupSetSummary) => ({ name: set.type, groups: set.groups, students: set.students }),
});

/** `POST /course/task/{id}/groups/from-set`: `{type}`, the course's set of groups to copy. */
export const fromSetRules = attributes({ type: field.string({ min: 1, max: 100 }) });
