import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A published exam that has not started yet, from `exam.exam.upserted`: the reminder sweep tells
 * its students "about to start" `EXAM_REMINDER_MINUTES` before `startAt`, once (`remindedAt`).
 */
@Entity({ name: 'exam_reminders' })
@Index('exam_reminders_due_idx', ['startAt'], { where: '"reminded_at" IS NULL' })
export class ExamReminder {
  @PrimaryColumn('bigint', { name: 'exam_id' })
  examId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { length: 300 })
  name: string;

  @Column('timestamptz', { name: 'start_at' })
  startAt: Date;

  /** The classes it is for; empty: every class of the course. */
  @Column('bigint', { name: 'class_ids', array: true, default: '{}' })
  classIds: number[];

  /** The exam event's `occurredAt`: an older event never overwrites a newer one. */
  @Column('timestamptz', { name: 'source_occurred_at' })
  sourceOccurredAt: Date;

  @Column('timestamptz', { name: 'reminded_at', nullable: true })
  remindedAt: Date | null;
}
