import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Question } from './question.entity';

/** A tag of a question: the question bank is browsed by them. */
@Entity({ name: 'question_tags' })
@Index('question_tags_tenant_tag_idx', ['tenantId', 'tag'])
export class QuestionTag {
  @PrimaryColumn('bigint', { name: 'question_id' })
  questionId: number;

  @PrimaryColumn('varchar', { length: 50 })
  tag: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @ManyToOne(() => Question, (question) => question.tags, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question_id' })
  questionEntity?: Relation<Question>;
}
