import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An answer to a task as the course service knows it (`task.answer.submitted`,
 * `task.answer.reopened`, `task.answer.scored`): sent or sent back, and scored since its last
 * send — what the to-do lists for students and staff.
 */
@Entity({ name: 'task_answer_facts' })
@Index('task_answer_facts_task_idx', ['taskId'])
export class TaskAnswerFact {
  @PrimaryColumn('bigint', { name: 'answer_id' })
  answerId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'task_id' })
  taskId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** The group of a group answer, null for a personal one. */
  @Column('bigint', { name: 'group_id', nullable: true })
  groupId: number | null;

  /** The students it counts for: the student of a personal answer, the group's members when sent. */
  @Column('bigint', { name: 'member_ids', array: true })
  memberIds: number[];

  /** Sent and not sent back by a change request since. */
  @Column('boolean', { name: 'is_sent' })
  isSent: boolean;

  @Column('boolean', { name: 'is_late', default: false })
  isLate: boolean;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt: Date | null;

  /** When the staff last asked for a change (null: never). */
  @Column('timestamptz', { name: 'reopened_at', nullable: true })
  reopenedAt: Date | null;

  /** When it was last scored (null: not yet). Scored before `sent_at`: sent again since. */
  @Column('timestamptz', { name: 'scored_at', nullable: true })
  scoredAt: Date | null;

  /** The envelope's `occurredAt` of the last send or change request applied. */
  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt: Date;
}
