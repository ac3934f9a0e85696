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
import { activityQuery, activityResource } from './structure.resource';
import { activityCreateRules, activityUpdateRules } from './structure.rules';
import { StructureService } from './structure.service';

/** Activities, the spec's submodules: `GET /course/activities?filter[course_id][is]=…`. */
@Controller('api/course/activities')
export class ActivitiesController {
  constructor(private readonly structure: StructureService) {}

  @Get()
  @Responds(activityResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(activityQuery) query: ParsedQuery) {
    const [activities, total] = await this.structure.listActivities(auth, query);
    return respond(activityResource, activities, {
      include: query.include,
      meta: pageMeta(total, query),
    });
  }

  @Get(':id')
  @Responds(activityResource)
  async get(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(activityQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    const activity = await this.structure.getActivity(auth, id);
    return respond(activityResource, activity, { include: query.include });
  }

  /** A new activity goes last in its module; named 'Untitled Submodule' and active by default. */
  @Post()
  @Responds(activityResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(activityCreateRules) input: AttributesOf<typeof activityCreateRules>,
  ) {
    const activity = await this.structure.createActivity(auth, input.module_id, input);
    return respond(activityResource, activity);
  }

  @Patch(':id')
  @Responds(activityResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(activityUpdateRules) input: AttributesOf<typeof activityUpdateRules>,
  ) {
    const activity = await this.structure.updateActivity(auth, id, input);
    return respond(activityResource, activity);
  }

  /** Archives the activity with its contents (restorable together). */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.structure.deleteActivity(auth, id);
  }

  /** Brings an activity archived by itself back with its contents (one archived with its module: 409). */
  @Post(':id/restore')
  @HttpCode(200)
  @Responds(activityResource)
  async restore(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(activityResource, await this.structure.restoreActivity(auth, id));
  }

  /** Deletes an activity archived by itself for good, with its contents. */
  @Delete(':id/permanent')
  @HttpCode(204)
  async purge(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.structure.purgeActivity(auth, id);
  }
}
