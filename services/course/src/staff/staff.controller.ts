import { Body, Controller, Get, Param, ParseIntPipe, Patch, Put, Query } from '@nestjs/common';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import {
  attributePointer,
  badRequest,
  JsonApiException,
  pageMeta,
  parseQuery,
  type QuerySpec,
  type RawQuery,
  readAttributes,
  type ResourceType,
  toDocument,
  unprocessable,
  validateAttributes,
  type ValidationIssue,
} from '@lms/jsonapi';
import { assistantResource } from '../courses/courses.resource';
import { idList } from '../structure/modules.controller';
import type { AssistantRequest } from './assistant-request.entity';
import { type AssistantChange, StaffService } from './staff.service';

const ACTIONS = ['add', 'remove'] as const;
const ACTION_ALIASES: Record<string, (typeof ACTIONS)[number]> = {
  attach: 'add',
  detach: 'remove',
  delete: 'remove',
};

const changeRules = {
  action: { type: 'enum', required: true, values: ACTIONS },
  course_id: { type: 'integer', required: true, min: 1 },
  user_ids: { type: 'array', required: true, min: 1, max: 100 },
} as const;

/** `{data: {attributes: [{action, course_id, user_ids}]}}`, `{data: [...]}`, `[...]` or one change. */
export function readChanges(body: unknown): AssistantChange[] {
  const data = (body as { data?: unknown } | null)?.data;
  const attributes = (data as { attributes?: unknown } | null)?.attributes;
  const items = Array.isArray(attributes)
    ? attributes
    : Array.isArray(data)
      ? data
      : Array.isArray(body)
        ? body
        : [readAttributes(body)];
  if (items.length === 0)
    throw unprocessable([{ pointer: '/data/attributes', detail: 'At least one change is required' }]);
  if (items.length > 50) throw badRequest('At most 50 changes at once');
  const issues: ValidationIssue[] = [];
  const changes: AssistantChange[] = [];
  for (const [position, item] of items.entries()) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      issues.push({ pointer: `/data/attributes/${position}`, detail: 'Each change must be an object' });
      continue;
    }
    const raw = { ...(item as Record<string, unknown>) };
    if (typeof raw.action === 'string')
      raw.action = ACTION_ALIASES[raw.action.toLowerCase()] ?? raw.action.toLowerCase();
    try {
      const change = validateAttributes(raw, changeRules, {
        requiredMessages: { course_id: 'Course id is required' },
      });
      changes.push({ ...change, user_ids: [...new Set(idList(change.user_ids, 'user_ids'))] });
    } catch (error) {
      if (!(error instanceof JsonApiException)) throw error;
      for (const found of error.errors) {
        const field = found.source?.pointer?.replace('/data/attributes/', '') ?? '';
        issues.push({ pointer: `/data/attributes/${position}/${field}`, detail: found.detail });
      }
    }
  }
  if (issues.length > 0) throw unprocessable(issues);
  return changes;
}

const DECISIONS = ['ACCEPT', 'REJECT'] as const;

/** The spec's text (spec 03 §5) for anything but ACCEPT or REJECT. */
function decision(value: unknown): 'ACCEPT' | 'REJECT' {
  const action = typeof value === 'string' ? value.toUpperCase() : value;
  if (action === 'ACCEPT' || action === 'REJECT') return action;
  throw unprocessable([
    {
      pointer: attributePointer('actionType'),
      detail: `actionType only ${DECISIONS.join(', ')} not ${typeof value === 'string' ? value : JSON.stringify(value ?? null)}`,
    },
  ]);
}

export const assistantRequestResource: ResourceType<AssistantRequest> = {
  type: 'assistant-requests',
  attributes: (request) => ({
    course_id: request.courseId,
    course_name: request.course?.name ?? null,
    course_code: request.course?.code ?? null,
    user_id: request.userId,
    requested_by: request.requestedBy,
    requester_name: request.requester?.name ?? null,
    status: request.status,
    created_at: request.createdAt,
    decided_at: request.decidedAt,
  }),
};

const requestQuery: QuerySpec = {
  filters: {
    status: { column: 'request.status', type: 'string', ops: ['is', 'in'] },
    course_id: { column: 'request.course_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: { created_at: 'request.created_at', id: 'request.id' },
  defaultSort: '-created_at',
};

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
