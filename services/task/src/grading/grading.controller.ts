import { Controller, Get, Param, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  type QuerySpec,
  respond,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { contentDisposition } from '@lms/storage';
import {
  assessmentRules,
  assessmentsQuery,
  groupAssessmentResource,
  scoredAnswerResource,
  scoreRules,
  taskStatisticResource,
} from './grading.resource';
import { GradingService } from './grading.service';
import { PeerAssessmentService } from './peer-assessment.service';
import { ScoresExportService, XLSX_MIME } from './scores-export.service';
import { StatisticsService } from './statistics.service';

/** Scoring of answers and the group peer assessment (spec 02 §7 "Tasks"). */
@Controller('api/course/task')
export class GradingController {
  constructor(
    private readonly grading: GradingService,
    private readonly peers: PeerAssessmentService,
  ) {}

  /**
   * Scores a sent answer, personal or a group's (the course's staff): `score` 0–100 ("" or none
   * is 0), or `rubrics` — a level per criterion — for a task scored by rubric.
   */
  @Put('answers/score')
  @Responds(scoredAnswerResource)
  async score(
    @CurrentAuth() auth: AuthContext,
    @Attributes(scoreRules) input: AttributesOf<typeof scoreRules>,
  ) {
    return respond(scoredAnswerResource, await this.grading.score(auth, input));
  }

  /** Ratings of a group answer (`filter[answer_id]`): the caller's own as a member, all as staff. */
  @Get('answer/group/assesments')
  @Responds(groupAssessmentResource, { list: true, meta: PAGE_META })
  async assessments(@CurrentAuth() auth: AuthContext, @JsonApiQuery(assessmentsQuery) query: ParsedQuery) {
    const [rows, total] = await this.peers.list(auth, query);
    return respond(groupAssessmentResource, rows, { meta: pageMeta(total, query) });
  }

  /** A member rates another member of their group while the task's peer assessment is open (again: changes it). */
  @Post('answer/group/assesments')
  @Responds(groupAssessmentResource)
  async rate(
    @CurrentAuth() auth: AuthContext,
    @Attributes(assessmentRules) input: AttributesOf<typeof assessmentRules>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { assessment, created } = await this.peers.rate(auth, input);
    reply.status(created ? 201 : 200);
    return respond(groupAssessmentResource, assessment);
  }
}

/** `GET /stats/task/{id}`: counts, scores and their distribution (the course's staff). */
@Controller('api/stats/task')
export class TaskStatsController {
  constructor(private readonly statistics: StatisticsService) {}

  @Get(':id')
  @Responds(taskStatisticResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(taskStatisticResource, await this.statistics.task(auth, id));
  }
}

const scoresQuery: QuerySpec = {
  filters: {
    course_id: { column: 'course_id', type: 'integer', ops: ['is'] },
    task_id: { column: 'task_id', type: 'integer', ops: ['is'] },
  },
  sorts: {},
};

/** `GET /course/scores/tasks`: the course's task scores as .xlsx (the course's staff). */
@Controller('api/course/scores')
export class ScoresExportController {
  constructor(private readonly exports: ScoresExportService) {}

  @Get('tasks')
  @DocumentOperation({
    summary: 'Export the scores of a course’s tasks, or of one task (.xlsx)',
    responses: {
      '200': {
        description: 'The workbook',
        content: { [XLSX_MIME]: { schema: { type: 'string', format: 'binary' } } },
      },
    },
  })
  async scores(
    @CurrentAuth() auth: AuthContext,
    @JsonApiQuery(scoresQuery) query: ParsedQuery,
    @Res() reply: FastifyReply,
  ) {
    const value = (field: string) => {
      const filter = query.filters.find((item) => item.field === field);
      return filter === undefined ? null : Number(filter.value);
    };
    const made = await this.exports.scores(auth, value('course_id'), value('task_id'));
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', contentDisposition(made.filename))
      .header('cache-control', 'no-store')
      .send(made.body);
  }
}
