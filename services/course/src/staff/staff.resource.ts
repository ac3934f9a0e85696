import type { QuerySpec, ResourceType } from '@lms/jsonapi';
import type { AssistantRequest } from './assistant-request.entity';

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

export const requestQuery: QuerySpec = {
  filters: {
    status: { column: 'request.status', type: 'string', ops: ['is', 'in'] },
    course_id: { column: 'request.course_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: { created_at: 'request.created_at', id: 'request.id' },
  defaultSort: '-created_at',
};
