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
  Unique,
} from 'typeorm';
import { Exam } from '../exams/exam.entity';

/**
 * One attempt of a student at an exam (spec 02 §3 "Student exam"): attempt `n` of `retry + 1`,
 * the package they got, their deadline (`end_at`: the earlier of the window's end — or their
 * override's — and start + duration) and, once finished, their score. The unique
 * (exam, student, attempt) is the only guard against double starts: a start is an
 * `INSERT … ON CONFLICT DO NOTHING` on it, never a check-then-insert.
 */
@Entity({ name: 'student_exams' })
@Unique('student_exams_attempt_key', ['examId', 'studentId', 'attempt'])
@Index('student_exams_tenant_student_idx', ['tenantId', 'studentId'])
@Index('student_exams_open_deadline_idx', ['endAt'], { where: 'NOT is_finished AND end_at IS NOT NULL' })
export class StudentExam {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'exam_id' })
  examId: number;

  @ManyToOne(() => Exam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'exam_id' })
  exam?: Relation<Exam>;

  @Column('bigint', { name: 'student_id' })
  studentId: number;

  /** 1 for the first attempt, up to the exam's `retry` + 1. */
  @Column('integer')
  attempt: number;

  /** The question package the student got (1 … the exam's packages). */
  @Column('integer')
  package: number;

  @Column('boolean', { name: 'is_finished', default: false })
  isFinished: boolean;

  @Column('boolean', { name: 'is_stopped', default: false })
  isStopped: boolean;

  /** When the student started (null after a reset, until they resume). */
  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  /** The attempt's deadline; null: none (an exam without an end or a duration). */
  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt: Date | null;

  @Column('timestamptz', { name: 'override_start_at', nullable: true })
  overrideStartAt: Date | null;

  @Column('timestamptz', { name: 'override_end_at', nullable: true })
  overrideEndAt: Date | null;

  /** The question (its `index`, 1-based) the student is on. */
  @Column('integer', { name: 'current_index', default: 1 })
  currentIndex: number;

  @Column('numeric', { precision: 7, scale: 2, nullable: true, transformer: numericColumn })
  score: number | null;

  @Column('boolean', { name: 'is_passed', nullable: true })
  isPassed: boolean | null;

  @Column('timestamptz', { name: 'scored_at', nullable: true })
  scoredAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/**
 * A student's own window of an exam, set by staff before (or while) they take it; copied into
 * each attempt they start (`PATCH /exam/exams/{id}/override`).
 */
@Entity({ name: 'exam_overrides' })
export class ExamOverride {
  @PrimaryColumn('bigint', { name: 'exam_id' })
  examId: number;

  @ManyToOne(() => Exam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'exam_id' })
  exam?: Relation<Exam>;

  @PrimaryColumn('bigint', { name: 'student_id' })
  studentId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('timestamptz', { name: 'override_start_at', nullable: true })
  overrideStartAt: Date | null;

  @Column('timestamptz', { name: 'override_end_at', nullable: true })
  overrideEndAt: Date | null;
}

/**
 * A question of an attempt, at the student's position `index` (their shuffled order, fixed when
 * the attempt is made), with the dataset item bound to a parameterized question and, once
 * graded, its score. `question_id` has no foreign key: a question deleted later must not take the
 * student's answers with it.
 */
@Entity({ name: 'student_questions' })
@Unique('student_questions_question_key', ['studentExamId', 'questionId'])
@Unique('student_questions_index_key', ['studentExamId', 'index'])
@Index('student_questions_question_idx', ['questionId'])
export class StudentQuestion {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'student_exam_id' })
  studentExamId: number;

  @ManyToOne(() => StudentExam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'student_exam_id' })
  studentExam?: Relation<StudentExam>;

  @Column('bigint', { name: 'question_id' })
  questionId: number;

  @Column('integer')
  index: number;

  @Column('bigint', { name: 'data_set_item_id', nullable: true })
  dataSetItemId: number | null;

  @Column('boolean', { default: false })
  flagged: boolean;

  @Column('numeric', { precision: 7, scale: 2, nullable: true, transformer: numericColumn })
  score: number | null;

  @Column('timestamptz', { name: 'graded_at', nullable: true })
  gradedAt: Date | null;

  @Column('bigint', { name: 'graded_by', nullable: true })
  gradedBy: number | null;
}

/**
 * The student's answer to a question of their attempt: the highest `seq` the client sent wins
 * (`INSERT … ON CONFLICT … DO UPDATE … WHERE student_answers.seq < excluded.seq`), so a retry or
 * a late, reordered save never overwrites a newer one. `answer` null: cleared.
 */
@Entity({ name: 'student_answers' })
export class StudentAnswer {
  @PrimaryColumn('bigint', { name: 'student_question_id' })
  studentQuestionId: number;

  @ManyToOne(() => StudentQuestion, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'student_question_id' })
  studentQuestion?: Relation<StudentQuestion>;

  @Column('jsonb', { nullable: true })
  answer: unknown;

  @Column('bigint', { transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  seq: number;

  @Column('timestamptz', { name: 'saved_at' })
  savedAt: Date;
}

export const ATTEMPT_STATUSES = ['started', 'finished', 'stopped'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/**
 * What the live monitor reads, one row per attempt: kept up to date by the writes (once per
 * save batch), never computed from `student_answers` when read.
 */
@Entity({ name: 'attempt_progress' })
@Index('attempt_progress_exam_idx', ['examId', 'studentId'])
export class AttemptProgress {
  @PrimaryColumn('bigint', { name: 'student_exam_id' })
  studentExamId: number;

  @ManyToOne(() => StudentExam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'student_exam_id' })
  studentExam?: Relation<StudentExam>;

  @Column('bigint', { name: 'exam_id' })
  examId: number;

  @Column('bigint', { name: 'student_id' })
  studentId: number;

  @Column('integer', { default: 0 })
  answered: number;

  @Column('integer')
  total: number;

  @Column('integer', { name: 'current_index', default: 1 })
  currentIndex: number;

  @Column('timestamptz', { name: 'last_saved_at', nullable: true })
  lastSavedAt: Date | null;

  @Column('varchar', { length: 10, default: 'started' })
  status: AttemptStatus;

  @Column('numeric', { precision: 7, scale: 2, nullable: true, transformer: numericColumn })
  score: number | null;

  /** Proctoring signals recorded for the attempt. */
  @Column('integer', { default: 0 })
  signals: number;
}
