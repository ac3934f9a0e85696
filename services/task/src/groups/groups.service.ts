import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  attributePointer,
  conflict,
  defineList,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
  type z,
} from '@lms/jsonapi';
import { FOR_CLASS_SQL, TaskAccess } from '../answers/task-access';
import { TaskAnswer } from '../answers/task-answer.entity';
import { GradingService } from '../grading/grading.service';
import type { Task } from '../tasks/task.entity';
import type { GroupMember, ReadGroup } from './groups.resource';
import type { groupCreateRules, groupUpdateRules } from './groups.rules';
import { TaskGroup, TaskGroupMember } from './task-group.entity';

const groupList = defineList<TaskGroup>({ entity: TaskGroup, alias: 'grp' });

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Groups of a group task (`/course/task/{id}/groups`): made, renamed, refilled and deleted by the
 * staff of its course; each student of the task in at most one group of it. The staff read every
 * group, a student only their own.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly access: TaskAccess,
    private readonly grading: GradingService,
  ) {}

  /** The task's groups the caller may read, with their members. */
  async list(auth: AuthContext, taskId: number, query: ParsedQuery): Promise<[ReadGroup[], number]> {
    const { task, staff } = await this.access.task(auth, taskId);
    const where = ['grp.tenant_id = :tenantId', 'grp.task_id = :taskId'];
    if (!staff)
      where.push('grp.id IN (SELECT m.group_id FROM task_group_members m WHERE m.student_id = :me)');
    const [groups, total] = await groupList.page(
      this.dataSource,
      { where, params: { tenantId: auth.tenantId, taskId: task.id, me: auth.userId } },
      query,
    );
    return [await this.read(groups), total];
  }

  /** The caller's group of the task, or null. */
  async mine(auth: AuthContext, taskId: number): Promise<ReadGroup | null> {
    const { task } = await this.access.task(auth, taskId);
    const group = await this.access.groupOf(Number(task.id), auth.userId);
    return group ? (await this.read([group]))[0] : null;
  }

  async create(
    auth: AuthContext,
    taskId: number,
    input: z.output<typeof groupCreateRules>,
  ): Promise<ReadGroup> {
    const task = await this.groupTask(auth, taskId);
    const id = await this.write(async (manager) => {
      await this.checkName(task, input.name, null, manager);
      const members = await this.checkMembers(task, input.student_ids ?? [], null, manager);
      const group = await manager.save(
        Object.assign(new TaskGroup(), { tenantId: auth.tenantId, taskId: task.id, name: input.name }),
      );
      await this.setMembers(task, Number(group.id), members, manager);
      return Number(group.id);
    });
    return this.get(task, id);
  }

  /** Renames the group and, when `student_ids` is sent, makes them its members (all of them). */
  async update(
    auth: AuthContext,
    taskId: number,
    groupId: number,
    input: z.output<typeof groupUpdateRules>,
  ): Promise<ReadGroup> {
    const task = await this.groupTask(auth, taskId);
    await this.write(async (manager) => {
      const group = await this.groupOf(task, groupId, manager);
      if (input.name !== undefined && input.name !== group.name) {
        await this.checkName(task, input.name, groupId, manager);
        await manager.update(TaskGroup, { id: groupId }, { name: input.name });
      }
      if (input.student_ids !== undefined) {
        const members = await this.checkMembers(task, input.student_ids, groupId, manager);
        await manager.delete(TaskGroupMember, { groupId });
        await this.setMembers(task, groupId, members, manager);
        // a member's peer mean counts the ratings of the group's current members only
        await this.grading.recordMemberScoresChanged(manager, auth, task.id, [groupId]);
      }
    });
    return this.get(task, groupId);
  }

  /** Deletes a group that has no answer yet (one with an answer keeps its students' work: 409). */
  async remove(auth: AuthContext, taskId: number, groupId: number): Promise<void> {
    const task = await this.groupTask(auth, taskId);
    await this.write(async (manager) => {
      await this.groupOf(task, groupId, manager);
      if (await manager.existsBy(TaskAnswer, { taskId: task.id, groupId }))
        throw conflict(
          'The group has an answer: it cannot be deleted (change its members instead)',
          'has_answer',
        );
      await manager.delete(TaskGroupMember, { groupId });
      await manager.delete(TaskGroup, { id: groupId });
    });
  }

  private async get(task: Task, groupId: number): Promise<ReadGroup> {
    const group = await this.groupOf(task, groupId, this.dataSource.manager);
    return (await this.read([group]))[0];
  }

  /** A group task the caller teaches (a personal task has no groups: 422). */
  private async groupTask(auth: AuthContext, taskId: number): Promise<Task> {
    const task = await this.access.taught(auth, taskId);
    if (task.taskType !== 'GROUP')
      throw unprocessable([
        { pointer: '/data', detail: `Task ${taskId} is a personal task: only a group task has groups` },
      ]);
    return task;
  }

  private async groupOf(task: Task, groupId: number, manager: EntityManager): Promise<TaskGroup> {
    const group = await manager.findOneBy(TaskGroup, { id: groupId, taskId: task.id });
    if (!group) throw notFound('Group not found');
    return group;
  }

  /** Runs a write in a transaction; a unique violation of a race (name, member) is the 422 its check gives. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.unit.run(work);
    } catch (error) {
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        const constraint = (error.driverError as { constraint?: string }).constraint;
        throw unprocessable([
          constraint === 'task_groups_name_key'
            ? { pointer: attributePointer('name'), detail: 'Another group of the task has this name' }
            : {
                pointer: attributePointer('student_ids'),
                detail: 'A student is already in another group of the task',
              },
        ]);
      }
      throw error;
    }
  }

  private async checkName(task: Task, name: string, groupId: number | null, manager: EntityManager) {
    const other = await manager.findOneBy(TaskGroup, { taskId: task.id, name });
    if (other && Number(other.id) !== groupId)
      throw unprocessable([
        { pointer: attributePointer('name'), detail: 'Another group of the task has this name' },
      ]);
  }

  /**
   * The students to put in the group: each must take the task (a student of one of its classes)
   * and be in no other group of it; every problem is one issue pointing at its place in the list.
   */
  private async checkMembers(
    task: Task,
    studentIds: readonly number[],
    groupId: number | null,
    manager: EntityManager,
  ): Promise<number[]> {
    const ids = [...new Set(studentIds)];
    if (ids.length === 0) return [];
    const takers: Array<{ user_id: string }> = await manager.query(
      `SELECT DISTINCT st.user_id FROM tasks t
         JOIN course_students st ON st.course_id = t.course_id AND st.enrolled
        WHERE t.id = $1 AND st.user_id = ANY($2::bigint[]) AND ${FOR_CLASS_SQL}`,
      [task.id, ids],
    );
    const taking = new Set(takers.map((row) => Number(row.user_id)));
    const grouped: Array<{ student_id: string; name: string }> = await manager.query(
      `SELECT m.student_id, g.name FROM task_group_members m JOIN task_groups g ON g.id = m.group_id
        WHERE m.task_id = $1 AND m.student_id = ANY($2::bigint[]) AND m.group_id IS DISTINCT FROM $3`,
      [task.id, ids, groupId],
    );
    const elsewhere = new Map(grouped.map((row) => [Number(row.student_id), row.name]));
    const issues: ValidationIssue[] = [];
    studentIds.forEach((id, index) => {
      const pointer = attributePointer(['student_ids', index]);
      if (!taking.has(id)) issues.push({ pointer, detail: `Student ${id} does not take this task` });
      else if (elsewhere.has(id))
        issues.push({ pointer, detail: `Student ${id} is already in the group ${elsewhere.get(id)}` });
    });
    if (issues.length > 0) throw unprocessable(issues);
    return ids;
  }

  private async setMembers(
    task: Task,
    groupId: number,
    studentIds: readonly number[],
    manager: EntityManager,
  ) {
    if (studentIds.length === 0) return;
    await manager.insert(
      TaskGroupMember,
      studentIds.map((studentId) => ({ groupId, studentId, taskId: task.id })),
    );
  }

  /** The groups with their members (by name) and their answers' ids, in one statement. */
  private async read(groups: TaskGroup[]): Promise<ReadGroup[]> {
    if (groups.length === 0) return [];
    const ids = groups.map((group) => Number(group.id));
    const members: Array<{ group_id: string; id: string; name: string | null; username: string | null }> =
      await this.dataSource.query(
        `SELECT m.group_id, m.student_id AS id, u.name, u.username
           FROM task_group_members m LEFT JOIN users u ON u.id = m.student_id
          WHERE m.group_id = ANY($1::bigint[]) ORDER BY u.name, m.student_id`,
        [ids],
      );
    const answers: Array<{ id: string; group_id: string }> = await this.dataSource.query(
      `SELECT id, group_id FROM task_answers WHERE group_id = ANY($1::bigint[])`,
      [ids],
    );
    return groups.map((group) => {
      const answer = answers.find((row) => Number(row.group_id) === Number(group.id));
      return Object.assign(group, {
        members: members
          .filter((row) => Number(row.group_id) === Number(group.id))
          .map((row): GroupMember => ({
            id: Number(row.id),
            name: row.name ?? `#${row.id}`,
            username: row.username ?? '',
          })),
        answerId: answer ? Number(answer.id) : null,
      });
    });
  }
}
