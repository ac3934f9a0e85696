import {
  Column,
  CreateDateColumn,
  DeleteDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { numericColumn } from '@lms/database';
import { type StoredFile } from '@lms/storage';
import type { Rubric } from '@lms/rubrics';

export const TASKABLE_TYPES = ['module', 'activity'] as const;
export type TaskableType = (typeof TASKABLE_TYPES)[number];

/** PERSONAL: each student answers; GROUP: one answer per group, then peer assessment. */
export const TASK_TYPES = ['PERSONAL', 'GROUP'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** How answers are scored: a number typed by the lecturer, or levels chosen on the task's rubric. */
export const ASSESSMENT_METHODS = ['score', 'rubric'] as const;
export type AssessmentMethod = (typeof ASSESSMENT_METHODS)[number];

/**
 * An assignment of a course (spec 02 §3 "Task"), attached to a module or an activity of its
 * structure. Deleting one is soft (`deleted_at`); `PUT /course/tasks/{id}` restores it.
 */
@Entity({ name: 'tasks' })
@Index('tasks_tenant_course_idx', ['tenantId', 'courseId'])
@Index('tasks_taskable_idx', ['taskableType', 'taskableId'])
@Index('tasks_tenant_end_idx', ['tenantId', 'endAt'])
export class Task {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { name: 'taskable_type', length: 20 })
  taskableType: TaskableType;

  @Column('bigint', { name: 'taskable_id' })
  taskableId: number;

  @Column('varchar', { length: 255 })
  name: string;

  /** Rich text (the @lms/richtext document), shown to students. */
  @Column('text', { nullable: true })
  description: string | null;

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  /** The lecturer's attachments (instructions, templates). */
  @Column('jsonb', { default: () => `'[]'` })
  files: StoredFile[];

  @Column('boolean', { name: 'is_active', default: true })
  isActive: boolean;

  /** A send without a file is refused. */
  @Column('boolean', { name: 'file_required', default: false })
  fileRequired: boolean;

  /** A send after `end_at` is accepted and marked late; otherwise refused. */
  @Column('boolean', { name: 'is_lateable', default: false })
  isLateable: boolean;

  /** `assesment_method` on the wire (the spec's spelling). */
  @Column('varchar', { name: 'assessment_method', length: 20, default: 'score' })
  assessmentMethod: AssessmentMethod;

  @Column('jsonb', { nullable: true })
  rubric: Rubric | null;

  /** `tasks_type` on the wire. */
  @Column('varchar', { name: 'task_type', length: 20, default: 'PERSONAL' })
  taskType: TaskType;

  /** Group tasks with peer assessment: the shares (percent, summing to 100) of the peers' rating and the lecturer's group score in each member's score. */
  @Column('numeric', {
    name: 'student_percentage',
    precision: 5,
    scale: 2,
    nullable: true,
    transformer: numericColumn,
  })
  studentPercentage: number | null;

  @Column('numeric', {
    name: 'lecturer_percentage',
    precision: 5,
    scale: 2,
    nullable: true,
    transformer: numericColumn,
  })
  lecturerPercentage: number | null;

  /** `is_assesment_open` on the wire: members may rate each other now. */
  @Column('boolean', { name: 'is_assessment_open', default: false })
  isAssessmentOpen: boolean;

  /** Students see their score (and rubric levels) only when true: the server withholds them otherwise. */
  @Column('boolean', { name: 'show_score', default: false })
  showScore: boolean;

  @Column('numeric', {
    name: 'passing_grade',
    precision: 5,
    scale: 2,
    default: 0,
    transformer: numericColumn,
  })
  passingGrade: number;

  /** Every class of the course takes it; otherwise the classes in `task_classes`. */
  @Column('boolean', { name: 'all_class', default: true })
  allClass: boolean;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz' })
  deletedAt: Date | null;
}

/** The classes a task is for when not `all_class` (`PUT /course/tasks/classes`). */
@Entity({ name: 'task_classes' })
@Index('task_classes_class_idx', ['classId'])
export class TaskClass {
  @PrimaryColumn('bigint', { name: 'task_id' })
  taskId: number;

  @PrimaryColumn('bigint', { name: 'class_id' })
  classId: number;
}
