import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { Person } from '../people';
import type { Workspace } from './workspace.entity';

/** A workspace as the caller reads it. */
export type ReadWorkspace = Workspace & {
  owner: Person;
  /** Its members, for its owner and members; `null` in the list and for anyone else. */
  members: Person[] | null;
  memberCount: number;
  projectCount: number;
  isOwner: boolean;
  isMember: boolean;
};

export const personSchema = z.object({
  user_id: z.int(),
  code: z.string(),
  name: z.string(),
  thumbnail: z.string().nullable(),
});

/** A workspace (spec 03 §3); `token` is its owner's to see (null for anyone else). */
export const workspaceResource = defineResource({
  name: 'Workspace',
  type: 'workspaces',
  schema: {
    name: z.string(),
    description: z.string(),
    thumbnail: z.string().nullable(),
    user_id: z.int(),
    owner: personSchema,
    members: z.array(personSchema).nullable(),
    member_count: z.int(),
    project_count: z.int(),
    is_owner: z.boolean(),
    is_member: z.boolean(),
    token: z.string().nullable(),
    token_expired_at: z.date().nullable(),
    created_at: z.date(),
  },
  attributes: (workspace: ReadWorkspace) => ({
    name: workspace.name,
    description: workspace.description,
    thumbnail: workspace.thumbnail,
    user_id: Number(workspace.ownerId),
    owner: workspace.owner,
    members: workspace.members,
    member_count: workspace.memberCount,
    project_count: workspace.projectCount,
    is_owner: workspace.isOwner,
    is_member: workspace.isMember,
    token: workspace.isOwner ? workspace.token : null,
    token_expired_at: workspace.isOwner ? workspace.tokenExpiredAt : null,
    created_at: workspace.createdAt,
  }),
});

/** `GET /project/workspaces`: the campus's workspaces, newest first, 6 a page (spec 03 §9). */
export const workspaceQuery: QuerySpec = {
  filters: { name: { column: 'ws.name', type: 'string', ops: ['is', 'like'] } },
  sorts: { id: 'ws.id', name: 'ws.name', created_at: 'ws.created_at' },
  defaultSort: '-id',
  defaultLimit: 6,
};
