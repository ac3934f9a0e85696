import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';

/** A group of a GROUP task (`/course/task/{id}/groups`): it hands in one answer. */
@Entity({ name: 'task_groups' })
@Unique('task_groups_name_key', ['taskId', 'name'])
export class TaskGroup {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'task_id' })
  taskId: number;

  @Column('varchar', { length: 255 })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A student in a group; a student is in at most one group of a task. */
@Entity({ name: 'task_group_members' })
@Unique('task_group_members_task_student_key', ['taskId', 'studentId'])
@Index('task_group_members_student_idx', ['studentId'])
export class TaskGroupMember {
  @PrimaryColumn('bigint', { name: 'group_id' })
  groupId: number;

  @PrimaryColumn('bigint', { name: 'student_id' })
  studentId: number;

  @Column('bigint', { name: 'task_id' })
  taskId: number;
}
