import {
  Column,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { Exam } from '../exams/exam.entity';

/**
 * The Safe Exam Browser configuration of an exam as last handed out: its quit password (for the
 * invigilators), the start URL it opens and its Config Key, which the server will check.
 */
@Entity({ name: 'exam_seb_configs' })
export class ExamSebConfig {
  @PrimaryColumn('bigint', { name: 'exam_id' })
  examId: number;

  @OneToOne(() => Exam, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'exam_id' })
  exam?: Relation<Exam>;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { name: 'quit_password', length: 32 })
  quitPassword: string;

  @Column('text', { name: 'start_url' })
  startUrl: string;

  @Column('char', { name: 'config_key', length: 64 })
  configKey: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
