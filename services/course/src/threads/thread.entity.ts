import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import type { StoredFile } from '@lms/storage';
import { Course } from '../courses/course.entity';
import type { UserProjection } from '../users/user-projection.entity';

/** How deep replies nest: a top-level reply is level 1, a reply to a level-3 reply is refused. */
export const MAX_REPLY_DEPTH = 3;

/**
 * A discussion thread (spec 02 §3) on an activity of a course, or the course's introduction
 * thread (no activity, one per course, made on first read). `updated_at` is its last activity:
 * an edit of the thread, or a reply added to it. The body is sanitized rich text (libs/richtext).
 */
@Entity({ name: 'threads' })
@Index('threads_course_updated_idx', ['courseId', 'updatedAt'])
@Index('threads_activity_updated_idx', ['activityId', 'updatedAt'])
@Index('threads_course_introduction_key', ['courseId'], { unique: true, where: 'is_introduction' })
// Full-text GIN index of the global search (src/search); made by its migration.
@Index('threads_search_idx', { synchronize: false })
export class Thread {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  /** The activity it hangs on; null only for the introduction thread. */
  @Column('bigint', { name: 'activity_id', nullable: true })
  activityId: number | null;

  @Column('boolean', { name: 'is_introduction', default: false })
  isIntroduction: boolean;

  @Column('varchar', { length: 255 })
  title: string;

  @Column('text')
  body: string;

  /** Who started it; null for the introduction thread (made by the service). */
  @Column('bigint', { name: 'author_id', nullable: true })
  authorId: number | null;

  author?: UserProjection | null;

  /** Hidden by the course's staff: invisible (404) to everyone else. */
  @Column('boolean', { name: 'is_hidden', default: false })
  isHidden: boolean;

  /** Locked by the staff: no new replies. */
  @Column('boolean', { name: 'is_locked', default: false })
  isLocked: boolean;

  /** Pinned by the staff: listed first. */
  @Column('boolean', { name: 'is_pinned', default: false })
  isPinned: boolean;

  /** Replies not deleted (hidden ones included). */
  @Column('integer', { name: 'reply_count', default: 0 })
  replyCount: number;

  @Column('timestamptz', { name: 'last_reply_at', nullable: true })
  lastReplyAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A reply to a thread (spec 03 §3 "Thread reply"), or to another reply (`parent_id`, the spec's
 * `thread_reply_id`), at most {@link MAX_REPLY_DEPTH} levels deep. Sanitized rich text and files.
 * A reply deleted while it has replies stays as a placeholder (`deleted_at`, text and files gone).
 */
@Entity({ name: 'thread_replies' })
@Index('thread_replies_thread_idx', ['threadId', 'createdAt'])
@Index('thread_replies_parent_idx', ['parentId'])
export class ThreadReply {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'thread_id' })
  threadId: number;

  @ManyToOne(() => Thread, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'thread_id' })
  thread?: Relation<Thread>;

  @Column('bigint', { name: 'parent_id', nullable: true })
  parentId: number | null;

  @ManyToOne(() => ThreadReply, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_id' })
  parent?: Relation<ThreadReply>;

  /** 1 for a reply to the thread, 2 for a reply to one of those, … */
  @Column('smallint')
  depth: number;

  @Column('bigint', { name: 'author_id' })
  authorId: number;

  author?: UserProjection | null;

  @Column('text')
  reply: string;

  @Column('jsonb', { default: () => `'[]'` })
  files: StoredFile[];

  /** Hidden by the staff: others see a placeholder. */
  @Column('boolean', { name: 'is_hidden', default: false })
  isHidden: boolean;

  @Column('timestamptz', { name: 'edited_at', nullable: true })
  editedAt: Date | null;

  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
