import {
  CreateDateColumn,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { Course } from '../courses/course.entity';

/** What a student can complete; contents only for now (spec 01 §3). */
export const COMPLETIONABLE_TYPES = ['contents'] as const;
export type CompletionableType = (typeof COMPLETIONABLE_TYPES)[number];

/**
 * A student marked an item of a course done. Undoing deletes the row; marking twice keeps the
 * first. Rows of contents that are later hidden, archived or excluded from completion stay, but
 * count only while their content counts (the report joins the contents that count).
 */
@Entity({ name: 'completions' })
@Index('completions_item_user_key', ['completionableType', 'completionableId', 'userId'], { unique: true })
@Index('completions_course_user_idx', ['courseId', 'userId'])
export class Completion {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  /** The student (identity user id). */
  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('varchar', { name: 'completionable_type', length: 20 })
  completionableType: CompletionableType;

  @Column('bigint', { name: 'completionable_id' })
  completionableId: number;

  @CreateDateColumn({ name: 'completed_at', type: 'timestamptz' })
  completedAt: Date;
}
