import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, conflict, type ParsedQuery, unprocessable } from '@lms/jsonapi';
import { FOR_CLASS_SQL, TaskAccess } from '../answers/task-access';
import type { Task } from '../tasks/task.entity';
import { CourseGroupSet } from './group-set.entity';
import type { ReadGroup } from './groups.resource';
import { GroupsService } from './groups.service';
import { TaskGroup, TaskGroupMember } from './task-group.entity';

/** A set as the task editor offers it: its name and sizes. */
export interface GroupSetSummary {
  type: string;
  groups: number;
  students: number;
}

/** Every group of the task, by id (what `from-set` answers). */
const ALL_GROUPS: ParsedQuery = {
  filters: [],
  sort: [{ column: 'grp.id', direction: 'ASC' }],
  include: [],
  limit: 1000,
  offset: 0,
};

/**
 * A group task's groups made from a course's set of groups (course service, `course.groups.changed`
 * projected into `course_group_sets`): the set's groups copied with their members who take the
 * task, replacing the task's groups.
 */
@Injectable()
export class GroupSetsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: TaskAccess,
    private readonly groups: GroupsService,
  ) {}

  /** The non-empty sets of the task's course, by name. */
  async sets(auth: AuthContext, taskId: number): Promise<GroupSetSummary[]> {
    const task = await this.groupTask(auth, taskId);
    const sets = await this.dataSource.getRepository(CourseGroupSet).find({
      where: { courseId: task.courseId, tenantId: auth.tenantId },
      order: { type: 'ASC' },
    });
    return sets
      .filter((set) => set.groups.length > 0)
      .map((set) => ({
        type: set.type,
        groups: set.groups.length,
        students: set.groups.reduce((sum, group) => sum + group.members.length, 0),
      }));
  }

  /**
   * Replaces the task's groups by copies of the set's (same names), each with those of its members
   * who take the task. Refused (409 `has_answer`) while a group of the task has an answer: its
   * students' work would lose its group.
   */
  async copy(auth: AuthContext, taskId: number, type: string): Promise<ReadGroup[]> {
    const task = await this.groupTask(auth, taskId);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT 1 FROM tasks WHERE id = $1 FOR UPDATE`, [task.id]);
      const set = await manager.findOneBy(CourseGroupSet, {
        courseId: task.courseId,
        type,
        tenantId: auth.tenantId,
      });
      if (!set || set.groups.length === 0)
        throw unprocessable([
          { pointer: attributePointer('type'), detail: `The course has no set of groups named ${type}` },
        ]);
      const answered: unknown[] = await manager.query(
        `SELECT 1 FROM task_answers WHERE task_id = $1 AND group_id IS NOT NULL LIMIT 1`,
        [task.id],
      );
      if (answered.length > 0)
        throw conflict('A group of the task has an answer: its groups cannot be replaced', 'has_answer');
      const takers: Array<{ user_id: number }> = await manager.query(
        `SELECT DISTINCT st.user_id FROM tasks t
           JOIN course_students st ON st.course_id = t.course_id AND st.enrolled
          WHERE t.id = $1 AND ${FOR_CLASS_SQL}`,
        [task.id],
      );
      const taking = new Set(takers.map((row) => Number(row.user_id)));
      await manager.delete(TaskGroupMember, { taskId: task.id });
      await manager.delete(TaskGroup, { taskId: task.id });
      for (const group of set.groups) {
        const saved = await manager.save(
          Object.assign(new TaskGroup(), { tenantId: auth.tenantId, taskId: task.id, name: group.name }),
        );
        const members = group.members.filter((member) => taking.has(member.userId));
        if (members.length > 0)
          await manager.insert(
            TaskGroupMember,
            members.map((member) => ({ groupId: saved.id, studentId: member.userId, taskId: task.id })),
          );
      }
    });
    const [groups] = await this.groups.list(auth, taskId, ALL_GROUPS);
    return groups;
  }

  private async groupTask(auth: AuthContext, taskId: number): Promise<Task> {
    const task = await this.access.taught(auth, taskId);
    if (task.taskType !== 'GROUP')
      throw unprocessable([
        { pointer: '/data', detail: `Task ${taskId} is a personal task: only a group task has groups` },
      ]);
    return task;
  }
}
