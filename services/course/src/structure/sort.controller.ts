import { Controller, HttpCode, Param, Put } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, type AttributesOf, ParseIdPipe } from '@lms/jsonapi';
import { sortRules } from './structure.rules';
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
    @Attributes(sortRules) input: AttributesOf<typeof sortRules>,
  ) {
    await this.structure.sort(auth, courseId, input.type, input.ids);
  }
}
