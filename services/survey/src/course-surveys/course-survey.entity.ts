import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { CourseProjection } from '@lms/projections';
import { Survey } from '../definitions/survey.entity';

/**
 * A survey attached to a course and (while `isOpen`) answered by its students, once each. The
 * lecturer's response to what they said is `lecturerResponse`.
 */
@Entity({ name: 'course_surveys' })
@Index('course_surveys_survey_course_key', ['surveyId', 'courseId'], { unique: true })
@Index('course_surveys_tenant_course_idx', ['tenantId', 'courseId'])
export class CourseSurvey {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'survey_id' })
  surveyId: number;

  @ManyToOne(() => Survey, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'survey_id' })
  survey?: Survey;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  /** Read with the list (the course's name); not a foreign key: projections live apart. */
  course?: CourseProjection | null;

  @Column('boolean', { name: 'is_open', default: true })
  isOpen: boolean;

  @Column('text', { name: 'lecturer_response', nullable: true })
  lecturerResponse: string | null;

  @Column('timestamptz', { name: 'responded_at', nullable: true })
  respondedAt: Date | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/**
 * Who has answered a course survey: the once-per-student rule (its primary key). It holds no
 * answer, and the answers hold no user: nothing joins a student to what they said.
 */
@Entity({ name: 'survey_respondents' })
export class SurveyRespondent {
  @PrimaryColumn('bigint', { name: 'course_survey_id' })
  courseSurveyId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @ManyToOne(() => CourseSurvey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_survey_id' })
  courseSurvey?: CourseSurvey;
}

/**
 * One answer of one response, without its author and without a time: `submissionId` (random)
 * groups the answers of one response, and random ids keep the order of arrival unreadable.
 */
@Entity({ name: 'survey_answers' })
@Index('survey_answers_course_survey_question_idx', ['courseSurveyId', 'questionId'])
export class SurveyAnswer {
  /** Random (`randomUUID`), set by the service. */
  @PrimaryColumn('uuid')
  id: string;

  @Column('bigint', { name: 'course_survey_id' })
  courseSurveyId: number;

  @ManyToOne(() => CourseSurvey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_survey_id' })
  courseSurvey?: CourseSurvey;

  @Column('uuid', { name: 'submission_id' })
  submissionId: string;

  @Column('bigint', { name: 'question_id' })
  questionId: number;

  /** A scale question's value (1–5). */
  @Column('smallint', { nullable: true })
  scale: number | null;

  /** The option indexes chosen (one for a single choice question). */
  @Column('jsonb', { nullable: true })
  choices: number[] | null;

  /** A free-text answer: a suggestion. */
  @Column('text', { nullable: true })
  text: string | null;
}
