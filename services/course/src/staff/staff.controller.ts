import { Body, Controller, Get, Param, ParseIntPipe, Patch, Put, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { pageMeta, parseQuery, type RawQuery, readAttributes, toDocument } from '@lms/jsonapi';
import { assistantResource } from '../courses/courses.resource';
import { assistantRequestResource, requestQuery } from './staff.resource';
import { decision, readChanges } from './staff.rules';
import { StaffService } from './staff.service';

@Controller('api/course')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  /**
   * `PUT /course/courses/assistant {data: {attributes: [{action: add|remove, course_id, user_ids}]}}`
   * by the course's lecturer. `add` invites (see the requests below); `remove` drops at once.
   * Answers the courses' assistants, with the invitations sent in `meta.requests`.
   */
  @Put('courses/assistant')
  async change(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const { assistants, requests } = await this.staff.change(auth, readChanges(body));
    return toDocument(assistantResource, assistants, {
      meta: { requests: toDocument(assistantRequestResource, requests, { timeZone: auth.timeZone }).data },
      timeZone: auth.timeZone,
    });
  }

  /** Toggles whether the assistant coordinates the course. */
  @Put('courses/assistant/coordinator/:courseId/:userId')
  async coordinator(
    @CurrentAuth() auth: AuthContext,
    @Param('courseId', ParseIntPipe) courseId: number,
    @Param('userId', ParseIntPipe) userId: number,
  ) {
    const assistant = await this.staff.toggleCoordinator(auth, courseId, userId);
    return toDocument(assistantResource, assistant, { timeZone: auth.timeZone });
  }

  /** The caller's invitations to assist (`filter[status][is]=PENDING`), newest first. */
  @Get('request/assistant')
  async requests(@CurrentAuth() auth: AuthContext, @Query() raw: RawQuery) {
    const query = parseQuery(raw, requestQuery);
    const [requests, total] = await this.staff.listRequests(auth, query);
    return toDocument(assistantRequestResource, requests, {
      meta: pageMeta(total, query),
      timeZone: auth.timeZone,
    });
  }

  /** `PATCH /course/request/assistant/{id}/accept` or `/reject`. */
  @Patch('request/assistant/:id/:action')
  async decideByPath(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Param('action') action: string,
  ) {
    const request = await this.staff.decide(auth, id, decision(action));
    return toDocument(assistantRequestResource, request, { timeZone: auth.timeZone });
  }

  /** The same with `{actionType: ACCEPT|REJECT}` in the body. */
  @Patch('request/assistant/:id')
  async decideByBody(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: unknown,
  ) {
    const request = await this.staff.decide(auth, id, decision(readAttributes(body ?? {}).actionType));
    return toDocument(assistantRequestResource, request, { timeZone: auth.timeZone });
  }
}
