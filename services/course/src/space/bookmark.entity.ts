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
} from 'typeorm';
import { Course } from '../courses/course.entity';
import type { SpaceItemKind } from './space-items.sql';

/**
 * A user's bookmark of a content, exam, task or discussion thread (issue 21). The row stays when
 * the item becomes hidden, unpublished or deleted, or the user leaves its course; listing shows
 * only the items the user may still see (src/space/space-items.sql.ts).
 */
@Entity({ name: 'bookmarks' })
@Unique('bookmarks_user_item_key', ['userId', 'kind', 'itemId'])
@Index('bookmarks_user_created_idx', ['userId', 'createdAt'])
export class Bookmark {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('varchar', { length: 16 })
  kind: SpaceItemKind;

  @Column('bigint', { name: 'item_id' })
  itemId: number;

  /** The item's course when it was bookmarked. */
  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
