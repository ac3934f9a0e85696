import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  ParseIdPipe,
  type RawQuery,
  respond,
  Responds,
  TOTAL_META,
  validateWith,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { courseIdOf } from './course-id';
import { GradebookAdminService } from './gradebook-admin.service';
import { bandResource } from './gradebook.resource';
import {
  bandCreateRules,
  bandRowRules,
  bandsReplaceRules,
  bandUpdateRules,
  readRows,
  rowsRequestBody,
} from './gradebook.rules';

/**
 * A course's index bands (letters of final scores): [min, max] with two decimals, no overlap and
 * no gap — the next band's min is this band's max + 0.01 (docs/gradebook.md); a change that breaks
 * that is a 422 naming the band. Read by the course's members, written by its staff.
 */
@Controller('api/course/index')
export class IndexBandsController {
  constructor(private readonly admin: GradebookAdminService) {}

  /** `?filter[course_id][is]=…`: the bands, highest first. */
  @Get()
  @Responds(bandResource, { list: true, meta: TOTAL_META })
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const bands = await this.admin.bands(auth, courseIdOf(raw));
    return respond(bandResource, bands, { meta: { total: bands.length } });
  }

  @Post()
  @Responds(bandResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(bandCreateRules) input: AttributesOf<typeof bandCreateRules>,
  ) {
    return respond(bandResource, await this.admin.createBand(auth, input));
  }

  /**
   * `{data: [{index, min, max}, …], course_id}` replaces every band of the course at once, checked
   * as a whole (pointers `/data/{n}/{field}`): answers the bands, highest first.
   */
  @Put()
  @Responds(bandResource, { list: true, meta: TOTAL_META })
  @DocumentOperation({
    requestBody: rowsRequestBody(bandRowRules, { course_id: { type: 'integer', minimum: 1 } }),
  })
  async replace(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const { course_id } = validateWith(bandsReplaceRules, (body ?? {}) as Record<string, unknown>);
    const bands = await this.admin.replaceBands(auth, course_id, readRows(body, bandRowRules));
    return respond(bandResource, bands, { meta: { total: bands.length } });
  }

  @Patch(':id')
  @Responds(bandResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(bandUpdateRules) input: AttributesOf<typeof bandUpdateRules>,
  ) {
    return respond(bandResource, await this.admin.updateBand(auth, id, input));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.admin.deleteBand(auth, id);
  }
}
