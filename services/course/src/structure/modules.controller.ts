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
import { moduleQuery, moduleResource } from './structure.resource';
import {
  moduleBatchRules,
  moduleCreateRules,
  moduleDeleteManyRules,
  moduleUpdateRules,
} from './structure.rules';
import { StructureService } from './structure.service';

@Controller('api/course/modules')
export class ModulesController {
  constructor(private readonly structure: StructureService) {}

  /** `filter[course_id][is]`, `sort=index` (default), `include=activities`. */
  @Get()
  @Responds(moduleResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(moduleQuery) query: ParsedQuery) {
    const [modules, total] = await this.structure.listModules(auth, query);
    return respond(moduleResource, modules, {
      include: query.include,
      meta: pageMeta(total, query),
    });
  }

  @Get(':id')
  @Responds(moduleResource)
  async get(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(moduleQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    const module = await this.structure.getModule(auth, id, query.include);
    return respond(moduleResource, module, { include: query.include });
  }

  /** A new module goes last; named 'Untitled' and active unless told otherwise. */
  @Post()
  @Responds(moduleResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(moduleCreateRules) input: AttributesOf<typeof moduleCreateRules>,
  ) {
    const module = await this.structure.createModule(auth, input.course_id, input);
    return respond(moduleResource, module);
  }

  /** The sixteen modules of a semester: Module 01 … Finex/UAS (spec 02 §9), after the existing ones. */
  @Post('batch')
  @Responds(moduleResource, { list: true })
  async createBatch(
    @CurrentAuth() auth: AuthContext,
    @Attributes(moduleBatchRules) input: AttributesOf<typeof moduleBatchRules>,
  ) {
    const modules = await this.structure.createModuleBatch(auth, input.course_id);
    return respond(moduleResource, modules);
  }

  /** Archives every listed module (with what it holds) or none: `{module_ids: [..]}`. */
  @Delete('delete-multiple')
  async deleteMany(
    @CurrentAuth() auth: AuthContext,
    @Attributes(moduleDeleteManyRules, { optionalBody: true })
    input: AttributesOf<typeof moduleDeleteManyRules>,
  ) {
    const deleted = await this.structure.deleteModules(auth, input.module_ids);
    return { meta: { deleted } };
  }

  @Patch(':id')
  @Responds(moduleResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(moduleUpdateRules) input: AttributesOf<typeof moduleUpdateRules>,
  ) {
    const module = await this.structure.updateModule(auth, id, input);
    return respond(moduleResource, module);
  }

  /** Archives the module with its activities and contents (restorable together). */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.structure.deleteModule(auth, id);
  }

  /** Brings an archived module back with what its archiving took along. */
  @Post(':id/restore')
  @HttpCode(200)
  @Responds(moduleResource)
  async restore(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(moduleResource, await this.structure.restoreModule(auth, id));
  }

  /** Deletes an archived module for good, with everything it holds. */
  @Delete(':id/permanent')
  @HttpCode(204)
  async purge(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.structure.purgeModule(auth, id);
  }
}
