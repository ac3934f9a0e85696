import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { TaskGroup } from './task-group.entity';

/** A member of a group as the group shows them. */
export interface GroupMember {
  id: number;
  name: string;
  username: string;
}

/** A group as the service reads it: its members (by name) and its answer's id. */
export type ReadGroup = TaskGroup & { members: GroupMember[]; answerId: number | null };

/** A group of a group task: its name, its students, and its answer once saved. */
export const groupResource = defineResource({
  name: 'TaskGroup',
  type: 'task-groups',
  schema: {
    task_id: z.int(),
    name: z.string(),
    members: z.array(z.object({ id: z.int(), name: z.string(), username: z.string() })),
    /** The group's answer (`GET /course/task/answers/{id}`), null before its first save. */
    answer_id: z.int().nullable(),
    created_at: z.date(),
  },
  attributes: (group: ReadGroup) => ({
    task_id: Number(group.taskId),
    name: group.name,
    members: group.members,
    answer_id: group.answerId,
    created_at: group.createdAt,
  }),
});

/** `GET /course/task/{id}/groups`: by name unless asked otherwise; `page[limit]=0` for all. */
export const groupQuery: QuerySpec = {
  filters: {
    name: { column: 'grp.name', type: 'string', ops: ['is', 'like'] },
  },
  sorts: { id: 'grp.id', name: 'grp.name', created_at: 'grp.created_at' },
  defaultSort: 'name',
};
