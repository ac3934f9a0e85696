import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, type AttributesOf, ParseIdPipe, queryId, respond, Responds } from '@lms/jsonapi';
import { coursePlanResource, coursePlanStageResource, stageProposalResource } from './course-plans.resource';
import {
  coursePlanCreateRules,
  coursePlanUpdateRules,
  stageCreateRules,
  stageUpdateRules,
} from './course-plans.rules';
import { CoursePlansService } from './course-plans.service';

/** Course plans (spec 03 §7 "Course plans"): by code, period and version; the active one; create, change. */
@Controller('api/plan/courseplans')
export class CoursePlansController {
  constructor(private readonly plans: CoursePlansService) {}

  /** The plans of `code` (required: "Course code is required"), by `period_id` and `version`. */
  @Get()
  @Responds(coursePlanResource, { list: true })
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>) {
    const code = typeof raw.code === 'string' ? raw.code.trim() : undefined;
    const plans = await this.plans.list(
      auth,
      code,
      queryId(raw.period_id, 'period_id', false),
      queryId(raw.version, 'version', false),
    );
    return respond(coursePlanResource, plans);
  }

  /** The plan in force for a code: of a period in which a course with the code is active, newest version. */
  @Get(':code/active')
  @Responds(coursePlanResource)
  async active(@CurrentAuth() auth: AuthContext, @Param('code') code: string) {
    return respond(coursePlanResource, await this.plans.active(auth, code));
  }

  @Post()
  @Responds(coursePlanResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(coursePlanCreateRules) input: AttributesOf<typeof coursePlanCreateRules>,
  ) {
    return respond(coursePlanResource, await this.plans.create(auth, input));
  }

  @Patch(':id')
  @Responds(coursePlanResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(coursePlanUpdateRules) input: AttributesOf<typeof coursePlanUpdateRules>,
  ) {
    return respond(coursePlanResource, await this.plans.update(auth, id, input));
  }
}

/** The stages (weekly entries) of course plans. */
@Controller('api/plan/courseplanstages')
export class CoursePlanStagesController {
  constructor(private readonly plans: CoursePlansService) {}

  /** The stages of `course_plan_id`, by index. */
  @Get()
  @Responds(coursePlanStageResource, { list: true })
  async list(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>) {
    const stages = await this.plans.stages(auth, queryId(raw.course_plan_id, 'course_plan_id', true));
    return respond(coursePlanStageResource, stages);
  }

  /** Proposed stages, one per sub-output of the plan; nothing is saved. */
  @Get('generate/:id')
  @Responds(stageProposalResource, { list: true })
  async generate(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(stageProposalResource, await this.plans.generate(auth, id));
  }

  /** A proposed semester of 16 weeks (midterm week 8, final week 16); nothing is saved. */
  @Get('generateAll/:id')
  @Responds(stageProposalResource, { list: true })
  async generateAll(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(stageProposalResource, await this.plans.generateAll(auth, id));
  }

  /** A new stage at the end: its index is the count of the plan's stages. */
  @Post()
  @Responds(coursePlanStageResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(stageCreateRules) input: AttributesOf<typeof stageCreateRules>,
  ) {
    return respond(coursePlanStageResource, await this.plans.createStage(auth, input));
  }

  @Patch(':id')
  @Responds(coursePlanStageResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(stageUpdateRules) input: AttributesOf<typeof stageUpdateRules>,
  ) {
    return respond(coursePlanStageResource, await this.plans.updateStage(auth, id, input));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.plans.removeStage(auth, id);
  }
}
