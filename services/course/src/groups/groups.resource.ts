import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { CourseGroup } from './course-group.entity';

/** A member as a group shows them. */
export interface GroupMember {
  id: number;
  name: string;
  username: string;
  isLeader: boolean;
}

/** A group as the service reads it: with its members, leader first, then by name. */
export type ReadGroup = CourseGroup & { members: GroupMember[] };

/**
 * A group of a course's set (spec 03 §3): `groups_type` is the set (`type` on writes), `users`
 * its members with names, `details` the same as `{user_id, is_leader}`.
 */
export const groupResource = defineResource({
  name: 'CourseGroup',
  type: 'groups',
  schema: {
    course_id: z.int(),
    name: z.string(),
    /** The set the group belongs to (`type` on writes). */
    groups_type: z.string(),
    package: z.string().nullable(),
    users: z.array(z.object({ id: z.int(), name: z.string(), username: z.string(), is_leader: z.boolean() })),
    details: z.array(z.object({ user_id: z.int(), is_leader: z.boolean() })),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (group: ReadGroup) => ({
    course_id: Number(group.courseId),
    name: group.name,
    groups_type: group.type,
    package: group.package,
    users: group.members.map((member) => ({
      id: member.id,
      name: member.name,
      username: member.username,
      is_leader: member.isLeader,
    })),
    details: group.members.map((member) => ({ user_id: member.id, is_leader: member.isLeader })),
    created_at: group.createdAt,
    updated_at: group.updatedAt,
  }),
});

/** A group of a generation preview: what `generate` would save (nothing is saved). */
export interface PreviewGroup {
  index: number;
  name: string;
  members: GroupMember[];
}

export const groupPreviewResource = defineResource({
  name: 'CourseGroupPreview',
  type: 'group-previews',
  schema: {
    name: z.string(),
    users: z.array(z.object({ id: z.int(), name: z.string(), username: z.string(), is_leader: z.boolean() })),
  },
  id: (group: PreviewGroup) => group.index,
  attributes: (group: PreviewGroup) => ({
    name: group.name,
    users: group.members.map((member) => ({
      id: member.id,
      name: member.name,
      username: member.username,
      is_leader: member.isLeader,
    })),
  }),
});

/** `GET /course/groups`: filter by course, set, package, name, member; by set then id unless asked. */
export const groupQuery: QuerySpec = {
  filters: {
    course_id: { column: 'grp.course_id', type: 'integer', ops: ['is', 'in'] },
    groups_type: { column: 'grp.type', type: 'string', ops: ['is', 'in', 'like'] },
    type: { column: 'grp.type', type: 'string', ops: ['is', 'in', 'like'] },
    package: { column: 'grp.package', type: 'string', ops: ['is', 'null'] },
    name: { column: 'grp.name', type: 'string', ops: ['is', 'like'] },
  },
  sorts: { id: 'grp.id', name: 'grp.name', groups_type: 'grp.type', created_at: 'grp.created_at' },
  defaultSort: 'groups_type,id',
  defaultLimit: 100,
};
