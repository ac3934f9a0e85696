import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  attributePointer,
  badRequest,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
} from '@lms/jsonapi';
import type { Rubric, RubricChoice } from '@lms/rubrics';
import { type GradedAnswer, GradingAccess, type GradedTask } from './grading-access';
import { GradingService, scoringProblem } from './grading.service';
import { GROUP_PEER_REVIEW } from '../rubrics/bundled';
import { type RubricInput, rubricScore } from './scoring';

/** A rating as answered. */
export interface Assessment {
  id: number;
  answerId: number;
  taskId: number;
  groupId: number;
  studentId: number;
  studentName: string | null;
  assessorId: number;
  rubrics: RubricChoice[];
  score: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface AssessmentInput {
  task_group_answer_id: number;
  student_id: number;
  rubrics: RubricInput[];
}

interface AssessmentRow {
  id: string;
  answer_id: string;
  student_id: string;
  student_name: string | null;
  assessor_id: string;
  rubrics: RubricChoice[];
  score: string;
  created_at: Date;
  updated_at: Date;
}

/** The rubric members rate each other with: the task's, or the bundled Group Peer Review Evaluation. */
export function peerRubricOf(task: GradedTask): Rubric {
  return task.rubric ?? GROUP_PEER_REVIEW;
}

/**
 * The group peer assessment (spec 02 §3 "Group assessment", docs/task-scoring.md): while the
 * task's `is_assesment_open`, each member of a group rates each other member of their own group
 * on the peer rubric — once, changed by rating again. A member reads the ratings they gave;
 * the course's staff read all. A rating of a scored group answer changes its members' scores, so
 * `task.answer.scored` goes out again with them.
 */
@Injectable()
export class PeerAssessmentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly access: GradingAccess,
    private readonly grading: GradingService,
  ) {}

  /**
   * A member rates another member of their group (upsert); `created` tells a first rating from a
   * change. The group answer's row is locked, so ratings and scorings of one answer take turns and
   * each `task.answer.scored` carries every rating committed before it.
   */
  async rate(
    auth: AuthContext,
    input: AssessmentInput,
  ): Promise<{ assessment: Assessment; created: boolean }> {
    return this.unit.run(async (manager) => {
      const { task, answer } = await this.access.answer(auth, input.task_group_answer_id, manager, true);
      if (answer.groupId !== null && (await this.access.isStaff(auth, task, manager)))
        throw forbidden('Only the members of the group rate each other');
      const groupId = await this.memberGroup(auth, task, answer);
      if (!task.isAssessmentOpen) throw forbidden('The peer assessment of this task is closed', 'closed');
      if (input.student_id === auth.userId)
        throw unprocessable([
          {
            pointer: attributePointer('student_id'),
            detail: 'student_id must be another member: nobody rates themself',
          },
        ]);
      if (!(await this.access.isMember(groupId, input.student_id, manager)))
        throw unprocessable([
          { pointer: attributePointer('student_id'), detail: 'student_id is not a member of your group' },
        ]);
      const result = rubricScore(peerRubricOf(task), input.rubrics);
      if (!result.ok) throw scoringProblem(result.issues);
      const [row]: Array<{ id: string; created: boolean }> = await manager.query(
        `INSERT INTO group_assessments (tenant_id, answer_id, student_id, assessor_id, rubrics, score)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (answer_id, assessor_id, student_id)
         DO UPDATE SET rubrics = excluded.rubrics, score = excluded.score, updated_at = now()
         RETURNING id, (xmax = 0) AS created`,
        [
          task.tenantId,
          answer.id,
          input.student_id,
          auth.userId,
          JSON.stringify(result.value.choices),
          result.value.score,
        ],
      );
      if (answer.score !== null)
        await this.grading.recordScored(manager, auth, task, answer, 'peer_assessed');
      const [assessment] = await this.read(task, answer, groupId, 'ga.id = $2', [Number(row.id)], manager);
      return { assessment, created: row.created };
    });
  }

  /**
   * Ratings of a group answer (`filter[answer_id]`): all of them for the course's staff, those the
   * caller gave for a member of the group; anyone else a 404.
   */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[Assessment[], number]> {
    const answerFilter = query.filters.find((filter) => filter.field === 'answer_id');
    if (!answerFilter) throw badRequest('filter[answer_id] is required', 'filter[answer_id]');
    const { task, answer } = await this.access.answer(auth, Number(answerFilter.value), undefined);
    if (answer.groupId === null) throw notFound('Group answer not found');
    const staff = await this.access.isStaff(auth, task);
    if (!staff) await this.memberGroup(auth, task, answer);
    const conditions = ['TRUE'];
    const params: unknown[] = [];
    for (const filter of query.filters) {
      if (filter.field === 'answer_id') continue;
      params.push(filter.value);
      conditions.push(`${filter.column} = $${params.length + 1}`);
    }
    if (!staff) {
      params.push(auth.userId);
      conditions.push(`ga.assessor_id = $${params.length + 1}`);
    }
    const where = conditions.join(' AND ');
    const [{ total }]: Array<{ total: string }> = await this.dataSource.query(
      `SELECT count(*) AS total FROM group_assessments ga WHERE ga.answer_id = $1 AND ${where}`,
      [answer.id, ...params],
    );
    const rows = await this.read(task, answer, answer.groupId, where, params, this.dataSource.manager, query);
    return [rows, Number(total)];
  }

  /** The group of a group answer the caller is a member of, in a task open to them; a 404 otherwise. */
  private async memberGroup(auth: AuthContext, task: GradedTask, answer: GradedAnswer): Promise<number> {
    if (
      answer.groupId === null ||
      !GradingAccess.openToStudents(task) ||
      !(await this.access.isMember(answer.groupId, auth.userId))
    )
      throw notFound('Group answer not found');
    return answer.groupId;
  }

  private async read(
    task: GradedTask,
    answer: GradedAnswer,
    groupId: number,
    where: string,
    params: unknown[],
    manager = this.dataSource.manager,
    page?: ParsedQuery,
  ): Promise<Assessment[]> {
    const paging = page ? `LIMIT ${page.limit} OFFSET ${page.offset}` : '';
    const rows: AssessmentRow[] = await manager.query(
      `SELECT ga.id, ga.answer_id, ga.student_id, u.name AS student_name, ga.assessor_id, ga.rubrics, ga.score,
              ga.created_at, ga.updated_at
         FROM group_assessments ga
         LEFT JOIN users u ON u.id = ga.student_id AND u.tenant_id = ga.tenant_id
        WHERE ga.answer_id = $1 AND ${where}
        ORDER BY ga.assessor_id, u.name NULLS LAST, ga.student_id
        ${paging}`,
      [answer.id, ...params],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      answerId: Number(row.answer_id),
      taskId: task.id,
      groupId,
      studentId: Number(row.student_id),
      studentName: row.student_name,
      assessorId: Number(row.assessor_id),
      rubrics: row.rubrics,
      score: Number(row.score),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}
