import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { z } from '@lms/jsonapi';
import type {
  cplSchema,
  cpmkSchema,
  evaluationSchema,
  PlanWeek,
  referenceSchema,
  topicSchema,
} from './stages';

/** draft → submitted → approved, or back to revision (editable again) with the approver's comment. */
export const RPS_STATUSES = ['draft', 'submitted', 'approved', 'revision'] as const;
export type RpsStatus = (typeof RPS_STATUSES)[number];

/**
 * A semester plan (RPS) of a course for a curriculum (spec 03 §2–§4): the 11 stages' data, its
 * status and the window in which its authors may edit it. One per course and curriculum; the
 * course's code (kode MK) names it publicly once approved.
 */
@Entity({ name: 'semester_plans' })
@Index('semester_plans_course_curriculum_key', ['tenantId', 'courseId', 'curriculum'], { unique: true })
@Index('semester_plans_code_idx', ['tenantId', 'code', 'curriculum', 'status'])
export class SemesterPlan {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** The course's code (kode MK) when the plan was made. */
  @Column('varchar', { length: 50 })
  code: string;

  @Column('varchar', { length: 50 })
  curriculum: string;

  @Column('varchar', { name: 'course_name', length: 255 })
  courseName: string;

  @Column('varchar', { name: 'period_name', length: 100, nullable: true })
  periodName: string | null;

  @Column('varchar', { length: 20 })
  status: RpsStatus;

  @Column('timestamptz', { name: 'rps_start' })
  rpsStart: Date;

  @Column('timestamptz', { name: 'rps_end' })
  rpsEnd: Date;

  /** Stage 1: general course information. */
  @Column('text', { nullable: true })
  notes: string | null;

  @Column('text', { name: 'description_mk', nullable: true })
  descriptionMk: string | null;

  @Column('text', { name: 'kebijakan_ai', nullable: true })
  kebijakanAi: string | null;

  @Column('jsonb', { default: () => `'[]'` })
  topics: Array<z.output<typeof topicSchema>>;

  @Column('jsonb', { default: () => `'[]'` })
  cpl: Array<z.output<typeof cplSchema>>;

  @Column('jsonb', { default: () => `'[]'` })
  cpmk: Array<z.output<typeof cpmkSchema>>;

  @Column('jsonb', { default: () => `'[]'` })
  references: Array<z.output<typeof referenceSchema>>;

  @Column('jsonb', { default: () => `'[]'` })
  evaluations: Array<z.output<typeof evaluationSchema>>;

  /** Stages 7–11: the weekly plan, by week. */
  @Column('jsonb', { default: () => `'[]'` })
  weeks: PlanWeek[];

  /** The approver's comment when returning it for revision (kept until the next decision). */
  @Column('text', { name: 'review_comment', nullable: true })
  reviewComment: string | null;

  @Column('timestamptz', { name: 'submitted_at', nullable: true })
  submittedAt: Date | null;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt: Date | null;

  @Column('bigint', { name: 'decided_by', nullable: true })
  decidedBy: number | null;

  @Column('bigint', { name: 'cloned_from_id', nullable: true })
  clonedFromId: number | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
