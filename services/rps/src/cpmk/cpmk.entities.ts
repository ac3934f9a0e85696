import { numericColumn } from '@lms/database';
import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** What is measured: an exam (`exam.exam.*`) or a task (`task.task.upserted`) of a course. */
export type AssessmentType = 'exam' | 'task';

/**
 * An exam or a task of a course, as its owner last published it (`as_of`: the event's
 * `occurredAt`, so an older event arriving late changes nothing). A deleted one keeps its row
 * (`deleted`) so its mapping and scores come back with a restore.
 */
@Entity({ name: 'cpmk_assessments' })
@Index('cpmk_assessments_course_idx', ['tenantId', 'courseId'])
export class CpmkAssessment {
  @PrimaryColumn('varchar', { length: 10 })
  type: AssessmentType;

  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { length: 255 })
  title: string;

  @Column('boolean', { default: false })
  deleted: boolean;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}

/**
 * One scored thing: an exam attempt (`exam.attempt.scored`, by `student_exam_id`) or a task answer
 * (`task.answer.scored`, by `answer_id`), with the `occurredAt` of its latest event. Its scores
 * (`cpmk_scores`) are replaced whole only by a newer event.
 */
@Entity({ name: 'cpmk_score_sources' })
export class CpmkScoreSource {
  @PrimaryColumn('varchar', { length: 10 })
  type: AssessmentType;

  @PrimaryColumn('bigint')
  id: number;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}

/** What a scored attempt or answer gives one student on an assessment (0–100). */
@Entity({ name: 'cpmk_scores' })
@Index('cpmk_scores_course_idx', ['courseId', 'assessmentType', 'assessmentId', 'studentId'])
export class CpmkScore {
  @PrimaryColumn('varchar', { name: 'source_type', length: 10 })
  sourceType: AssessmentType;

  @PrimaryColumn('bigint', { name: 'source_id' })
  sourceId: number;

  @PrimaryColumn('bigint', { name: 'student_id' })
  studentId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { name: 'assessment_type', length: 10 })
  assessmentType: AssessmentType;

  @Column('bigint', { name: 'assessment_id' })
  assessmentId: number;

  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  score: number;
}

/** The lecturer's mapping: an assessment of the course measures a CPMK with a weight. */
@Entity({ name: 'cpmk_mappings' })
@Index('cpmk_mappings_key', ['tenantId', 'courseId', 'assessmentType', 'assessmentId', 'cpmk'], {
  unique: true,
})
export class CpmkMapping {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { name: 'assessment_type', length: 10 })
  assessmentType: AssessmentType;

  @Column('bigint', { name: 'assessment_id' })
  assessmentId: number;

  @Column('varchar', { length: 20 })
  cpmk: string;

  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  weight: number;
}

/** The passing threshold of a CPMK in a course (stage 2 config); absent: the default. */
@Entity({ name: 'cpmk_thresholds' })
export class CpmkThreshold {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @PrimaryColumn('varchar', { length: 20 })
  cpmk: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  threshold: number;
}

/** Stage 1: a student's attainment of a CPMK (0–100), as last computed. */
@Entity({ name: 'cpmk_student_results' })
export class CpmkStudentResult {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @PrimaryColumn('varchar', { length: 20 })
  cpmk: string;

  @PrimaryColumn('bigint', { name: 'student_id' })
  studentId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('numeric', { precision: 5, scale: 2, transformer: numericColumn })
  score: number;

  @Column('timestamptz', { name: 'computed_at' })
  computedAt: Date;
}

/**
 * Stage 2: the class's attainment of a CPMK: the mean of the students' attainment (the score
 * step) and the share of students at or above the threshold (the threshold step).
 */
@Entity({ name: 'cpmk_class_results' })
export class CpmkClassResult {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @PrimaryColumn('varchar', { length: 20 })
  cpmk: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('integer')
  students: number;

  @Column('numeric', {
    name: 'mean_score',
    precision: 5,
    scale: 2,
    nullable: true,
    transformer: numericColumn,
  })
  meanScore: number | null;

  @Column('numeric', { precision: 5, scale: 2, nullable: true, transformer: numericColumn })
  threshold: number | null;

  @Column('integer', { nullable: true })
  reached: number | null;

  @Column('numeric', {
    name: 'reached_percent',
    precision: 5,
    scale: 2,
    nullable: true,
    transformer: numericColumn,
  })
  reachedPercent: number | null;
}

export const CPMK_ENTITIES = [
  CpmkAssessment,
  CpmkScoreSource,
  CpmkScore,
  CpmkMapping,
  CpmkThreshold,
  CpmkStudentResult,
  CpmkClassResult,
];
