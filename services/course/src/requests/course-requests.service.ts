import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import { applyQuery, notFound, type ParsedQuery } from '@lms/jsonapi';
import { operatorManaged, operatorScoped } from '../academic/operator-scope';
import { CourseRequest } from './course-request.entity';
import {
  approveCourseRequest,
  type CourseRequestInput,
  rejectCourseRequest,
  submitCourseRequest,
  withdrawCourseRequest,
} from './course-requests.data';

/**
 * Course requests: a lecturer asks for a course of their campus, follows it and may withdraw it
 * while it waits; the campus's operators (a platform `admin` every campus, an `lptk` account its
 * own) approve it — the course is created, the requester its lecturer — or reject it with a reason.
 */
@Injectable()
export class CourseRequestsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
  ) {}

  private requests() {
    return this.dataSource
      .getRepository(CourseRequest)
      .createQueryBuilder('request')
      .leftJoinAndSelect('request.period', 'period')
      .leftJoinAndSelect('request.faculty', 'faculty')
      .leftJoinAndSelect('request.requester', 'requester');
  }

  private read(id: number) {
    return this.requests().where('request.id = :id', { id }).getOne();
  }

  async submit(auth: AuthContext, input: CourseRequestInput) {
    const request = await this.unit.run((manager) =>
      submitCourseRequest(manager, { tenantId: auth.tenantId, userId: auth.userId }, input),
    );
    return (await this.read(request.id))!;
  }

  listOwn(auth: AuthContext, query: ParsedQuery) {
    const qb = this.requests().where('request.tenant_id = :tenantId AND request.requested_by = :me', {
      tenantId: auth.tenantId,
      me: auth.userId,
    });
    return applyQuery(qb, query).getManyAndCount();
  }

  /** The caller's own request; anyone else's is not found. */
  async own(auth: AuthContext, id: number) {
    const request = await this.read(id);
    if (!request || request.tenantId !== auth.tenantId || request.requestedBy !== auth.userId)
      throw notFound('Course request not found');
    return request;
  }

  async withdraw(auth: AuthContext, id: number) {
    await this.unit.run((manager) =>
      withdrawCourseRequest(manager, { tenantId: auth.tenantId, userId: auth.userId }, id),
    );
    return this.own(auth, id);
  }

  listManaged(auth: AuthContext, query: ParsedQuery) {
    return applyQuery(operatorScoped(auth, this.requests(), 'request'), query).getManyAndCount();
  }

  async managed(auth: AuthContext, id: number) {
    return operatorManaged(auth, await this.read(id), 'Course request');
  }

  /** Creates the requested course and marks the request approved, in one transaction. */
  async approve(auth: AuthContext, id: number) {
    const { tenantId } = await this.managed(auth, id);
    await this.unit.run((manager) => approveCourseRequest(manager, { tenantId, userId: auth.userId }, id));
    return this.managed(auth, id);
  }

  async reject(auth: AuthContext, id: number, reason: string) {
    const { tenantId } = await this.managed(auth, id);
    await this.unit.run((manager) =>
      rejectCourseRequest(manager, { tenantId, userId: auth.userId }, id, reason),
    );
    return this.managed(auth, id);
  }
}
