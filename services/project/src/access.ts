import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { forbidden, notFound } from '@lms/jsonapi';
import { Project } from './projects/project.entity';
import { ProjectActivity, type ActivityAction } from './timeline/activity.entity';
import { Workspace } from './workspaces/workspace.entity';

/** A project as its members reach it, with its workspace's owner. */
export interface ProjectInReach {
  project: Project;
  ownerId: number;
}

const IS_WORKSPACE_MEMBER = `EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = $1 AND m.user_id = $2)`;
const IS_PROJECT_MEMBER = `EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = $3)`;

/**
 * Who may touch what (spec 03 §6). A workspace is read by its owner and its members, changed by
 * its owner; a project, its modules, contents, boards, comments and timeline are open to its
 * members and to the workspace's owner. Anyone else gets a 404 (another campus's too), a member
 * who tries an owner's action a 403.
 */
@Injectable()
export class ProjectAccess {
  constructor(private readonly dataSource: DataSource) {}

  /** A workspace the caller owns or has joined; 404 otherwise. */
  async readableWorkspace(auth: AuthContext, id: number, manager?: EntityManager): Promise<Workspace> {
    const { workspace, member } = await this.workspaceFor(auth, id, manager);
    if (workspace.ownerId !== auth.userId && !member) throw notFound('Workspace not found');
    return workspace;
  }

  /** A workspace the caller owns; a member gets a 403, anyone else a 404. */
  async ownedWorkspace(auth: AuthContext, id: number, manager?: EntityManager): Promise<Workspace> {
    const workspace = await this.readableWorkspace(auth, id, manager);
    if (workspace.ownerId !== auth.userId)
      throw forbidden('Only the owner of the workspace may do this', 'not_owner');
    return workspace;
  }

  /** The campus's workspace and whether the caller joined it; 404 for another campus's. */
  async workspaceFor(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ workspace: Workspace; member: boolean }> {
    const workspace = await manager.findOneBy(Workspace, { id, tenantId: auth.tenantId });
    if (!workspace) throw notFound('Workspace not found');
    const [{ member }]: Array<{ member: boolean }> = await manager.query(
      `SELECT ${IS_WORKSPACE_MEMBER} AS member`,
      [id, auth.userId],
    );
    return { workspace, member };
  }

  /** A project the caller is a member of, or whose workspace the caller owns; 404 otherwise. */
  async memberProject(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ProjectInReach> {
    const rows: Array<{ owner_id: string; member: boolean }> = await manager.query(
      `SELECT w.owner_id, ${IS_PROJECT_MEMBER} AS member
         FROM projects p JOIN workspaces w ON w.id = p.workspace_id
        WHERE p.id = $1 AND p.tenant_id = $2`,
      [id, auth.tenantId, auth.userId],
    );
    const row = rows[0];
    if (!row || (Number(row.owner_id) !== auth.userId && !row.member)) throw notFound('Project not found');
    return { project: await manager.findOneByOrFail(Project, { id }), ownerId: Number(row.owner_id) };
  }

  /** A project whose workspace the caller owns; its members get a 403, anyone else a 404. */
  async ownedProject(auth: AuthContext, id: number, manager?: EntityManager): Promise<Project> {
    const { project, ownerId } = await this.memberProject(auth, id, manager);
    if (ownerId !== auth.userId) throw forbidden('Only the owner of the workspace may do this', 'not_owner');
    return project;
  }

  /** Writes an entry of the project's timeline in the transaction of the change it records. */
  async record(
    manager: EntityManager,
    auth: AuthContext,
    projectId: number,
    action: ActivityAction,
    subject: { id: number | null; name: string },
    data: Record<string, unknown> = {},
  ): Promise<void> {
    await manager.save(
      Object.assign(new ProjectActivity(), {
        tenantId: auth.tenantId,
        projectId,
        actorId: auth.userId,
        action,
        subjectId: subject.id,
        subjectName: subject.name.slice(0, 200),
        data,
      }),
    );
  }
}
