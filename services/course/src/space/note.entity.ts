import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { Content } from '../contents/content.entity';
import { Course } from '../courses/course.entity';

/**
 * A user's private note on a content (issue 21): one per user and content, sanitized rich text,
 * searched by PostgreSQL full-text search over its plain text (the GIN index `notes_search_idx`,
 * made by the migration: an expression index TypeORM does not describe).
 */
@Entity({ name: 'notes' })
@Unique('notes_user_content_key', ['userId', 'contentId'])
@Index('notes_user_updated_idx', ['userId', 'updatedAt'])
@Index('notes_search_idx', { synchronize: false })
export class Note {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'content_id' })
  contentId: number;

  @ManyToOne(() => Content, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'content_id' })
  content?: Relation<Content>;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  /** Sanitized rich text (HTML), as libs/richtext leaves it. */
  @Column('text')
  body: string;

  /** The body as plain text: what the full-text search reads. */
  @Column('text', { name: 'plain_text' })
  plainText: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
