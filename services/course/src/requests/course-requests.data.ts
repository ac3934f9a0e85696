/**
 * Lecturers' course requests and their decision, shared by the API and `npm run structure --
 * requests`: a request is checked as a new course is (`courseIssues` of academic.data); an
 * approval creates the course through academic.data (the requester its lecturer) in the caller's
 * transaction, with the request's state and `course.request.decided`.
 */
import type { EntityManager } from 'typeorm';
import { recordEvent } from '@lms/events';
import { conflict, notFound } from '@lms/jsonapi';
import { courseIssues, createCourse, type FieldIssue, refuse, type Writer } from '../academic/academic.data';
import { CourseRequest } from './course-request.entity';

/** What a lecturer asks for. */
export interface CourseRequestInput {
  name: string;
  code: string;
  period_id: number;
  faculty_id?: number | null;
  classes?: string[];
  note?: string | null;
}

/** Records a lecturer's request: its period, faculty and classes as a new course's, its code free in the period. */
export async function submitCourseRequest(
  manager: EntityManager,
  writer: { tenantId: number; userId: number },
  input: CourseRequestInput,
): Promise<CourseRequest> {
  const issues = await courseIssues(manager, writer.tenantId, input, null);
  if (!issues.some((issue) => issue.field === 'code' || issue.field === 'period_id'))
    issues.push(...(await pendingTwin(manager, writer.tenantId, input.period_id, input.code)));
  if (issues.length > 0) refuse(issues);
  return manager.save(
    manager.create(CourseRequest, {
      tenantId: writer.tenantId,
      requestedBy: writer.userId,
      name: input.name,
      code: input.code,
      periodId: input.period_id,
      facultyId: input.faculty_id ?? null,
      classes: (input.classes ?? []).map((name) => name.trim()),
      note: input.note ?? null,
    }),
  );
}

/** Another pending request for this code in this period. */
async function pendingTwin(
  manager: EntityManager,
  tenantId: number,
  periodId: number,
  code: string,
): Promise<FieldIssue[]> {
  const [twin]: Array<{ id: number }> = await manager.query(
    `SELECT id FROM course_requests
      WHERE tenant_id = $1 AND period_id = $2 AND code = $3 AND state = 'pending' LIMIT 1`,
    [tenantId, periodId, code],
  );
  return twin
    ? [{ field: 'code', detail: `A course ${code} of this period is requested already (request ${twin.id})` }]
    : [];
}

/**
 * The request, locked until the transaction ends: of this campus (and of this requester when
 * given), else a 404; still pending, else a 409 saying how it was decided.
 */
export async function pendingRequest(
  manager: EntityManager,
  where: { id: number; tenantId: number; requestedBy?: number },
): Promise<CourseRequest> {
  const request = await manager
    .getRepository(CourseRequest)
    .findOne({ where, lock: { mode: 'pessimistic_write' } });
  if (!request) throw notFound('Course request not found');
  if (request.state !== 'pending') throw conflict(`This course request was already ${request.state}`);
  return request;
}

async function decide(
  manager: EntityManager,
  writer: Writer,
  request: CourseRequest,
  decision: Pick<CourseRequest, 'state' | 'reason' | 'courseId'>,
) {
  Object.assign(request, decision, { decidedBy: writer.userId, decidedAt: new Date() });
  await manager.save(request);
  if (decision.state === 'approved' || decision.state === 'rejected')
    await recordEvent(manager, 'course.request.decided', {
      tenantId: request.tenantId,
      actorId: writer.userId,
      key: request.id,
      data: {
        requestId: request.id,
        requesterId: request.requestedBy,
        state: decision.state,
        name: request.name,
        code: request.code,
        courseId: decision.courseId,
        reason: decision.reason,
      },
    });
  return request;
}

/** Approves a pending request of the writer's campus: creates its course, the requester its lecturer. */
export async function approveCourseRequest(manager: EntityManager, writer: Writer, id: number) {
  const request = await pendingRequest(manager, { id, tenantId: writer.tenantId });
  const course = await createCourse(manager, writer, {
    name: request.name,
    code: request.code,
    period_id: request.periodId,
    faculty_id: request.facultyId,
    lecturer_ids: [request.requestedBy],
    classes: request.classes,
  });
  return decide(manager, writer, request, { state: 'approved', reason: null, courseId: course.id });
}

/** Rejects a pending request of the writer's campus, with the operator's reason. */
export async function rejectCourseRequest(
  manager: EntityManager,
  writer: Writer,
  id: number,
  reason: string,
) {
  const request = await pendingRequest(manager, { id, tenantId: writer.tenantId });
  return decide(manager, writer, request, { state: 'rejected', reason, courseId: null });
}

/** The requester takes back their pending request. */
export async function withdrawCourseRequest(
  manager: EntityManager,
  requester: { tenantId: number; userId: number },
  id: number,
) {
  const request = await pendingRequest(manager, {
    id,
    tenantId: requester.tenantId,
    requestedBy: requester.userId,
  });
  return decide(manager, requester, request, { state: 'withdrawn', reason: null, courseId: null });
}
