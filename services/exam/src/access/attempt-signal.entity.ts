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

/** What a taking client reports about the student's screen and network. */
export const SIGNAL_KINDS = ['tab_hidden', 'window_blur', 'offline', 'online', 'fullscreen_exit'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/**
 * A proctoring signal of an attempt: what the student's browser reported (tab hidden, window
 * left, offline and back, full screen left), when the browser says it happened and when the
 * server got it. Shown to staff; never a penalty by itself.
 */
@Entity({ name: 'attempt_signals' })
@Index('attempt_signals_attempt_received_idx', ['studentExamId', 'receivedAt'])
export class AttemptSignal {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'student_exam_id' })
  studentExamId: number;

  @ManyToOne(() => StudentExam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'student_exam_id' })
  studentExam?: Relation<StudentExam>;

  @Column('varchar', { length: 20 })
  kind: SignalKind;

  /** The client's clock (it may be wrong: compare with `receivedAt`). */
  @Column('timestamptz', { name: 'client_at', nullable: true })
  clientAt: Date | null;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
