import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { type StoredFile } from '@lms/storage';

export const COMMENTABLE_TYPES = ['task_answer'] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];

/** A comment on an answer (spec 02 §3 "Comment"), by its student(s) or the staff, with files. */
@Entity({ name: 'comments' })
@Index('comments_commentable_idx', ['commentableType', 'commentableId', 'createdAt'])
export class Comment {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { name: 'commentable_type', length: 30 })
  commentableType: CommentableType;

  @Column('bigint', { name: 'commentable_id' })
  commentableId: number;

  @Column('bigint', { name: 'author_id' })
  authorId: number;

  @Column('text')
  comment: string;

  @Column('jsonb', { default: () => `'[]'` })
  files: StoredFile[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
