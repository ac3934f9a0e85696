import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { numericColumn } from '@lms/database';
import type { Rubric, RubricChoice } from '@lms/rubrics';
import type { StoredFile } from '@lms/storage';
import { Course } from '../courses/course.entity';
import type { FormField, FieldAnswer } from './form-fields';

export const FORMABLE_TYPES = ['modules', 'activities'] as const;
export type FormableType = (typeof FORMABLE_TYPES)[number];
/** A daily logbook takes one entry per student per day, a monthly one per month. */
export const FORM_TYPES = ['daily', 'monthly'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const ASSESSMENT_METHODS = ['none', 'rubric'] as const;
export type AssessmentMethod = (typeof ASSESSMENT_METHODS)[number];

/**
 * A form (a logbook, spec 01 §3) on a module or an activity of a course: its fields (`lists`),
 * the window in which students write entries, whether an entry needs a file, and how entries are
 * assessed — with its own copy of a rubric (docs/decisions/0008).
 */
@Entity({ name: 'forms' })
@Index('forms_course_idx', ['courseId', 'updatedAt'])
@Index('forms_formable_idx', ['formableType', 'formableId'])
export class Form {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @Column('varchar', { name: 'formable_type', length: 20 })
  formableType: FormableType;

  @Column('bigint', { name: 'formable_id' })
  formableId: number;

  @Column('varchar', { length: 255 })
  title: string;

  @Column('varchar', { length: 10 })
  type: FormType;

  /** A daily logbook's first day (`YYYY-MM-DD`); null for a monthly one. */
  @Column('date', { nullable: true })
  date: string | null;

  /** A monthly logbook's first month (`YYYY-MM`); null for a daily one. */
  @Column('varchar', { length: 7, nullable: true })
  month: string | null;

  @Column('timestamptz', { name: 'start_at' })
  startAt: Date;

  @Column('timestamptz', { name: 'end_at' })
  endAt: Date;

  @Column('boolean', { name: 'is_file_required', default: false })
  isFileRequired: boolean;

  @Column('varchar', { name: 'assesment_method', length: 10, default: 'none' })
  assessmentMethod: AssessmentMethod;

  /** The rubric entries are assessed with (a copy, taken when the form was saved); null without one. */
  @Column('jsonb', { nullable: true })
  rubric: Rubric | null;

  /** The fields of an entry, in order. */
  @Column('jsonb')
  lists: FormField[];

  @Column('bigint', { name: 'created_by', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A student's entry in a form for one period: a day (`YYYY-MM-DD`) of a daily logbook, a month
 * (`YYYY-MM`) of a monthly one — one per student and period. Staff assess it on the form's rubric.
 */
@Entity({ name: 'form_answers' })
@Index('form_answers_period_key', ['formId', 'studentId', 'period'], { unique: true })
@Index('form_answers_student_idx', ['studentId', 'formId'])
export class FormAnswer {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'form_id' })
  formId: number;

  @ManyToOne(() => Form, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'form_id' })
  form?: Relation<Form>;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'student_id' })
  studentId: number;

  /** The day (`YYYY-MM-DD`) or month (`YYYY-MM`) of the campus's calendar the entry is for. */
  @Column('varchar', { length: 10 })
  period: string;

  @Column('jsonb')
  lists: FieldAnswer[];

  @Column('jsonb')
  files: StoredFile[];

  /** The rubric levels chosen by the assessor; null while not assessed. */
  @Column('jsonb', { nullable: true })
  rubrics: RubricChoice[] | null;

  /** 0–100, two decimals; null while not assessed. */
  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numericColumn })
  score: number | null;

  @Column('text', { nullable: true })
  feedback: string | null;

  @Column('bigint', { name: 'assessed_by', nullable: true })
  assessedBy: number | null;

  @Column('timestamptz', { name: 'assessed_at', nullable: true })
  assessedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
