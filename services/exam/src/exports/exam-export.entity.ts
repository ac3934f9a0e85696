import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { StudentExam } from '../attempts/attempt.entity';
import { Exam } from '../exams/exam.entity';

export const EXPORT_KINDS = ['results', 'answers'] as const;
/** `results`: the exam's .xlsx; `answers`: a .pdf of the answers of the exam or of one attempt. */
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * A file made by an export and kept in the exam service's blob store, handed out by short-lived
 * links: the newest of each exam, kind and attempt (none: the whole exam) counts.
 */
@Entity({ name: 'exam_exports' })
@Index('exam_exports_scope_idx', ['examId', 'kind', 'studentExamId', 'createdAt'])
@Index('exam_exports_student_exam_idx', ['studentExamId'])
export class ExamExport {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'exam_id' })
  examId: number;

  @ManyToOne(() => Exam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'exam_id' })
  exam?: Relation<Exam>;

  @Column('bigint', { name: 'student_exam_id', nullable: true })
  studentExamId: number | null;

  @ManyToOne(() => StudentExam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'student_exam_id' })
  studentExam?: Relation<StudentExam>;

  @Column('varchar', { length: 10 })
  kind: ExportKind;

  @Column('varchar', { name: 'blob_key', length: 300 })
  blobKey: string;

  /** The name the download is saved under. */
  @Column('varchar', { length: 255 })
  filename: string;

  @Column('bigint', { transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  size: number;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
