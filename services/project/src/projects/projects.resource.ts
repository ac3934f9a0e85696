import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { Person } from '../people';
import { personSchema } from '../workspaces/workspaces.resource';
import type { Project, ProjectModule } from './project.entity';

/** A project as one of its members (or the workspace's owner) reads it. */
export type ReadProject = Project & { members: Person[]; isOwner: boolean; workspaceName: string };

/** A project (spec 03 §3) with its members; `is_owner`: the caller owns its workspace. */
export const projectResource = defineResource({
  name: 'Project',
  type: 'projects',
  schema: {
    workspace_id: z.int(),
    workspace_name: z.string(),
    name: z.string(),
    description: z.string(),
    user_id: z.int(),
    members: z.array(personSchema),
    is_owner: z.boolean(),
    created_at: z.date(),
  },
  attributes: (project: ReadProject) => ({
    workspace_id: Number(project.workspaceId),
    workspace_name: project.workspaceName,
    name: project.name,
    description: project.description,
    user_id: Number(project.userId),
    members: project.members,
    is_owner: project.isOwner,
    created_at: project.createdAt,
  }),
});

/** `GET /project/projects`: the caller's projects (of one workspace with `filter[workspace_id]`), 6 a page. */
export const projectQuery: QuerySpec = {
  filters: {
    workspace_id: { column: 'p.workspace_id', type: 'integer', ops: ['is'] },
    name: { column: 'p.name', type: 'string', ops: ['is', 'like'] },
  },
  sorts: { id: 'p.id', name: 'p.name', created_at: 'p.created_at' },
  defaultSort: '-id',
  defaultLimit: 6,
};

/** A module of a project (spec 03 §3). */
export const moduleResource = defineResource({
  name: 'ProjectModule',
  type: 'project-modules',
  schema: { project_id: z.int(), name: z.string(), created_at: z.date() },
  attributes: (module: ProjectModule) => ({
    project_id: Number(module.projectId),
    name: module.name,
    created_at: module.createdAt,
  }),
});

/** `GET /project/modules?filter[project_id]=`: a project's modules by id, ascending (spec 03 §9). */
export const moduleQuery: QuerySpec = {
  filters: { project_id: { column: 'm.project_id', type: 'integer', ops: ['is'] } },
  sorts: { id: 'm.id' },
  defaultSort: 'id',
  defaultLimit: 100,
};
