import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A student's attempt at an exam as the course service knows it (`exam.attempt.started`,
 * `exam.attempt.finished`): whether the student has done the exam, for the to-do list.
 */
@Entity({ name: 'exam_attempt_facts' })
@Index('exam_attempt_facts_student_exam_idx', ['studentId', 'examId'])
export class ExamAttemptFact {
  @PrimaryColumn('bigint', { name: 'student_exam_id' })
  studentExamId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'exam_id' })
  examId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'student_id' })
  studentId: number;

  @Column('integer')
  attempt: number;

  @Column('timestamptz', { name: 'started_at' })
  startedAt: Date;

  /** The attempt's deadline (null: none). */
  @Column('timestamptz', { name: 'deadline_at', nullable: true })
  deadlineAt: Date | null;

  /** Null while the attempt runs. */
  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt: Date | null;

  /** The envelope's `occurredAt` of the last event applied: an older one never overwrites it. */
  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt: Date;
}
