import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { StoredFile } from '@lms/storage';

/**
 * A message between two people of a course (spec 03 §3 "Course message"): a subject, a text and
 * files, optionally about an activity of the course (`messageable_type`/`messageable_id`, the
 * activity variant of the list). Each side removes it from their own box only.
 */
@Entity({ name: 'course_messages' })
@Index('course_messages_receiver_idx', ['tenantId', 'receiverId', 'updatedAt'])
@Index('course_messages_sender_idx', ['tenantId', 'senderId', 'updatedAt'])
export class CourseMessage {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'sender_id' })
  senderId: number;

  @Column('bigint', { name: 'receiver_id' })
  receiverId: number;

  @Column('varchar', { length: 255 })
  subject: string;

  @Column('text')
  message: string;

  @Column('jsonb', { default: () => `'[]'` })
  attachments: StoredFile[];

  /** What the message is about, e.g. `activity` and its id. */
  @Column('varchar', { name: 'messageable_type', length: 30, nullable: true })
  messageableType: string | null;

  @Column('bigint', { name: 'messageable_id', nullable: true })
  messageableId: number | null;

  @Column('timestamptz', { name: 'read_at', nullable: true })
  readAt: Date | null;

  @Column('boolean', { name: 'sender_deleted', default: false })
  senderDeleted: boolean;

  @Column('boolean', { name: 'receiver_deleted', default: false })
  receiverDeleted: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A course's messaging setting, set by its staff: may its students message one another? */
@Entity({ name: 'course_message_settings' })
export class CourseMessageSetting {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('boolean', { name: 'students_may_message_classmates', default: false })
  studentsMayMessageClassmates: boolean;
}
