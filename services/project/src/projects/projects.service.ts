import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, defineList, type ParsedQuery, unprocessable } from '@lms/jsonapi';
import { ProjectAccess } from '../access';
import { peopleByIds, personOf } from '../people';
import { Workspace } from '../workspaces/workspace.entity';
import { Project, ProjectMember } from './project.entity';
import type { ReadProject } from './projects.resource';
import type { ProjectCreate, ProjectMemberChange, ProjectUpdate } from './projects.rules';

const projectList = defineList<Project>({ entity: Project, alias: 'p' });

/** The caller's projects: those of workspaces they own, and those they are a member of. */
const MINE_SQL = `(EXISTS (SELECT 1 FROM workspaces w WHERE w.id = p.workspace_id AND w.owner_id = :me)
  OR EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = :me))`;

/**
 * Projects of a workspace (spec 03 §3, §7 "Projects"): the workspace's owner makes, changes and
 * deletes them and picks their members among the workspace's members; members read them. Every
 * change is written to the project's timeline in its own transaction.
 */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: ProjectAccess,
  ) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadProject[], number]> {
    const [rows, total] = await projectList.page(
      this.dataSource,
      { where: ['p.tenant_id = :tenantId', MINE_SQL], params: { tenantId: auth.tenantId, me: auth.userId } },
      query,
    );
    return [await this.read(auth, rows), total];
  }

  async get(auth: AuthContext, id: number): Promise<ReadProject> {
    const { project } = await this.access.memberProject(auth, id);
    return (await this.read(auth, [project]))[0];
  }

  async create(auth: AuthContext, input: ProjectCreate): Promise<ReadProject> {
    const id = await this.dataSource.transaction(async (manager) => {
      const workspace = await this.access.ownedWorkspace(auth, input.workspace_id, manager);
      const project = await manager.save(
        Object.assign(new Project(), {
          tenantId: auth.tenantId,
          workspaceId: workspace.id,
          name: input.name.trim(),
          description: input.description ?? '',
          userId: auth.userId,
        }),
      );
      await this.access.record(manager, auth, project.id, 'project.created', project);
      return Number(project.id);
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: ProjectUpdate): Promise<ReadProject> {
    await this.dataSource.transaction(async (manager) => {
      const project = await this.access.ownedProject(auth, id, manager);
      if (input.name !== undefined) project.name = input.name.trim();
      if (input.description !== undefined) project.description = input.description;
      await manager.save(project);
      await this.access.record(manager, auth, id, 'project.updated', project);
    });
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.access.ownedProject(auth, id);
    await this.dataSource.getRepository(Project).delete({ id });
  }

  /** `POST /project/projects/add`: a member of the workspace joins the project. */
  async addMember(auth: AuthContext, input: ProjectMemberChange): Promise<ReadProject> {
    await this.dataSource.transaction(async (manager) => {
      const project = await this.access.ownedProject(auth, input.project_id, manager);
      const [{ ok }]: Array<{ ok: boolean }> = await manager.query(
        `SELECT EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2) AS ok`,
        [project.workspaceId, input.user_id],
      );
      if (!ok)
        throw unprocessable([
          { pointer: attributePointer('user_id'), detail: 'is not a member of the workspace' },
        ]);
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(ProjectMember)
        .values({ projectId: project.id, userId: input.user_id, tenantId: auth.tenantId })
        .orIgnore()
        .returning(['user_id'])
        .execute();
      if (inserted.raw.length > 0)
        await this.memberActivity(auth, manager, project.id, input.user_id, 'member.added');
    });
    return this.get(auth, input.project_id);
  }

  /** `POST /project/projects/remove`: a member leaves the project. */
  async removeMember(auth: AuthContext, input: ProjectMemberChange): Promise<ReadProject> {
    await this.dataSource.transaction(async (manager) => {
      const project = await this.access.ownedProject(auth, input.project_id, manager);
      const removed = await manager.delete(ProjectMember, { projectId: project.id, userId: input.user_id });
      if (!removed.affected)
        throw unprocessable([
          { pointer: attributePointer('user_id'), detail: 'is not a member of the project' },
        ]);
      await this.memberActivity(auth, manager, project.id, input.user_id, 'member.removed');
    });
    return this.get(auth, input.project_id);
  }

  private async memberActivity(
    auth: AuthContext,
    manager: EntityManager,
    projectId: number,
    userId: number,
    action: 'member.added' | 'member.removed',
  ) {
    const person = personOf(await peopleByIds(manager, auth.tenantId, [userId]), userId);
    await this.access.record(manager, auth, projectId, action, { id: userId, name: person.name });
  }

  private async read(auth: AuthContext, projects: Project[]): Promise<ReadProject[]> {
    if (projects.length === 0) return [];
    const ids = projects.map((p) => Number(p.id));
    const members: Array<{ project_id: string; user_id: string }> = await this.dataSource.query(
      `SELECT project_id, user_id FROM project_members WHERE project_id = ANY($1::bigint[]) ORDER BY added_at, user_id`,
      [ids],
    );
    const workspaces = await this.dataSource
      .getRepository(Workspace)
      .findBy(projects.map((p) => ({ id: p.workspaceId })));
    const people = await peopleByIds(
      this.dataSource.manager,
      auth.tenantId,
      members.map((m) => Number(m.user_id)),
    );
    return projects.map((project) => {
      const workspace = workspaces.find((w) => Number(w.id) === Number(project.workspaceId));
      return Object.assign(project, {
        members: members
          .filter((m) => Number(m.project_id) === Number(project.id))
          .map((m) => personOf(people, Number(m.user_id))),
        isOwner: Number(workspace?.ownerId) === auth.userId,
        workspaceName: workspace?.name ?? '',
      });
    });
  }
}
