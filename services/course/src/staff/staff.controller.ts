import { Body, Controller, Get, Param, Patch, Put } from '@nestjs/common';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  readAttributes,
  respond,
  Responds,
} from '@lms/jsonapi';
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
  @Responds(assistantResource, { list: true })
  async change(@CurrentAuth() auth: AuthContext, @Body() body: unknown) {
    const { assistants, requests } = await this.staff.change(auth, readChanges(body));
    return respond(assistantResource, assistants, {
      meta: { requests: respond(assistantRequestResource, requests) },
    });
  }

  /** Toggles whether the assistant coordinates the course. */
  @Put('courses/assistant/coordinator/:courseId/:userId')
  @Responds(assistantResource)
  async coordinator(
    @CurrentAuth() auth: AuthContext,
    @Param('courseId', ParseIdPipe) courseId: number,
    @Param('userId', ParseIdPipe) userId: number,
  ) {
    const assistant = await this.staff.toggleCoordinator(auth, courseId, userId);
    return respond(assistantResource, assistant);
  }

  /** The caller's invitations to assist (`filter[status][is]=PENDING`), newest first. */
  @Get('request/assistant')
  @Responds(assistantRequestResource, { list: true, meta: PAGE_META })
  async requests(@CurrentAuth() auth: AuthContext, @JsonApiQuery(requestQuery) query: ParsedQuery) {
    const [requests, total] = await this.staff.listRequests(auth, query);
    return respond(assistantRequestResource, requests, {
      meta: pageMeta(total, query),
    });
  }

  /** `PATCH /course/request/assistant/{id}/accept` or `/reject`. */
  @Patch('request/assistant/:id/:action')
  @Responds(assistantRequestResource)
  async decideByPath(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('action') action: string,
  ) {
    const request = await this.staff.decide(auth, id, decision(action));
    return respond(assistantRequestResource, request);
  }

  /** The same with `{actionType: ACCEPT|REJECT}` in the body. */
  @Patch('request/assistant/:id')
  @Responds(assistantRequestResource)
  async decideByBody(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: unknown,
  ) {
    const request = await this.staff.decide(auth, id, decision(readAttributes(body ?? {}).actionType));
    return respond(assistantRequestResource, request);
  }
}
