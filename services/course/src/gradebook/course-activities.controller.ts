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
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { courseIdOf } from './course-id';
import { GradebookAdminService } from './gradebook-admin.service';
import { activityResource, activityScoreResource } from './gradebook.resource';
import {
  activityCreateRules,
  activityScoreRules,
  activityUpdateRules,
  readRows,
  rowsRequestBody,
} from './gradebook.rules';

/** A course's custom activities (spec 01 §3): gradeables whose scores the staff type in. Staff. */
@Controller('api/course/courseactivities')
export class CourseActivitiesController {
  constructor(private readonly admin: GradebookAdminService) {}

  /** `?filter[course_id][is]=…` (`page[limit]=0`: all; they are few): by creation. */
  @Get()
  @Responds(activityResource, { list: true, meta: TOTAL_META })
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const activities = await this.admin.activities(auth, courseIdOf(raw));
    return respond(activityResource, activities, { meta: { total: activities.length } });
  }

  @Post()
  @Responds(activityResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(activityCreateRules) input: AttributesOf<typeof activityCreateRules>,
  ) {
    return respond(activityResource, await this.admin.createActivity(auth, input.course_id, input.title));
  }

  @Patch(':id')
  @Responds(activityResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(activityUpdateRules) input: AttributesOf<typeof activityUpdateRules>,
  ) {
    return respond(activityResource, await this.admin.renameActivity(auth, id, input.title));
  }

  /** Deletes the activity, its scores and its weight. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.admin.deleteActivity(auth, id);
  }

  /** The scores typed in so far (a student without one has no row). */
  @Get(':id/scores')
  @Responds(activityScoreResource, { list: true, meta: TOTAL_META })
  async scores(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const scores = await this.admin.activityScores(auth, id);
    return respond(activityScoreResource, scores, { meta: { total: scores.length } });
  }

  /**
   * `{data: [{student_id, score}, …]}`: score 0–100, or null to clear it; a student not in the
   * course is a 422 with the row's pointer (`/data/{n}/student_id`). Answers the rows as saved.
   */
  @Put(':id/scores')
  @Responds(activityScoreResource, { list: true, meta: TOTAL_META })
  @DocumentOperation({ requestBody: rowsRequestBody(activityScoreRules) })
  async saveScores(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: unknown,
  ) {
    const saved = await this.admin.saveActivityScores(auth, id, readRows(body, activityScoreRules));
    return respond(activityScoreResource, saved, { meta: { total: saved.length } });
  }
}
