import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery, Roles } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import {
  courseRequestQuery,
  courseRequestResource,
  managedCourseRequestQuery,
} from './course-requests.resource';
import { newCourseRequestRules, rejectCourseRequestRules } from './course-requests.rules';
import { CourseRequestsService } from './course-requests.service';

/** A lecturer's own course requests: ask for a course, follow the decision, withdraw while pending. */
@Controller('api/course/course-requests')
@Roles('lecturer')
export class CourseRequestsController {
  constructor(private readonly requests: CourseRequestsService) {}

  @Get()
  @Responds(courseRequestResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(courseRequestQuery) query: ParsedQuery) {
    const [requests, total] = await this.requests.listOwn(auth, query);
    return respond(courseRequestResource, requests, { meta: pageMeta(total, query) });
  }

  /**
   * Asks for a course of a period (its code not yet used there), of a faculty, with the classes
   * it should have, and a note for whoever decides; the caller is to be its lecturer.
   */
  @Post()
  @Responds(courseRequestResource)
  async submit(
    @CurrentAuth() auth: AuthContext,
    @Attributes(newCourseRequestRules) input: AttributesOf<typeof newCourseRequestRules>,
  ) {
    return respond(courseRequestResource, await this.requests.submit(auth, input));
  }

  @Get(':id')
  @Responds(courseRequestResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(courseRequestResource, await this.requests.own(auth, id));
  }

  /** Takes back a pending request (a decided one is a 409). */
  @Post(':id/withdraw')
  @HttpCode(200)
  @Responds(courseRequestResource)
  async withdraw(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(courseRequestResource, await this.requests.withdraw(auth, id));
  }
}

/**
 * Lecturers' course requests for the campus's operators (who never sign in to the web app): a
 * platform `admin` every campus (`filter[campus_id]`), an `lptk` account its own; another
 * campus's requests are not found.
 */
@Controller('api/admin/course-requests')
@Roles('admin', 'lptk')
export class CourseRequestsAdminController {
  constructor(private readonly requests: CourseRequestsService) {}

  /** `filter[state][is]=pending` for those waiting; oldest first. */
  @Get()
  @Responds(courseRequestResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(managedCourseRequestQuery) query: ParsedQuery) {
    const [requests, total] = await this.requests.listManaged(auth, query);
    return respond(courseRequestResource, requests, { meta: pageMeta(total, query) });
  }

  @Get(':id')
  @Responds(courseRequestResource)
  async get(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(courseRequestResource, await this.requests.managed(auth, id));
  }

  /**
   * Creates the requested course (the requester its lecturer, with the classes asked for) and
   * marks the request approved, in one transaction; `course_id` names the course. A decided
   * request is a 409; a code taken since, or a requester no longer an active lecturer, a 422.
   */
  @Post(':id/approve')
  @HttpCode(200)
  @Responds(courseRequestResource)
  async approve(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(courseRequestResource, await this.requests.approve(auth, id));
  }

  /** Rejects a pending request with the reason the lecturer will read (`{reason}`). */
  @Post(':id/reject')
  @HttpCode(200)
  @Responds(courseRequestResource)
  async reject(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(rejectCourseRequestRules) { reason }: AttributesOf<typeof rejectCourseRequestRules>,
  ) {
    return respond(courseRequestResource, await this.requests.reject(auth, id, reason));
  }
}
