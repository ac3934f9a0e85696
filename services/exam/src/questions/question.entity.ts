import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import type { QuestionType } from '../domain/question-rules';
import { DataSet } from '../datasets/data-set.entity';
import { Exam } from '../exams/exam.entity';
import { AnswerOption } from './answer-option.entity';
import { QuestionTag } from './question-tag.entity';

/**
 * A question of an exam's package (`exam_id`, `package`, `index` from 1 in the package) or of its
 * course's question bank (`exam_id` null). `course_id` is always the course it belongs to.
 */
@Entity({ name: 'questions' })
@Index('questions_exam_package_index_idx', ['examId', 'package', 'index'])
@Index('questions_bank_idx', ['tenantId', 'courseId', 'examId'])
export class Question {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'exam_id', nullable: true })
  examId: number | null;

  /** An exam is soft-deleted (kept with its questions); a removed row takes its questions along. */
  @ManyToOne(() => Exam, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'exam_id' })
  exam?: Relation<Exam> | null;

  @Column('integer')
  package: number;

  @Column('integer')
  index: number;

  @Column('varchar', { name: 'questions_type', length: 40 })
  type: QuestionType;

  @Column('text', { default: '' })
  question: string;

  /** Always 'A' (spec 02 §3). */
  @Column('char', { length: 1, default: 'A' })
  group: string;

  @Column('double precision', { default: 1 })
  weight: number;

  @Column('text', { nullable: true })
  solution: string | null;

  @Column('bigint', { name: 'data_set_id', nullable: true })
  dataSetId: number | null;

  @ManyToOne(() => DataSet, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'data_set_id' })
  dataSet?: Relation<DataSet> | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @OneToMany(() => AnswerOption, (option) => option.questionEntity)
  answers?: Relation<AnswerOption>[];

  @OneToMany(() => QuestionTag, (tag) => tag.questionEntity)
  tags?: Relation<QuestionTag>[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
