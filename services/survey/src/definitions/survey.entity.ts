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
} from 'typeorm';

/** The kinds of question a survey asks (issue 19): a 1–5 scale, one or several options, free text. */
export const QUESTION_TYPES = ['scale', 'single', 'multiple', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The values of a scale question. */
export const SCALE_MIN = 1;
export const SCALE_MAX = 5;

/** A survey definition of a campus: its questions, written by the campus's staff. */
@Entity({ name: 'surveys' })
@Index('surveys_tenant_idx', ['tenantId'])
export class Survey {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 255 })
  name: string;

  @Column('text', { default: '' })
  description: string;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @OneToMany(() => SurveyQuestion, (question) => question.survey)
  questions?: SurveyQuestion[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One question of a survey, in the order `index`. */
@Entity({ name: 'survey_questions' })
@Index('survey_questions_survey_idx', ['surveyId', 'index'])
export class SurveyQuestion {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'survey_id' })
  surveyId: number;

  @ManyToOne(() => Survey, (survey) => survey.questions, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'survey_id' })
  survey?: Survey;

  @Column('integer')
  index: number;

  @Column('varchar', { length: 1000 })
  text: string;

  @Column('varchar', { length: 20 })
  type: QuestionType;

  /** The choices of a single or multiple choice question (empty for the others). */
  @Column('jsonb', { default: () => `'[]'` })
  options: string[];

  @Column('boolean', { default: true })
  required: boolean;
}
