import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Question } from './question.entity';

/**
 * An answer option of a question (spec 02 §3 "Answer option"): its text, its point (above 0:
 * a correct option), an exact answer with tolerance and decimal places, or a formula.
 * `index` orders the options from 1; `answer_index` is the option's position from 0, which a
 * student's answer names.
 */
@Entity({ name: 'question_answers' })
@Index('question_answers_question_idx', ['questionId', 'index'])
export class AnswerOption {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'question_id' })
  questionId: number;

  @ManyToOne(() => Question, (question) => question.answers, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id' })
  questionEntity?: Relation<Question>;

  @Column('integer')
  index: number;

  @Column('text', { nullable: true })
  answer: string | null;

  @Column('double precision', { default: 0 })
  point: number;

  @Column('text', { name: 'exact_answer', nullable: true })
  exactAnswer: string | null;

  @Column('double precision', { default: 0 })
  tolerance: number;

  @Column('integer', { name: 'decimal_place', default: 0 })
  decimalPlace: number;

  @Column('text', { nullable: true })
  formula: string | null;
}
