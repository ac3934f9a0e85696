import { Body, Controller, HttpCode, Param, Put } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { idList, ParseIdPipe, readAttributes, validateAttributes } from '@lms/jsonapi';
import { REQUIRED_TEXTS, SORT_TYPE_ALIASES, sortRules } from './structure.rules';
import { StructureService } from './structure.service';

@Controller('api/course/courses/sort')
export class SortController {
  constructor(private readonly structure: StructureService) {}

  /**
   * `PUT /course/courses/sort/{courseId} {type, ids}`: the new order of the course's modules, of
   * one module's activities, or of one module's / activity's contents (`type` modules,
   * activities, contents). `ids` must be that whole list; otherwise 422 and nothing changes.
   */
  @Put(':courseId')
  @HttpCode(204)
  async sort(
    @CurrentAuth() auth: AuthContext,
    @Param('courseId', ParseIdPipe) courseId: number,
    @Body() body: unknown,
  ) {
    const attributes = { ...readAttributes(body) };
    if (typeof attributes.type === 'string' && Object.hasOwn(SORT_TYPE_ALIASES, attributes.type)) {
      attributes.type = SORT_TYPE_ALIASES[attributes.type];
    }
    if (Array.isArray(attributes.ids) && attributes.ids.length === 0) delete attributes.ids;
    const input = validateAttributes(attributes, sortRules, { requiredMessages: REQUIRED_TEXTS });
    await this.structure.sort(auth, courseId, input.type, idList(input.ids, 'ids'));
  }
}
