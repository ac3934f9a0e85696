import { numericColumn } from '@lms/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An exam as the course service knows it (`exam.exam.upserted`, `exam.exam.deleted`): a column
 * of the gradebook and an item of the agenda. `as_of` is the `occurredAt` of the event that set
 * the row, so an older event arriving late never undoes a newer one.
 */
@Entity({ name: 'exam_projections' })
@Index('exam_projections_course_idx', ['courseId', 'id'])
// Full-text GIN index of the global search (src/search); made by its migration.
@Index('exam_projections_search_idx', { synchronize: false })
export class ExamProjection {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** The activity it is placed in, if any. */
  @Column('bigint', { name: 'activity_id', nullable: true })
  activityId: number | null;

  @Column('varchar', { length: 255 })
  title: string;

  /** The lecturer's label (`exams_type`). */
  @Column('varchar', { name: 'exams_type', length: 50, nullable: true })
  examsType: string | null;

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  @Column('boolean', { name: 'is_published', default: false })
  isPublished: boolean;

  @Column('boolean', { name: 'is_finished', default: false })
  isFinished: boolean;

  /** Students see their scores (`is_show_score`): only then is an attempt's score released to them. */
  @Column('boolean', { name: 'is_show_score', default: false })
  isShowScore: boolean;

  @Column('numeric', {
    name: 'passing_grade',
    precision: 5,
    scale: 2,
    default: 0,
    transformer: numericColumn,
  })
  passingGrade: number;

  /** Minutes per student, when timed. */
  @Column('integer', { nullable: true })
  duration: number | null;

  /** The classes it is for; empty: every class of the course. */
  @Column('bigint', { name: 'class_ids', array: true, default: () => `'{}'` })
  classIds: string[];

  /** Deleted (softly) in the exam service: no longer a column nor an agenda item. */
  @Column('boolean', { default: false })
  deleted: boolean;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}
