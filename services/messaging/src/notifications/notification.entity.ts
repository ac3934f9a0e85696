import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a notification is about (spec 03 §3 "Notification": type, objectId, isRead). */
export const NOTIFICATION_TYPES = [
  'CONTENT',
  'ENROLMENT',
  'EXAM',
  'EXAM_START',
  'TASK_SCORED',
  'TASK_CHANGE_REQUESTED',
  'PRESENCE',
  'MENTION',
  'COURSE_REQUEST',
  'ANNOUNCEMENT',
  'COURSE_MESSAGE',
  'MESSAGE',
  'CARD_ASSIGNED',
  'CARD_DUE',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * One notification of one user, made from another service's event. `dedupeKey` is unique per
 * user: the same fact told twice (an event redelivered, an exam published then changed) makes one
 * row. `pushedAt` and `mailedAt` mark what the push sender and the mail digest have handled.
 */
@Entity({ name: 'notifications' })
@Index('notifications_user_idx', ['tenantId', 'userId', 'id'])
@Index('notifications_user_dedupe_key', ['userId', 'dedupeKey'], { unique: true })
@Index('notifications_push_due_idx', ['id'], { where: '"pushed_at" IS NULL' })
export class UserNotification {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('varchar', { length: 32 })
  type: NotificationType;

  /** The thing it is about (a course, an exam, a task, a chat room…), by its owner's id. */
  @Column('bigint', { name: 'object_id' })
  objectId: number;

  @Column('bigint', { name: 'course_id', nullable: true })
  courseId: number | null;

  /** The web client's route of the screen it opens (spec 01 §2, 02 §2, 03 §2). */
  @Column('varchar', { length: 300 })
  link: string;

  /** What the text is made of (names, score), as the event told it. */
  @Column('jsonb', { default: {} })
  data: Record<string, unknown>;

  @Column('varchar', { name: 'dedupe_key', length: 120 })
  dedupeKey: string;

  @Column('boolean', { name: 'is_read', default: false })
  isRead: boolean;

  @Column('timestamptz', { name: 'read_at', nullable: true })
  readAt: Date | null;

  @Column('timestamptz', { name: 'pushed_at', nullable: true })
  pushedAt: Date | null;

  @Column('timestamptz', { name: 'mailed_at', nullable: true })
  mailedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
