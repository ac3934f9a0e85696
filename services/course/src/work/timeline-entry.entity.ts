import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a timeline entry tells. */
export const TIMELINE_KINDS = [
  'exam_started',
  'exam_finished',
  'task_sent',
  'task_reopened',
  'task_scored',
  'content_completed',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * One thing a user did or had done to their work, in their activity stream (`GET
 * /timeline/{profile}`): appended by the event handlers of `src/work`, never changed. The same
 * fact arriving again (a redelivery, or a snapshot republished for a backfill) adds nothing:
 * (user, kind, subject, time) is unique.
 */
@Entity({ name: 'timeline_entries' })
@Index('timeline_entries_fact_uq', ['userId', 'kind', 'subjectId', 'occurredAt'], { unique: true })
@Index('timeline_entries_user_time_idx', ['userId', 'occurredAt', 'id'])
export class TimelineEntry {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** Whose timeline it is on: the student. */
  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { length: 32 })
  kind: TimelineKind;

  /** The exam, task or content it is about. */
  @Column('bigint', { name: 'item_id' })
  itemId: number;

  /** The attempt (`student_exam_id`), the answer or the completion it is about. */
  @Column('bigint', { name: 'subject_id' })
  subjectId: number;

  /** Someone else who did it (a group member who sent, the lecturer who scored); null: the user. */
  @Column('bigint', { name: 'actor_id', nullable: true })
  actorId: number | null;

  /** The fact's own numbers: `attempt`, `score`, `is_late`. */
  @Column('jsonb', { default: {} })
  detail: Record<string, unknown>;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt: Date;
}
