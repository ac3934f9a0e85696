import { numericColumn } from '@lms/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A scored attempt at an exam (`exam.attempt.scored`): the latest score of the attempt (a
 * recalculation or a graded essay replaces it; `as_of` keeps the event's `occurredAt`, so an older
 * event arriving late changes nothing). The gradebook counts a student's highest attempt.
 */
@Entity({ name: 'exam_attempt_scores' })
@Index('exam_attempt_scores_course_idx', ['courseId', 'examId', 'studentId'])
export class ExamAttemptScore {
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

  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  score: number;

  /** Essays still waiting for a grader (the score counts them as 0 until graded). */
  @Column('integer', { default: 0 })
  pending: number;

  @Column('boolean', { name: 'is_passed', nullable: true })
  isPassed: boolean | null;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}

/**
 * A scored answer to a task (`task.answer.scored`): the answer's latest event (`as_of`); the
 * scores it gives each student are `task_answer_scores`, replaced whole by a newer event.
 */
@Entity({ name: 'task_answers_scored' })
export class TaskAnswerScored {
  @PrimaryColumn('bigint', { name: 'answer_id' })
  answerId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'task_id' })
  taskId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** The group of a group answer, null for a personal one. */
  @Column('bigint', { name: 'group_id', nullable: true })
  groupId: number | null;

  /** The answer's score (the group's for a group answer). */
  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  score: number;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}

/** What a scored answer gives one student: their own answer's score, or their member score. */
@Entity({ name: 'task_answer_scores' })
@Index('task_answer_scores_course_idx', ['courseId', 'taskId', 'studentId'])
export class TaskAnswerScore {
  @PrimaryColumn('bigint', { name: 'answer_id' })
  answerId: number;

  @PrimaryColumn('bigint', { name: 'student_id' })
  studentId: number;

  @Column('bigint', { name: 'task_id' })
  taskId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  score: number;
}
