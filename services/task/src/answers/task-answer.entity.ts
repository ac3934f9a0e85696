import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { numericColumn } from '@lms/database';
import { type StoredFile } from '@lms/storage';
import type { RubricChoice } from '@lms/rubrics';

/**
 * An answer to a task (spec 02 §3 "Task answer"): a student's own (`student_id`) or a group's
 * (`group_id`, same shape), never both. Draft (`is_sent` false) → sent; a change request puts it
 * back to draft with the lecturer's `comment`. One answer per student, or per group, and task.
 */
@Entity({ name: 'task_answers' })
@Check('task_answers_owner_check', '(student_id IS NULL) <> (group_id IS NULL)')
@Index('task_answers_student_key', ['taskId', 'studentId'], { unique: true, where: 'student_id IS NOT NULL' })
@Index('task_answers_group_key', ['taskId', 'groupId'], { unique: true, where: 'group_id IS NOT NULL' })
@Index('task_answers_tenant_task_idx', ['tenantId', 'taskId'])
export class TaskAnswer {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'task_id' })
  taskId: number;

  @Column('bigint', { name: 'student_id', nullable: true })
  studentId: number | null;

  @Column('bigint', { name: 'group_id', nullable: true })
  groupId: number | null;

  /** The answer's text (rich text document). */
  @Column('text', { nullable: true })
  answer: string | null;

  @Column('jsonb', { default: () => `'[]'` })
  files: StoredFile[];

  @Column('boolean', { name: 'is_sent', default: false })
  isSent: boolean;

  /** When it was last sent. */
  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt: Date | null;

  /** Sent after the task's end (a lateable task). */
  @Column('boolean', { name: 'is_late', default: false })
  isLate: boolean;

  /** The lecturer's comment of the last change request. */
  @Column('text', { nullable: true })
  comment: string | null;

  /** Who last saved it (a group's member). */
  @Column('bigint', { name: 'updated_by' })
  updatedBy: number;

  /** 0–100; null until scored. For a group answer: the group's score. */
  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numericColumn })
  score: number | null;

  /** The rubric levels chosen when the task is scored by rubric. */
  @Column('jsonb', { nullable: true })
  rubrics: RubricChoice[] | null;

  @Column('timestamptz', { name: 'scored_at', nullable: true })
  scoredAt: Date | null;

  @Column('bigint', { name: 'scored_by', nullable: true })
  scoredBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A group member's rating of another member of their group (spec 02 §3 "Group assessment"):
 * `student_id` is the member rated, `assessor_id` the one rating, on the task's rubric.
 */
@Entity({ name: 'group_assessments' })
@Index('group_assessments_key', ['answerId', 'assessorId', 'studentId'], { unique: true })
export class GroupAssessment {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** `task_group_answer_id` on the wire. */
  @Column('bigint', { name: 'answer_id' })
  answerId: number;

  @Column('bigint', { name: 'student_id' })
  studentId: number;

  @Column('bigint', { name: 'assessor_id' })
  assessorId: number;

  @Column('jsonb')
  rubrics: RubricChoice[];

  /** The rating the choices give (0–100). */
  @Column('numeric', { precision: 6, scale: 2, transformer: numericColumn })
  score: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
