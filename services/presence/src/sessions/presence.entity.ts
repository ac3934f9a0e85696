import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** The five kinds of mark (spec 03 §3); only `attend` counts as present (status 1). */
export const PRESENCE_TYPES = ['attend', 'sick', 'absent', 'leave', 'other'] as const;
export type PresenceType = (typeof PRESENCE_TYPES)[number];

/** A mark's status: 1 for `attend`, 0 for the others. */
export const statusOf = (type: PresenceType): 0 | 1 => (type === 'attend' ? 1 : 0);

/**
 * How a mark was set: the student's own check-in with the session's code, by the staff, or by
 * joining the live classroom linked to the session inside its window.
 */
export const MARK_SOURCES = ['check_in', 'manual', 'live'] as const;
export type MarkSource = (typeof MARK_SOURCES)[number];

/** A topic of a session: a module of the course (its preview is `/courses/{courseId}/preview/{id}`). */
export interface PresenceTopic {
  id: number;
  name: string;
}

/**
 * A class session whose attendance is taken (spec 03 §3 "Presence"): its times, the window in
 * which students check themselves in with `checkInCode`, the topics taught. Sent (`is_sent`)
 * closes it for good.
 */
@Entity({ name: 'presences' })
@Index('presences_tenant_class_start_idx', ['tenantId', 'classId', 'startAt'])
@Index('presences_tenant_course_idx', ['tenantId', 'courseId'])
export class PresenceSession {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'class_id' })
  classId: number;

  /** The lecturer's label of the meeting ("P01"). */
  @Column('varchar', { name: 'act_code', length: 50, nullable: true })
  actCode: string | null;

  @Column('timestamptz', { name: 'start_at' })
  startAt: Date;

  @Column('timestamptz', { name: 'end_at' })
  endAt: Date;

  /** The check-in window. */
  @Column('timestamptz', { name: 'presence_start' })
  presenceStart: Date;

  @Column('timestamptz', { name: 'presence_end' })
  presenceEnd: Date;

  @Column('text', { nullable: true })
  note: string | null;

  /** The modules taught, in the lecturer's order. */
  @Column('jsonb', { default: () => `'[]'` })
  topics: PresenceTopic[];

  /** The short code students type (or scan) to check in; shown to the staff only. */
  @Column('varchar', { name: 'check_in_code', length: 12 })
  checkInCode: string;

  @Column('boolean', { name: 'is_sent', default: false })
  isSent: boolean;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt: Date | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A student's mark in a session; a student without one is unmarked. */
@Entity({ name: 'presence_details' })
@Index('presence_details_user_idx', ['tenantId', 'userId'])
export class PresenceDetail {
  @PrimaryColumn('bigint', { name: 'presence_id' })
  presenceId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 10 })
  type: PresenceType;

  /** 1 for `attend`, 0 otherwise (kept as the spec reads it). */
  @Column('smallint')
  status: number;

  @Column('varchar', { length: 10 })
  source: MarkSource;

  @Column('bigint', { name: 'marked_by' })
  markedBy: number;

  @Column('timestamptz', { name: 'marked_at' })
  markedAt: Date;
}
