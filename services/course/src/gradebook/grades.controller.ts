import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  ParseIdPipe,
  type RawQuery,
  respond,
  Responds,
  TOTAL_META,
} from '@lms/jsonapi';
import { courseIdOf } from './course-id';
import { GradebookAdminService } from './gradebook-admin.service';
import { gradeResource } from './gradebook.resource';
import { gradeCreateRules, gradeUpdateRules } from './gradebook.rules';

/**
 * A course's weights (spec 01 §3 "Gradebook entry"): one per gradeable, 0–100; the client saves
 * its editor with the sync rule of spec 01 §4 (delete, update with an id, create without). Staff.
 */
@Controller('api/course/grades')
export class GradesController {
  constructor(private readonly admin: GradebookAdminService) {}

  /** `?filter[course_id][is]=…`: the course's weights, each with its gradeable's current title. */
  @Get()
  @Responds(gradeResource, { list: true, meta: TOTAL_META })
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const grades = await this.admin.grades(auth, courseIdOf(raw));
    return respond(gradeResource, grades, { meta: { total: grades.length } });
  }

  /** `{course_id, gradeable_type, gradeable_id, percentage}`: 422 when not a gradeable of the course or weighted already. */
  @Post()
  @Responds(gradeResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(gradeCreateRules) input: AttributesOf<typeof gradeCreateRules>,
  ) {
    return respond(gradeResource, await this.admin.createGrade(auth, input));
  }

  @Patch(':id')
  @Responds(gradeResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(gradeUpdateRules) input: AttributesOf<typeof gradeUpdateRules>,
  ) {
    return respond(gradeResource, await this.admin.updateGrade(auth, id, input.percentage));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.admin.deleteGrade(auth, id);
  }
}
