import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import {
  pageMeta,
  parseQuery,
  type RawQuery,
  readAttributes,
  toDocument,
  validateAttributes,
} from '@lms/jsonapi';
import { activityQuery, activityResource } from './structure.resource';
import { activityCreateRules, activityUpdateRules, REQUIRED_TEXTS } from './structure.rules';
import { StructureService } from './structure.service';

/** Activities, the spec's submodules: `GET /course/activities?filter[course_id][is]=…`. */
@Controller('api/course/activities')
export class ActivitiesController {
  constructor(private readonly structure: StructureService) {}

  @Get()
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, activityQuery, { timeZone: auth.timeZone });
    const [activities, total] = await this.structure.listActivities(auth, query);
    return toDocument(activityResource, activities, {
      include: query.include,
      meta: pageMeta(total, query),
      timeZone: auth.timeZone,
    });
  }

  @Get(':id')
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIntPipe) id: number, @Query() raw: RawQuery) {
    const query = parseQuery({ include: raw.include }, activityQuery);
    const activity = await this.structure.getActivity(auth, id);
    return toDocument(activityResource, activity, { include: query.include, timeZone: auth.timeZone });
  }

  /** A new activity goes last in its module; named 'Untitled Submodule' and active by default. */
  @Post()
  async create(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const input = validateAttributes(readAttributes(body), activityCreateRules, {
      timeZone: auth.timeZone,
      requiredMessages: REQUIRED_TEXTS,
    });
    const activity = await this.structure.createActivity(auth, input.module_id, input);
    return toDocument(activityResource, activity, { timeZone: auth.timeZone });
  }

  @Patch(':id')
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: unknown,
  ) {
    const input = validateAttributes(readAttributes(body), activityUpdateRules, { timeZone: auth.timeZone });
    const activity = await this.structure.updateActivity(auth, id, input);
    return toDocument(activityResource, activity, { timeZone: auth.timeZone });
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.structure.deleteActivity(auth, id);
  }
}
