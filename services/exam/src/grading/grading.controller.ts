import { Controller, Get, Param, Patch } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  attributes,
  field,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { MAX_QUESTION_SCORE } from '../domain/scoring';
import {
  examStatisticResource,
  gradedEssayResource,
  questionStatisticResource,
  questionStudentResource,
  questionStudentsQuery,
  recalculationResource,
  resultResource,
} from './grading.resource';
import { GradingService } from './grading.service';
import { ResultsService } from './results.service';
import { StatisticsService } from './statistics.service';

const gradeEssayRules = attributes({
  student_question_id: field.id(),
  /** 0 to 100; 0 is a score, an empty value is refused. */
  score: field.number({ min: 0, max: MAX_QUESTION_SCORE }),
});

/** Grading of essays and recalculation (staff of the exam). */
@Controller('api/v2/exam')
export class GradingController {
  constructor(
    private readonly grading: GradingService,
    private readonly statistics: StatisticsService,
  ) {}

  /** Grades a student's essay (0–100) and scores the attempt again. */
  @Patch('gradeEssay')
  @Responds(gradedEssayResource)
  async gradeEssay(
    @CurrentAuth() auth: AuthContext,
    @Attributes(gradeEssayRules) input: AttributesOf<typeof gradeEssayRules>,
  ) {
    return respond(
      gradedEssayResource,
      await this.grading.gradeEssay(auth, input.student_question_id, input.score),
    );
  }

  /** Scores every finished attempt again after a question was fixed; answers whose score changed. */
  @Patch('recalculate/:examId')
  @Responds(recalculationResource)
  async recalculate(@CurrentAuth() auth: AuthContext, @Param('examId', ParseIdPipe) examId: number) {
    return respond(recalculationResource, await this.grading.recalculate(auth, examId));
  }

  /** Statistics with each question's difficulty and discrimination. */
  @Get('exams/:id/statistic')
  @Responds(examStatisticResource)
  async statistic(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(examStatisticResource, await this.statistics.exam(auth, id, true));
  }

  /** One question: difficulty, discrimination, option choices (upper/lower groups), typed answers. */
  @Get('exams/:id/question/:qid/statistic')
  @Responds(questionStatisticResource)
  async questionStatistic(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('qid', ParseIdPipe) qid: number,
  ) {
    return respond(questionStatisticResource, await this.statistics.question(auth, id, qid));
  }

  /** The students' answers to one question and their scores (the essay grading queue: `filter[graded]=false`). */
  @Get('exams/:id/question/:qid/students')
  @Responds(questionStudentResource, { list: true, meta: PAGE_META })
  async questionStudents(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('qid', ParseIdPipe) qid: number,
    @JsonApiQuery(questionStudentsQuery) query: ParsedQuery,
  ) {
    const [rows, total] = await this.statistics.students(auth, id, qid, query);
    return respond(questionStudentResource, rows, { meta: pageMeta(total, query) });
  }

  /** Every essay answer of the exam's finished attempts: the grading queue with `filter[graded]=false`. */
  @Get('exams/:id/essays')
  @Responds(questionStudentResource, { list: true, meta: PAGE_META })
  async essays(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(questionStudentsQuery) query: ParsedQuery,
  ) {
    const [rows, total] = await this.statistics.students(auth, id, null, query);
    return respond(questionStudentResource, rows, { meta: pageMeta(total, query) });
  }
}

/** `GET /stats/exam/{id}`: the exam's statistics without the per-question analysis. */
@Controller('api/stats/exam')
export class ExamStatsController {
  constructor(private readonly statistics: StatisticsService) {}

  @Get(':id')
  @Responds(examStatisticResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(examStatisticResource, await this.statistics.exam(auth, id, false));
  }
}

/** `GET /exam/studentexams/{id}/result`: what the caller may see of an attempt's result. */
@Controller('api/exam/studentexams')
export class ResultsController {
  constructor(private readonly results: ResultsService) {}

  @Get(':id/result')
  @Responds(resultResource)
  async result(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(resultResource, await this.results.result(auth, id));
  }
}
