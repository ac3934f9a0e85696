import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth, Roles } from '@lms/auth';
import {
  badRequest,
  pageMeta,
  parseQuery,
  type RawQuery,
  readAttributes,
  type ResourceType,
  toDocument,
  validateAttributes,
} from '@lms/jsonapi';
import { courseQuery, courseResource } from '../courses/courses.resource';
import { CoursesService } from '../courses/courses.service';
import type { EnrolmentWindow } from './enrolment-window.entity';
import { EnrolmentService } from './enrolment.service';

const COURSE_ID = { course_id: 'Course id is required' };

const openRules = {
  course_id: { type: 'integer', required: true, min: 1 },
  start_at: { type: 'date', required: true },
  end_at: { type: 'date', required: true },
} as const;

const takeRules = {
  course_id: { type: 'integer', required: true, min: 1 },
  class_id: { type: 'integer', required: true, min: 1 },
  token: { type: 'string', required: true, min: 1, max: 32 },
} as const;

const leaveRules = { course_id: { type: 'integer', required: true, min: 1 } } as const;

const kickRules = {
  course_id: { type: 'integer', required: true, min: 1 },
  student_id: { type: 'integer', required: true, min: 1 },
} as const;

/** Enrolled courses come nine to a page (spec 03 §9). */
const enrolledQuery = { ...courseQuery, defaultLimit: 9 };

export const enrolResource: ResourceType<EnrolmentWindow> = {
  type: 'enrolls',
  attributes: (window) => ({
    course_id: window.courseId,
    start_at: window.startAt,
    end_at: window.endAt,
    is_open: Date.now() >= window.startAt.getTime() && Date.now() <= window.endAt.getTime(),
    tokens: (window.tokens ?? []).map((token) => ({
      class_id: token.classId,
      class_name: token.courseClass?.name ?? null,
      token: token.token,
    })),
    created_at: window.createdAt,
  }),
};

@Controller('api/course/enrolls')
export class EnrolmentController {
  constructor(
    private readonly enrolment: EnrolmentService,
    private readonly courses: CoursesService,
  ) {}

  /** Opens enrolment `{course_id, start_at, end_at}`: answers the window with a token per class. */
  @Post()
  async open(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const input = validateAttributes(readAttributes(body), openRules, {
      timeZone: auth.timeZone,
      requiredMessages: COURSE_ID,
    });
    const window = await this.enrolment.open(auth, input.course_id, input.start_at, input.end_at);
    return toDocument(enrolResource, window, { timeZone: auth.timeZone });
  }

  /** The current window of a course the caller teaches: `?filter[course_id][is]=…` (or `course_id`). */
  @Get()
  async current(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const value = raw['filter[course_id][is]'] ?? raw['filter[course_id]'] ?? raw.course_id;
    if (typeof value !== 'string' || !/^\d+$/.test(value)) {
      throw badRequest('filter[course_id][is] is required', 'filter[course_id][is]');
    }
    const window = await this.enrolment.current(auth, Number(value));
    return toDocument(enrolResource, window ? [window] : [], {
      meta: { total: window ? 1 : 0 },
      timeZone: auth.timeZone,
    });
  }

  /** A student joins with the token of their class: `{course_id, token, class_id}`. */
  @Post('take')
  @Roles('student')
  async take(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const input = validateAttributes(readAttributes(body), takeRules, { requiredMessages: COURSE_ID });
    await this.enrolment.take(auth, input.course_id, input.class_id, input.token);
    const course = await this.courses.getEnrolled(auth, input.course_id, []);
    return toDocument(courseResource(auth), course, { timeZone: auth.timeZone });
  }

  @Post('leave')
  @HttpCode(200)
  async leave(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const input = validateAttributes(readAttributes(body), leaveRules, { requiredMessages: COURSE_ID });
    await this.enrolment.leave(auth, input.course_id);
    return { meta: { course_id: input.course_id, enrolled: false } };
  }

  /** The course's lecturer removes a student: `{course_id, student_id}` (the student's user id). */
  @Post('kick')
  @HttpCode(200)
  async kick(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const input = validateAttributes(readAttributes(body), kickRules, { requiredMessages: COURSE_ID });
    await this.enrolment.kick(auth, input.course_id, input.student_id);
    return { meta: { course_id: input.course_id, student_id: input.student_id, enrolled: false } };
  }

  /** The courses the caller is enrolled in, nine to a page. */
  @Get('courses')
  async enrolled(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, enrolledQuery, { timeZone: auth.timeZone });
    const [courses, total] = await this.courses.listEnrolled(auth, query);
    return toDocument(courseResource(auth), courses, {
      include: query.include,
      meta: pageMeta(total, query),
      timeZone: auth.timeZone,
    });
  }

  @Get('courses/:id')
  async enrolledOne(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Query() raw: RawQuery,
  ) {
    const query = parseQuery({ include: raw.include }, enrolledQuery);
    const course = await this.courses.getEnrolled(auth, id, query.include);
    return toDocument(courseResource(auth), course, { include: query.include, timeZone: auth.timeZone });
  }
}
