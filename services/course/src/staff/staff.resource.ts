import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { type AssistantRequest, REQUEST_STATUSES } from './assistant-request.entity';

export const assistantRequestResource = defineResource({
  name: 'AssistantRequest',
  type: 'assistant-requests',
  schema: {
    course_id: z.int(),
    course_name: z.string().nullable(),
    course_code: z.string().nullable(),
    user_id: z.int(),
    requested_by: z.int(),
    requester_name: z.string().nullable(),
    status: z.enum(REQUEST_STATUSES),
    created_at: z.date(),
    decided_at: z.date().nullable(),
  },
  attributes: (request: AssistantRequest) => ({
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
});

export const requestQuery: QuerySpec = {
  filters: {
    status: { column: 'request.status', type: 'string', ops: ['is', 'in'] },
    course_id: { column: 'request.course_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: { created_at: 'request.created_at', id: 'request.id' },
  defaultSort: '-created_at',
};
