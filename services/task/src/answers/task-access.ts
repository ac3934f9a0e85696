import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { forbidden, notFound } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { TaskGroup, TaskGroupMember } from '../groups/task-group.entity';
import { Task } from '../tasks/task.entity';
import { TaskAnswer } from './task-answer.entity';

/** A task as the caller reaches it: whether they teach its course (staff) or take it (a student). */
export interface ReachedTask {
  task: Task;
  staff: boolean;
}

/** An answer as the caller reaches it, with its task. */
export interface ReachedAnswer extends ReachedTask {
  answer: TaskAnswer;
}

/**
 * Whether an enrolment `st` (course_students) is in a class the task `t` is for: every class of
 * the course when `all_class`, else those of `task_classes`.
 */
export const FOR_CLASS_SQL = `(t.all_class OR st.class_id IN (SELECT tc.class_id FROM task_classes tc WHERE tc.task_id = t.id))`;

/** Whether the student `:me` takes the task `t`: enrolled in a class it is for. Trusted SQL. */
export const TAKES_TASK_SQL = `EXISTS (
  SELECT 1 FROM course_students st WHERE st.course_id = t.course_id AND st.user_id = :me AND st.enrolled
    AND ${FOR_CLASS_SQL})`;

/**
 * Who reaches which task, answer and group of the caller's campus. Staff of the course (its
 * lecturer and assistants) reach every task of it that is not deleted, and every answer and
 * group of those; a student reaches the active tasks of their classes once `start_at` has come,
 * and of their answers only their own or their group's. Anything else is a 404, never a 403 that
 * would tell it exists.
 */
@Injectable()
export class TaskAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
  ) {}

  /** The task, if the caller may read it (see the class). */
  async task(auth: AuthContext, taskId: number, manager: EntityManager = this.dataSource.manager) {
    const task = await manager.findOneBy(Task, { id: taskId, tenantId: auth.tenantId });
    if (!task) throw notFound('Task not found');
    const role = await this.projections.roleIn(auth, Number(task.courseId), manager);
    if (role === 'lecturer' || role === 'assistant') return { task, staff: true } satisfies ReachedTask;
    if (role === 'student' && (await this.takes(auth, task, manager)))
      return { task, staff: false } satisfies ReachedTask;
    throw notFound('Task not found');
  }

  /** The task, if the caller teaches its course; a student who reaches it gets a 403. */
  async taught(auth: AuthContext, taskId: number, manager: EntityManager = this.dataSource.manager) {
    const reached = await this.task(auth, taskId, manager);
    if (!reached.staff) throw forbidden('Only the lecturer and assistants of the course may do this');
    return reached.task;
  }

  /** Whether the student takes the task now: active, started, of one of their classes. */
  async takes(auth: AuthContext, task: Task, manager: EntityManager = this.dataSource.manager) {
    if (!task.isActive) return false;
    if (task.startAt !== null && task.startAt.getTime() > Date.now()) return false;
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM tasks t WHERE t.id = $1 AND ${TAKES_TASK_SQL.replaceAll(':me', '$2')}`,
      [task.id, auth.userId],
    );
    return rows.length > 0;
  }

  /** The answer, if the caller may read it: staff of its task's course, its student, a member of its group. */
  async answer(
    auth: AuthContext,
    answerId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ReachedAnswer> {
    const answer = await manager.findOneBy(TaskAnswer, { id: answerId, tenantId: auth.tenantId });
    if (!answer) throw notFound('Answer not found');
    const reached = await this.task(auth, Number(answer.taskId), manager).catch(() => null);
    if (!reached) throw notFound('Answer not found');
    if (!reached.staff && !(await this.owns(auth, answer, manager))) throw notFound('Answer not found');
    return { ...reached, answer };
  }

  /** Whether the answer is the student's: their own, or their group's. */
  async owns(auth: AuthContext, answer: TaskAnswer, manager: EntityManager = this.dataSource.manager) {
    if (answer.studentId !== null) return Number(answer.studentId) === auth.userId;
    return manager.existsBy(TaskGroupMember, {
      groupId: Number(answer.groupId),
      studentId: auth.userId,
    });
  }

  /** The caller's group of the task, or null. */
  async groupOf(taskId: number, studentId: number, manager: EntityManager = this.dataSource.manager) {
    const member = await manager.findOneBy(TaskGroupMember, { taskId, studentId });
    if (!member) return null;
    return manager.findOneBy(TaskGroup, { id: member.groupId });
  }
}
