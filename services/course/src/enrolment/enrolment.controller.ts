import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Roles } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  badRequest,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  type RawQuery,
  respond,
  Responds,
  TOTAL_META,
} from '@lms/jsonapi';
import { courseResource } from '../courses/courses.resource';
import { CoursesService } from '../courses/courses.service';
import { enrolledQuery, enrolResource } from './enrolment.resource';
import { joinRules, kickRules, leaveRules, openRules, takeRules } from './enrolment.rules';
import { EnrolmentService } from './enrolment.service';

@Controller('api/course/enrolls')
export class EnrolmentController {
  constructor(
    private readonly enrolment: EnrolmentService,
    private readonly courses: CoursesService,
  ) {}

  /** Opens enrolment `{course_id, start_at, end_at}`: answers the window with a token per class. */
  @Post()
  @Responds(enrolResource)
  async open(@CurrentAuth() auth: AuthContext, @Attributes(openRules) input: AttributesOf<typeof openRules>) {
    const window = await this.enrolment.open(auth, input.course_id, input.start_at, input.end_at);
    return respond(enrolResource, window);
  }

  /** The current window of a course the caller teaches: `?filter[course_id][is]=…` (or `course_id`). */
  @Get()
  @Responds(enrolResource, { list: true, meta: TOTAL_META })
  async current(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const value = raw['filter[course_id][is]'] ?? raw['filter[course_id]'] ?? raw.course_id;
    if (typeof value !== 'string' || !/^\d+$/.test(value)) {
      throw badRequest('filter[course_id][is] is required', 'filter[course_id][is]');
    }
    const window = await this.enrolment.current(auth, Number(value));
    return respond(enrolResource, window ? [window] : [], {
      meta: { total: window ? 1 : 0 },
    });
  }

  /** A student joins the class of a token: `{token}` (a `course_id`, `class_id` sent along must match). */
  @Post('take')
  @Roles('student')
  @Responds(courseResource)
  async take(@CurrentAuth() auth: AuthContext, @Attributes(takeRules) input: AttributesOf<typeof takeRules>) {
    const course = await this.enrolment.take(auth, input.token, input.course_id, input.class_id);
    return respond(courseResource, course);
  }

  /** A student joins a free course, without a token: `{course_id}`. */
  @Post('join')
  @Roles('student')
  @Responds(courseResource)
  async join(@CurrentAuth() auth: AuthContext, @Attributes(joinRules) input: AttributesOf<typeof joinRules>) {
    const course = await this.enrolment.joinFree(auth, input.course_id);
    return respond(courseResource, course);
  }

  @Post('leave')
  @HttpCode(200)
  async leave(
    @CurrentAuth() auth: AuthContext,
    @Attributes(leaveRules) input: AttributesOf<typeof leaveRules>,
  ) {
    await this.enrolment.leave(auth, input.course_id);
    return { meta: { course_id: input.course_id, enrolled: false } };
  }

  /** The course's lecturer removes a student: `{course_id, student_id}` (the student's user id). */
  @Post('kick')
  @HttpCode(200)
  async kick(@CurrentAuth() auth: AuthContext, @Attributes(kickRules) input: AttributesOf<typeof kickRules>) {
    await this.enrolment.kick(auth, input.course_id, input.student_id);
    return { meta: { course_id: input.course_id, student_id: input.student_id, enrolled: false } };
  }

  /** The courses the caller is enrolled in, nine to a page. */
  @Get('courses')
  @Responds(courseResource, { list: true, meta: PAGE_META })
  async enrolled(@CurrentAuth() auth: AuthContext, @JsonApiQuery(enrolledQuery) query: ParsedQuery) {
    const [courses, total] = await this.courses.listEnrolled(auth, query);
    return respond(courseResource, courses, {
      include: query.include,
      meta: pageMeta(total, query),
    });
  }

  @Get('courses/:id')
  @Responds(courseResource)
  async enrolledOne(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(enrolledQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    const course = await this.courses.getEnrolled(auth, id, query.include);
    return respond(courseResource, course, { include: query.include });
  }
}
