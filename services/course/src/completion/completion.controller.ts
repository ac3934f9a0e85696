import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  type ParsedQuery,
  ParseIdPipe,
  queryId,
  type QuerySpec,
  respond,
  Responds,
} from '@lms/jsonapi';
import {
  COMPLETION_REPORT_META,
  completionReportResource,
  completionResource,
  COURSE_COMPLETIONS_META,
} from './completion.resource';
import { completionRules, queryText } from './completion.rules';
import { CompletionService } from './completion.service';

/** The report pages by `limit` and `offset` (or `page[limit]`, `page[offset]`); ten by default. */
const reportQuery: QuerySpec = { filters: {}, sorts: {}, defaultLimit: 10, maxLimit: 500 };

@Controller('api')
export class CompletionController {
  constructor(private readonly completion: CompletionService) {}

  /**
   * A student marks a content of their course done, `{course_id, completionable_type: 'contents',
   * completionable_id}`, or undoes it with `is_delete: 1`; again is no change. 404 for a content
   * hidden or not started yet, 403 for the course's staff, 422 when the course does not track
   * completion or the content does not count.
   */
  @Post('course/completions')
  @HttpCode(200)
  @Responds(completionResource)
  async mark(
    @CurrentAuth() auth: AuthContext,
    @Attributes(completionRules) input: AttributesOf<typeof completionRules>,
  ) {
    const state = await this.completion.mark(auth, {
      courseId: input.course_id,
      type: input.completionable_type,
      id: input.completionable_id,
      done: input.is_delete !== true,
    });
    return respond(completionResource, state);
  }

  /** The caller's state of a content; for those who teach the course, also who completed it. */
  @Get('course/completions/content/:id')
  @Responds(completionResource)
  async content(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(completionResource, await this.completion.state(auth, id));
  }

  /** The caller's marks in a course, with their progress in `meta` (`completed` of `required`). */
  @Get('course/completions/course/:id')
  @Responds(completionResource, { list: true, meta: COURSE_COMPLETIONS_META })
  async course(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    const mine = await this.completion.ofCourse(auth, id);
    const states = mine.items.map((item) => ({
      courseId: id,
      completionableType: item.completionableType,
      completionableId: item.completionableId,
      completionRequired: true,
      completedAt: item.completedAt,
      students: null,
      studentCount: null,
    }));
    return respond(completionResource, states, {
      meta: {
        total: states.length,
        completion_tracking: mine.tracking,
        completed: mine.completed,
        required: mine.required,
        percentage: mine.percentage,
      },
    });
  }

  /**
   * The completion report of a course for those who teach it (`course_id`; `class_id`,
   * `student_name`, `limit` (10), `offset`): one line per student, by name, with how many of the
   * contents that count they did and the percentage; `meta` has the distribution of percentages.
   */
  @Get('completion/report')
  @Responds(completionReportResource, { list: true, meta: COMPLETION_REPORT_META })
  async report(
    @CurrentAuth() auth: AuthContext,
    @JsonApiQuery(reportQuery) query: ParsedQuery,
    @Query('course_id') courseId: unknown,
    @Query('class_id') classId: unknown,
    @Query('student_name') studentName: unknown,
  ) {
    const report = await this.completion.report(auth, queryId(courseId, 'course_id', true), {
      classId: queryId(classId, 'class_id', false),
      studentName: queryText(studentName, 'student_name'),
      limit: query.limit,
      offset: query.offset,
    });
    return respond(completionReportResource, report.rows, {
      meta: {
        total: report.total,
        limit: query.limit,
        offset: query.offset,
        required: report.required,
        completion_tracking: report.tracking,
        distribution: report.distribution,
      },
    });
  }
}
