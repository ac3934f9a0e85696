import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { returnedRows } from '@lms/database';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  applyQuery,
  conflict,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { CourseAccess, LECTURER_ONLY } from '../courses/course-access.service';
import { CourseAssistant } from '../courses/course-assistant.entity';
import { AssistantRequest } from './assistant-request.entity';
import { recordStaffChanged } from './staff.data';

export interface AssistantChange {
  action: 'add' | 'remove';
  course_id: number;
  user_ids: number[];
}

/**
 * A course's assistants and coordinator, managed by its lecturer. Adding a user invites them
 * (an assistant request); they become an assistant when they accept. Every change of the staff
 * records `course.staff.changed` with the whole staff.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly unit: UnitOfWork,
  ) {}

  /**
   * Applies every change or none. `add` invites lecturers of the campus who are neither the
   * course's lecturer nor already its assistants (nor already invited); `remove` drops
   * assistants and withdraws pending invitations.
   */
  async change(
    auth: AuthContext,
    changes: AssistantChange[],
  ): Promise<{ assistants: CourseAssistant[]; requests: AssistantRequest[] }> {
    const courseIds = [...new Set(changes.map((change) => change.course_id))];
    for (const courseId of courseIds) await this.access.require(auth, courseId, LECTURER_ONLY);
    const issues: ValidationIssue[] = [];
    for (const [position, change] of changes.entries()) {
      if (change.action !== 'add') continue;
      const eligible: Array<{ id: number }> = await this.dataSource.query(
        `SELECT u.id FROM users u WHERE u.id = ANY($1) AND u.tenant_id = $2 AND u.role = 'lecturer' AND u.active
            AND u.id IS DISTINCT FROM (SELECT lecturer_id FROM courses WHERE id = $3)`,
        [change.user_ids, auth.tenantId, change.course_id],
      );
      const ok = new Set(eligible.map((row) => row.id));
      const refused = change.user_ids.filter((id) => !ok.has(id));
      if (refused.length > 0) {
        issues.push({
          pointer: `/data/attributes/${position}/user_ids`,
          detail: `user_ids ${refused.join(', ')} cannot assist: an assistant must be another active lecturer of the campus`,
        });
      }
    }
    if (issues.length > 0) throw unprocessable(issues);

    return this.unit.run(async (manager) => {
      const requests: AssistantRequest[] = [];
      const staffChanged = new Set<number>();
      for (const change of changes) {
        if (change.action === 'add') {
          const created: Array<{ id: number }> = await manager.query(
            `INSERT INTO assistant_requests (tenant_id, course_id, user_id, requested_by, status)
             SELECT $1, $2, u, $4, 'PENDING' FROM unnest($3::bigint[]) AS u
              WHERE NOT EXISTS (SELECT 1 FROM course_assistants WHERE course_id = $2 AND user_id = u)
             ON CONFLICT DO NOTHING RETURNING id`,
            [auth.tenantId, change.course_id, change.user_ids, auth.userId],
          );
          if (created.length > 0) {
            requests.push(
              ...(await manager
                .getRepository(AssistantRequest)
                .findBy(created.map((row) => ({ id: row.id })))),
            );
          }
        } else {
          const removed = returnedRows(
            await manager.query(
              `DELETE FROM course_assistants WHERE course_id = $1 AND user_id = ANY($2) RETURNING user_id`,
              [change.course_id, change.user_ids],
            ),
          );
          await manager.query(
            `DELETE FROM assistant_requests WHERE course_id = $1 AND user_id = ANY($2) AND status = 'PENDING'`,
            [change.course_id, change.user_ids],
          );
          if (removed.length > 0) staffChanged.add(change.course_id);
        }
      }
      for (const courseId of staffChanged) await recordStaffChanged(manager, auth, courseId);
      const assistants = await manager
        .getRepository(CourseAssistant)
        .createQueryBuilder('assistant')
        .leftJoinAndSelect('assistant.user', 'user')
        .where('assistant.course_id IN (:...courseIds)', { courseIds })
        .orderBy('assistant.course_id')
        .addOrderBy('assistant.user_id')
        .getMany();
      return { assistants, requests };
    });
  }

  /** Makes an assistant the course's coordinator, or not; a course has at most one. */
  async toggleCoordinator(auth: AuthContext, courseId: number, userId: number): Promise<CourseAssistant> {
    await this.access.require(auth, courseId, LECTURER_ONLY);
    return this.unit.run(async (manager) => {
      const repository = manager.getRepository(CourseAssistant);
      const assistant = await repository.findOne({ where: { courseId, userId }, relations: { user: true } });
      if (!assistant) throw notFound('Assistant not found');
      assistant.isCoordinator = !assistant.isCoordinator;
      if (assistant.isCoordinator) {
        await manager.query(`UPDATE course_assistants SET is_coordinator = false WHERE course_id = $1`, [
          courseId,
        ]);
      }
      await manager.update(CourseAssistant, { courseId, userId }, { isCoordinator: assistant.isCoordinator });
      await recordStaffChanged(manager, auth, courseId);
      return assistant;
    });
  }

  /** The caller's invitations to assist. */
  listRequests(auth: AuthContext, query: ParsedQuery): Promise<[AssistantRequest[], number]> {
    const qb = this.dataSource
      .getRepository(AssistantRequest)
      .createQueryBuilder('request')
      .innerJoinAndSelect('request.course', 'course')
      .leftJoinAndSelect('request.requester', 'requester')
      .where('request.tenant_id = :tenantId AND request.user_id = :me', {
        tenantId: auth.tenantId,
        me: auth.userId,
      });
    return applyQuery(qb, query).getManyAndCount();
  }

  /** The invited user accepts (becoming an assistant) or rejects a pending invitation. */
  async decide(auth: AuthContext, id: number, action: 'ACCEPT' | 'REJECT'): Promise<AssistantRequest> {
    return this.unit.run(async (manager) => {
      const request = await manager
        .getRepository(AssistantRequest)
        .createQueryBuilder('request')
        .setLock('pessimistic_write')
        .where('request.id = :id AND request.tenant_id = :tenantId AND request.user_id = :me', {
          id,
          tenantId: auth.tenantId,
          me: auth.userId,
        })
        .getOne();
      if (!request) throw notFound('Assistant request not found');
      if (request.status !== 'PENDING')
        throw conflict(`This request was already ${request.status.toLowerCase()}`);
      request.status = action === 'ACCEPT' ? 'ACCEPTED' : 'REJECTED';
      request.decidedAt = new Date();
      await manager.save(request);
      if (action === 'ACCEPT') {
        await manager.query(
          `INSERT INTO course_assistants (course_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
          [request.courseId, auth.userId],
        );
        await recordStaffChanged(manager, auth, request.courseId);
      }
      return (await manager.getRepository(AssistantRequest).findOne({
        where: { id },
        relations: { course: true, requester: true },
      }))!;
    });
  }
}
