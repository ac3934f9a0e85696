import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { defineList, notFound, type ParsedQuery } from '@lms/jsonapi';
import { ProjectAccess } from '../access';
import { requiredFilterId } from '../filters';
import { ProjectModule } from './project.entity';
import type { ModuleCreate } from './projects.rules';

const moduleList = defineList<ProjectModule>({ entity: ProjectModule, alias: 'm' });

/** Modules of a project (spec 03 §7 "Project modules"): every member of the project may add and delete them. */
@Injectable()
export class ModulesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: ProjectAccess,
  ) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[ProjectModule[], number]> {
    const projectId = requiredFilterId(query, 'project_id');
    await this.access.memberProject(auth, projectId);
    return moduleList.page(
      this.dataSource,
      { where: ['m.project_id = :projectId'], params: { projectId } },
      query,
    );
  }

  /** A module of a project the caller is in; 404 otherwise. */
  async get(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ProjectModule> {
    const module = await manager.findOneBy(ProjectModule, { id, tenantId: auth.tenantId });
    if (!module) throw notFound('Module not found');
    await this.access.memberProject(auth, Number(module.projectId), manager).catch(() => {
      throw notFound('Module not found');
    });
    return module;
  }

  async create(auth: AuthContext, input: ModuleCreate): Promise<ProjectModule> {
    return this.dataSource.transaction(async (manager) => {
      const { project } = await this.access.memberProject(auth, input.project_id, manager);
      const module = await manager.save(
        Object.assign(new ProjectModule(), {
          tenantId: auth.tenantId,
          projectId: project.id,
          name: input.name.trim(),
        }),
      );
      await this.access.record(manager, auth, project.id, 'module.created', module);
      return module;
    });
  }

  /** Deletes it with its contents. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const module = await this.get(auth, id);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(ProjectModule, { id });
      await this.access.record(manager, auth, Number(module.projectId), 'module.deleted', module);
    });
  }
}
