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
} from 'typeorm';
import { Exam } from '../exams/exam.entity';

/**
 * A student's proof of an exam token (`POST /exam/exams/token/validate`): one per exam, student
 * and token, valid until the token expires. Starting an attempt uses it (`used_at`, and the
 * sign-in session that started); a used grant lets the student back into that running attempt
 * from the same session, or from any when the exam allows reconnecting (`token_reconnect`), but
 * never starts another attempt. The token itself is kept as its SHA-256 only.
 */
@Entity({ name: 'exam_token_grants' })
@Index('exam_token_grants_exam_student_token_key', ['examId', 'studentId', 'tokenHash'], { unique: true })
export class ExamTokenGrant {
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

  /** SHA-256 of the token, lower-case hex. */
  @Column('char', { name: 'token_hash', length: 64 })
  tokenHash: string;

  /** The token's expiry when it was validated: a start after it is refused. */
  @Column('timestamptz', { name: 'valid_until', nullable: true })
  validUntil: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When it started an attempt; null while unused. */
  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  /** The sign-in session (refresh-token family) that started the attempt with it. */
  @Column('varchar', { name: 'used_session', length: 64, nullable: true })
  usedSession: string | null;
}

/**
 * Wrong token guesses of a student for an exam's current token, capped: past the cap every
 * guess is refused until the lecturer makes a new token (which starts the count over).
 */
@Entity({ name: 'exam_token_guesses' })
export class ExamTokenGuess {
  @PrimaryColumn('bigint', { name: 'exam_id' })
  examId: number;

  @ManyToOne(() => Exam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'exam_id' })
  exam?: Relation<Exam>;

  @PrimaryColumn('bigint', { name: 'student_id' })
  studentId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** SHA-256 of the exam token the count is for (a new token starts it over). */
  @Column('char', { name: 'token_hash', length: 64 })
  tokenHash: string;

  @Column('integer', { default: 0 })
  wrong: number;

  @Column('timestamptz', { name: 'last_guess_at', default: () => 'now()' })
  lastGuessAt: Date;
}
