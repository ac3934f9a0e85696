import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  JoinColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { numericColumn } from '@lms/database';
import type { z } from '@lms/jsonapi';
import type { outcomeSchema, outputSchema, subOutputSchema } from './course-plans.rules';

/**
 * A course plan (spec 03 §3 "Course plan"): the curriculum's description of a course by its code
 * for a period, in versions; its outcomes, outputs and sub-outputs, which the weekly stages cover.
 */
@Entity({ name: 'course_plans' })
@Index('course_plans_version_key', ['tenantId', 'code', 'periodId', 'version'], { unique: true })
export class CoursePlan {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'period_id' })
  periodId: number;

  @Column('varchar', { length: 50 })
  code: string;

  @Column('integer')
  version: number;

  @Column('varchar', { name: 'name_ina', length: 255 })
  nameIna: string;

  @Column('varchar', { name: 'name_en', length: 255 })
  nameEn: string;

  /** Compulsory, elective, … as the curriculum names it. */
  @Column('varchar', { length: 50 })
  type: string;

  /** Credits (SKS): in all and by kind. */
  @Column('integer')
  credit: number;

  @Column('integer', { name: 'credit_default' })
  creditDefault: number;

  @Column('integer', { name: 'credit_practice' })
  creditPractice: number;

  @Column('integer', { name: 'credit_exercise' })
  creditExercise: number;

  @Column('integer', { name: 'credit_other' })
  creditOther: number;

  @Column('text', { name: 'course_precondition' })
  coursePrecondition: string;

  @Column('text', { name: 'subject_matters' })
  subjectMatters: string;

  @Column('text', { name: 'description_ina' })
  descriptionIna: string;

  @Column('text', { name: 'description_en' })
  descriptionEn: string;

  @Column('text', { name: 'evaluation_base' })
  evaluationBase: string;

  /** The head of the study programme, by name. */
  @Column('varchar', { name: 'major_leader', length: 255 })
  majorLeader: string;

  /** The lecturers' names. */
  @Column('jsonb', { default: () => `'[]'` })
  lecturers: string[];

  @Column('jsonb', { default: () => `'[]'` })
  outcomes: Array<z.output<typeof outcomeSchema>>;

  @Column('jsonb', { default: () => `'[]'` })
  outputs: Array<z.output<typeof outputSchema>>;

  @Column('jsonb', { name: 'sub_outputs', default: () => `'[]'` })
  subOutputs: Array<z.output<typeof subOutputSchema>>;

  /** Keywords it is indexed by. */
  @Column('jsonb', { default: () => `'[]'` })
  indexes: string[];

  @Column('jsonb', { default: () => `'[]'` })
  references: string[];

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A stage of a course plan (spec 03 §3 "Plan stage"): one meeting (week) — its topic, methods,
 * credit, learning experience and assessment. `index` is its place, from 0: the count of stages
 * before it when it was created.
 */
@Entity({ name: 'course_plan_stages' })
@Index('course_plan_stages_plan_idx', ['coursePlanId', 'index'])
export class CoursePlanStage {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_plan_id' })
  coursePlanId: number;

  @ManyToOne(() => CoursePlan, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_plan_id' })
  coursePlan?: CoursePlan;

  @Column('integer')
  index: number;

  /** The output (of the plan's `outputs`) it works towards, if any. */
  @Column('integer', { name: 'course_plan_output_id', nullable: true })
  coursePlanOutputId: number | null;

  @Column('varchar', { length: 500 })
  topic: string;

  @Column('text')
  subtopic: string;

  @Column('text', { name: 'method_offline' })
  methodOffline: string;

  @Column('text', { name: 'method_online' })
  methodOnline: string;

  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  credit: number;

  @Column('text', { name: 'learning_exp' })
  learningExp: string;

  @Column('text', { name: 'assesment_base' })
  assesmentBase: string;

  @Column('text', { name: 'assesment_method' })
  assesmentMethod: string;

  @Column('text', { name: 'assesment_criteria' })
  assesmentCriteria: string;

  @Column('text', { name: 'assesment_instrument' })
  assesmentInstrument: string;

  /** Its weight in the final mark, percent. */
  @Column('numeric', {
    name: 'assesment_weight',
    precision: 5,
    scale: 2,
    transformer: numericColumn,
  })
  assesmentWeight: number;

  @Column('jsonb', { default: () => `'[]'` })
  references: string[];
}
