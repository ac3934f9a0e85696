import { Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  badRequest,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  queryId,
  respond,
  Responds,
} from '@lms/jsonapi';
import { questionResource } from '../definitions/definitions.resource';
import {
  courseSurveyQuery,
  courseSurveyResource,
  questionResultResource,
  resultsResource,
  suggestionResource,
} from './course-surveys.resource';
import {
  courseSurveyCreateRules,
  courseSurveyUpdateRules,
  lecturerResponseRules,
  responseRules,
} from './course-surveys.rules';
import { CourseSurveysService } from './course-surveys.service';
import { ResponsesService } from './responses.service';

/** Largest page of suggestions. */
const MAX_SUGGESTION_PAGE = 100;

/** Attaching surveys to courses: the course's staff or an administrator (`POST`, `PATCH /course/surveys`). */
@Controller('api/course/surveys')
export class CourseSurveysAdminController {
  constructor(private readonly courseSurveys: CourseSurveysService) {}

  /** The course surveys the caller sees. */
  @Get()
  @Responds(courseSurveyResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(courseSurveyQuery) query: ParsedQuery) {
    const [rows, total] = await this.courseSurveys.list(auth, query);
    return respond(courseSurveyResource, rows, { meta: pageMeta(total, query) });
  }

  /** Attaches a survey to a course, open to its students unless `is_open` is false; twice is a 409. */
  @Post()
  @Responds(courseSurveyResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(courseSurveyCreateRules) input: AttributesOf<typeof courseSurveyCreateRules>,
  ) {
    return respond(courseSurveyResource, await this.courseSurveys.attach(auth, input));
  }

  /** Opens or closes it. */
  @Patch(':id')
  @Responds(courseSurveyResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(courseSurveyUpdateRules) input: AttributesOf<typeof courseSurveyUpdateRules>,
  ) {
    return respond(courseSurveyResource, await this.courseSurveys.update(auth, id, input));
  }
}

/**
 * Surveys as the spec's client calls them (spec 03 §7 "Surveys"): the caller's course surveys,
 * answering one, the lecturer's response, results and suggestions. Anything the caller may not see
 * (another campus's, a course they are not in) is a 404.
 */
@Controller('api/v2/survey')
export class SurveysController {
  constructor(
    private readonly courseSurveys: CourseSurveysService,
    private readonly responses: ResponsesService,
  ) {}

  /** The caller's course surveys: a student's open or answered ones, the staff's of their courses. */
  @Get()
  @Responds(courseSurveyResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(courseSurveyQuery) query: ParsedQuery) {
    const [rows, total] = await this.courseSurveys.list(auth, query);
    return respond(courseSurveyResource, rows, { meta: pageMeta(total, query) });
  }

  /** A student's response (once: a second is a 409). */
  @Post()
  @Responds(courseSurveyResource)
  async submit(
    @CurrentAuth() auth: AuthContext,
    @Attributes(responseRules) input: AttributesOf<typeof responseRules>,
  ) {
    return respond(courseSurveyResource, await this.responses.submit(auth, input));
  }

  /** The results of the course surveys the caller manages, per question (anonymous; small classes hidden). */
  @Get('lecturers')
  @Responds(resultsResource, { list: true, meta: PAGE_META })
  async results(@CurrentAuth() auth: AuthContext, @JsonApiQuery(courseSurveyQuery) query: ParsedQuery) {
    const [rows, total] = await this.responses.lecturerResults(auth, query);
    return respond(resultsResource, rows, { meta: pageMeta(total, query) });
  }

  @Get('course_survey/:id')
  @Responds(courseSurveyResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(courseSurveyResource, await this.courseSurveys.get(auth, id));
  }

  /** One question's aggregate in a course survey the caller manages. */
  @Get('course_survey/:id/questions/:qid')
  @Responds(questionResultResource)
  async questionResult(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('qid', ParseIdPipe) questionId: number,
  ) {
    return respond(questionResultResource, await this.responses.questionResult(auth, id, questionId));
  }

  /** The course surveys of one survey definition (its "level") that the caller sees. */
  @Get('course_survey_by_level_id/:id')
  @Responds(courseSurveyResource, { list: true, meta: PAGE_META })
  async bySurvey(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) surveyId: number,
    @JsonApiQuery(courseSurveyQuery) query: ParsedQuery,
  ) {
    const [rows, total] = await this.courseSurveys.list(auth, query, { survey_id: surveyId });
    return respond(courseSurveyResource, rows, { meta: pageMeta(total, query) });
  }

  /** The free-text answers of a course survey the caller manages, `size` a page (10), `page` from 1. */
  @Get('suggestions/:surveyId/:courseId')
  @Responds(suggestionResource, { list: true, meta: PAGE_META })
  async suggestions(
    @CurrentAuth() auth: AuthContext,
    @Param('surveyId', ParseIdPipe) surveyId: number,
    @Param('courseId', ParseIdPipe) courseId: number,
    @Query('size') rawSize: unknown,
    @Query('page') rawPage: unknown,
  ) {
    const size = queryId(rawSize, 'size', false) ?? 10;
    if (size > MAX_SUGGESTION_PAGE) throw badRequest(`size must be at most ${MAX_SUGGESTION_PAGE}`, 'size');
    const page = queryId(rawPage, 'page', false) ?? 1;
    const { suggestions, total, limit, offset } = await this.responses.suggestions(
      auth,
      surveyId,
      courseId,
      size,
      page,
    );
    return respond(suggestionResource, suggestions, { meta: { total, limit, offset } });
  }

  /** The course surveys of a course the caller is in. */
  @Get('course/:courseId')
  @Responds(courseSurveyResource, { list: true, meta: PAGE_META })
  async byCourse(
    @CurrentAuth() auth: AuthContext,
    @Param('courseId', ParseIdPipe) courseId: number,
    @JsonApiQuery(courseSurveyQuery) query: ParsedQuery,
  ) {
    const [rows, total] = await this.courseSurveys.list(auth, query, { course_id: courseId });
    return respond(courseSurveyResource, rows, { meta: pageMeta(total, query) });
  }

  /** The lecturer's response to the course survey of `survey_id` in the course. */
  @Patch('course/:courseId')
  @Responds(courseSurveyResource)
  async respond(
    @CurrentAuth() auth: AuthContext,
    @Param('courseId', ParseIdPipe) courseId: number,
    @Attributes(lecturerResponseRules) input: AttributesOf<typeof lecturerResponseRules>,
  ) {
    return respond(courseSurveyResource, await this.courseSurveys.respond(auth, courseId, input));
  }

  /**
   * The questions of a survey: for its campus's staff, or anyone who sees one of its course
   * surveys (a student about to answer it).
   */
  @Get(':id/questions')
  @Responds(questionResource, { list: true })
  async questions(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(questionResource, await this.courseSurveys.questions(auth, id));
  }
}
