import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const URGENCIES = ['low', 'normal', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];
/** Shown in the course's announcement section, or as a popup each student sees once (spec `announcements_type`). */
export const DISPLAYS = ['section', 'popup'] as const;
export type Display = (typeof DISPLAYS)[number];

/** A course's announcement (spec 02 §7): shown to its students between `startAt` and `endAt`. */
@Entity({ name: 'announcements' })
@Index('announcements_course_idx', ['tenantId', 'courseId', 'startAt'])
export class Announcement {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** The announcement's text (rich text, HTML). */
  @Column('text')
  content: string;

  @Column('varchar', { length: 10 })
  urgency: Urgency;

  @Column('varchar', { length: 10 })
  display: Display;

  @Column('timestamptz', { name: 'start_at' })
  startAt: Date;

  @Column('timestamptz', { name: 'end_at' })
  endAt: Date;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A user saw a popup announcement: it is not shown to them again. */
@Entity({ name: 'announcement_seen' })
export class AnnouncementSeen {
  @PrimaryColumn('bigint', { name: 'announcement_id' })
  announcementId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @CreateDateColumn({ name: 'seen_at', type: 'timestamptz' })
  seenAt: Date;
}
