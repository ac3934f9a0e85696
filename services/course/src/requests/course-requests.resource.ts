import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { COURSE_REQUEST_STATES, type CourseRequest } from './course-request.entity';

/** A lecturer's course request as the lecturer and the campus's operators read it. */
export const courseRequestResource = defineResource({
  name: 'CourseRequest',
  type: 'course-requests',
  schema: {
    campus_id: z.int(),
    name: z.string(),
    code: z.string(),
    period_id: z.int(),
    period_name: z.string().nullable(),
    period_year: z.int().nullable(),
    period_type: z.string().nullable(),
    faculty_id: z.int().nullable(),
    faculty_name: z.string().nullable(),
    /** The class names the course is to have. */
    classes: z.array(z.string()),
    /** The lecturer's words for whoever decides. */
    note: z.string().nullable(),
    state: z.enum(COURSE_REQUEST_STATES),
    /** Why an operator rejected it. */
    reason: z.string().nullable(),
    requested_by: z.int(),
    requester_name: z.string().nullable(),
    requester_username: z.string().nullable(),
    /** The course its approval created. */
    course_id: z.int().nullable(),
    decided_at: z.date().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (request: CourseRequest) => ({
    campus_id: request.tenantId,
    name: request.name,
    code: request.code,
    period_id: request.periodId,
    period_name: request.period?.name ?? null,
    period_year: request.period?.year ?? null,
    period_type: request.period?.type ?? null,
    faculty_id: request.facultyId,
    faculty_name: request.faculty?.name ?? null,
    classes: request.classes,
    note: request.note,
    state: request.state,
    reason: request.reason,
    requested_by: request.requestedBy,
    requester_name: request.requester?.name ?? null,
    requester_username: request.requester?.username ?? null,
    course_id: request.courseId,
    decided_at: request.decidedAt,
    created_at: request.createdAt,
    updated_at: request.updatedAt,
  }),
});

/** The lecturer's own requests: `filter[state]`, `filter[period_id]`; newest first. */
export const courseRequestQuery: QuerySpec = {
  filters: {
    state: { column: 'request.state', type: 'string', ops: ['is', 'in'] },
    period_id: { column: 'request.period_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: { id: 'request.id', created_at: 'request.created_at', code: 'request.code' },
  defaultSort: '-created_at',
};

/** The requests operators decide: also `filter[campus_id]` (an admin's other campuses), `filter[requested_by]`. */
export const managedCourseRequestQuery: QuerySpec = {
  ...courseRequestQuery,
  filters: {
    ...courseRequestQuery.filters,
    campus_id: { column: 'request.tenant_id', type: 'integer', ops: ['is', 'in'] },
    requested_by: { column: 'request.requested_by', type: 'integer', ops: ['is', 'in'] },
  },
  defaultSort: 'created_at',
};
