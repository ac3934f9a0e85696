import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { Attributes, type AttributesOf, badRequest, respond, Responds } from '@lms/jsonapi';
import { stage1Resource, stage2ConfigResource, stage2Resource, stage3Resource } from './cpmk.resource';
import { stage1Rules, stage2ScoreRules, stage2ThresholdRules } from './cpmk.rules';
import { CpmkService } from './cpmk.service';

/** `course_id` of a query: required, a row id (400 otherwise). */
function courseIdOf(raw: Record<string, unknown>) {
  const value = raw.course_id;
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,17}$/.test(value))
    throw badRequest('course_id is required (a course id)', 'course_id');
  return Number(value);
}

/**
 * CPMK measurement of a course (spec 03 §7): stage 1 the students' attainment per CPMK from the
 * mapped assessments, stage 2 the class's attainment against the thresholds, stage 3 the CPL.
 */
@Controller('api/cpmk')
export class CpmkController {
  constructor(private readonly cpmk: CpmkService) {}

  @Get('measurement/stage1')
  @Responds(stage1Resource)
  async stage1(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>) {
    return respond(stage1Resource, await this.cpmk.stage1(auth, courseIdOf(raw)));
  }

  @Get('measurement/stage2')
  @Responds(stage2Resource)
  async stage2(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>) {
    return respond(stage2Resource, await this.cpmk.stage2(auth, courseIdOf(raw)));
  }

  @Get('measurement/stage2/config')
  @Responds(stage2ConfigResource)
  async stage2Config(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>) {
    return respond(stage2ConfigResource, await this.cpmk.stage2Config(auth, courseIdOf(raw)));
  }

  @Get('measurement/stage3')
  @Responds(stage3Resource)
  async stage3(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>) {
    return respond(stage3Resource, await this.cpmk.stage3(auth, courseIdOf(raw)));
  }

  /** Saves the mapping of assessments to CPMK and computes each student's attainment. */
  @Post('calculate/stage1')
  @HttpCode(200)
  @Responds(stage1Resource)
  async calculateStage1(
    @CurrentAuth() auth: AuthContext,
    @Attributes(stage1Rules) input: AttributesOf<typeof stage1Rules>,
  ) {
    return respond(stage1Resource, await this.cpmk.calculateStage1(auth, input));
  }

  /** The class's mean attainment per CPMK. */
  @Post('calculate/stage2/score')
  @HttpCode(200)
  @Responds(stage2Resource)
  async calculateStage2Score(
    @CurrentAuth() auth: AuthContext,
    @Attributes(stage2ScoreRules) input: AttributesOf<typeof stage2ScoreRules>,
  ) {
    return respond(stage2Resource, await this.cpmk.calculateStage2Score(auth, input.course_id));
  }

  /** Saves the thresholds sent and counts per CPMK the students reaching theirs. */
  @Post('calculate/stage2/threshold')
  @HttpCode(200)
  @Responds(stage2Resource)
  async calculateStage2Threshold(
    @CurrentAuth() auth: AuthContext,
    @Attributes(stage2ThresholdRules) input: AttributesOf<typeof stage2ThresholdRules>,
  ) {
    return respond(stage2Resource, await this.cpmk.calculateStage2Threshold(auth, input));
  }

  /** Clears the computed measurement of the course (`?course_id=`); the mapping and thresholds stay. */
  @Delete('measurement')
  @HttpCode(204)
  async clear(@CurrentAuth() auth: AuthContext, @Query() raw: Record<string, unknown>) {
    await this.cpmk.clear(auth, courseIdOf(raw));
  }
}
