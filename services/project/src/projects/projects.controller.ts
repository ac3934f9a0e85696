import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { ModulesService } from './modules.service';
import { moduleQuery, moduleResource, projectQuery, projectResource } from './projects.resource';
import {
  moduleCreateRules,
  projectCreateRules,
  projectMemberRules,
  projectUpdateRules,
} from './projects.rules';
import { ProjectsService } from './projects.service';

/** Projects (spec 03 §7 "Projects"): the workspace's owner writes them, their members read them. */
@Controller('api/project/projects')
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  /** The caller's projects (`filter[workspace_id]`: of one workspace), newest first, 6 a page. */
  @Get()
  @Responds(projectResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(projectQuery) query: ParsedQuery) {
    const [rows, total] = await this.projects.list(auth, query);
    return respond(projectResource, rows, { meta: pageMeta(total, query) });
  }

  @Post()
  @Responds(projectResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(projectCreateRules) input: AttributesOf<typeof projectCreateRules>,
  ) {
    return respond(projectResource, await this.projects.create(auth, input));
  }

  /** Adds a member of the workspace to the project (the workspace's owner). */
  @Post('add')
  @HttpCode(200)
  @Responds(projectResource)
  async add(
    @CurrentAuth() auth: AuthContext,
    @Attributes(projectMemberRules) input: AttributesOf<typeof projectMemberRules>,
  ) {
    return respond(projectResource, await this.projects.addMember(auth, input));
  }

  /** Takes a member off the project (the workspace's owner). */
  @Post('remove')
  @HttpCode(200)
  @Responds(projectResource)
  async remove(
    @CurrentAuth() auth: AuthContext,
    @Attributes(projectMemberRules) input: AttributesOf<typeof projectMemberRules>,
  ) {
    return respond(projectResource, await this.projects.removeMember(auth, input));
  }

  @Get(':id')
  @Responds(projectResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(projectResource, await this.projects.get(auth, id));
  }

  @Patch(':id')
  @Responds(projectResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(projectUpdateRules) input: AttributesOf<typeof projectUpdateRules>,
  ) {
    return respond(projectResource, await this.projects.update(auth, id, input));
  }

  /** Deletes it with its modules, contents and timeline. */
  @Delete(':id')
  @HttpCode(204)
  async delete(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.projects.remove(auth, id);
  }
}

/** Modules of a project (spec 03 §7 "Project modules"): open to every member of the project. */
@Controller('api/project/modules')
export class ModulesController {
  constructor(private readonly modules: ModulesService) {}

  /** `filter[project_id]` (required): its modules by id, ascending. */
  @Get()
  @Responds(moduleResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(moduleQuery) query: ParsedQuery) {
    const [rows, total] = await this.modules.list(auth, query);
    return respond(moduleResource, rows, { meta: pageMeta(total, query) });
  }

  @Post()
  @Responds(moduleResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(moduleCreateRules) input: AttributesOf<typeof moduleCreateRules>,
  ) {
    return respond(moduleResource, await this.modules.create(auth, input));
  }

  @Get(':id')
  @Responds(moduleResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(moduleResource, await this.modules.get(auth, id));
  }

  /** Deletes it with its contents. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.modules.remove(auth, id);
  }
}
