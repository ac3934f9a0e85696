import { numericColumn } from '@lms/database';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';

/** What can carry a weight in a course's final score (spec 01 §3 "Gradebook entry"). */
export const GRADEABLE_TYPES = ['exams', 'tasks', 'forms', 'courseactivities', 'presences'] as const;
export type GradeableType = (typeof GRADEABLE_TYPES)[number];

/** A gradeable's weight in its course's final score (`/course/grades`), one per gradeable. */
@Entity({ name: 'grades' })
@Index('grades_gradeable_key', ['courseId', 'gradeableType', 'gradeableId'], { unique: true })
export class Grade {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { name: 'gradeable_type', length: 32 })
  gradeableType: GradeableType;

  @Column('bigint', { name: 'gradeable_id' })
  gradeableId: number;

  /** 0–100, two decimals. */
  @Column('numeric', { precision: 5, scale: 2, default: 0, transformer: numericColumn })
  percentage: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A letter band of final scores (`/course/index`): [min, max], two decimals. */
@Entity({ name: 'index_bands' })
@Index('index_bands_course_idx', ['courseId', 'min'])
export class IndexBand {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** The letter: `A`, `B+`… */
  @Column('varchar', { length: 10 })
  index: string;

  @Column('numeric', { precision: 5, scale: 2, default: 0, transformer: numericColumn })
  min: number;

  @Column('numeric', { precision: 5, scale: 2, default: 0, transformer: numericColumn })
  max: number;
}

/** A course's own gradeable whose scores the staff type in (`/course/courseactivities`). */
@Entity({ name: 'custom_activities' })
@Index('custom_activities_course_idx', ['courseId', 'id'])
export class CustomActivity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { length: 255 })
  title: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A student's score in a custom activity, typed by the staff (none: no row). */
@Entity({ name: 'custom_activity_scores' })
export class CustomActivityScore {
  @PrimaryColumn('bigint', { name: 'activity_id' })
  activityId: number;

  @ManyToOne(() => CustomActivity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'activity_id' })
  activity?: Relation<CustomActivity>;

  @PrimaryColumn('bigint', { name: 'student_id' })
  studentId: number;

  /** 0–100, two decimals. */
  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  score: number;

  @Column('bigint', { name: 'updated_by' })
  updatedBy: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export const GRADEBOOK_ENTITIES = [Grade, IndexBand, CustomActivity, CustomActivityScore];
