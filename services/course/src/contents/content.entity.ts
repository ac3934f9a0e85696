import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { Course } from '../courses/course.entity';

export const CONTENTABLE_TYPES = ['courses', 'modules', 'activities'] as const;
export type ContentableType = (typeof CONTENTABLE_TYPES)[number];

export const CONFERENCE_TYPES = ['zoom', 'google-meet', 'ms-teams', 'cloudx', 'webex'] as const;
export const CONTENT_TYPES = ['file', 'link', 'text', 'video', ...CONFERENCE_TYPES] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * A learning content attached to a course, one of its modules or one of its activities
 * (`contentable`), ordered by index. Archiving sets `deleted_at`; restore clears it.
 * A file content holds only metadata: `content` is the storage key of its blob.
 */
@Entity({ name: 'contents' })
@Index('contents_contentable_idx', ['contentableType', 'contentableId', 'index'])
@Index('contents_course_updated_idx', ['courseId', 'updatedAt'])
// Full-text GIN index of the global search (src/search); made by its migration.
@Index('contents_search_idx', { synchronize: false })
export class Content {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** The course the contentable belongs to: scoping and authorization without a walk up. */
  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @Column('varchar', { name: 'contentable_type', length: 20 })
  contentableType: ContentableType;

  @Column('bigint', { name: 'contentable_id' })
  contentableId: number;

  @Column('integer', { default: 0 })
  index: number;

  @Column('varchar', { length: 255 })
  name: string;

  @Column('varchar', { length: 20 })
  type: ContentType;

  /** Text (HTML) for text contents, the URL for links, videos and conferences, the blob key for files. */
  @Column('text', { nullable: true })
  content: string | null;

  /** Bytes, for files. */
  @Column('bigint', { nullable: true })
  size: number | null;

  @Column('varchar', { length: 255, nullable: true })
  mime: string | null;

  @Column('bigint', { name: 'created_by', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /**
   * Whether marking it done counts towards the course's completion (when the course tracks
   * completion). Every content counts unless those who teach the course exclude it.
   */
  @Column('boolean', { name: 'completion_required', default: true })
  completionRequired: boolean;

  /** Set when archived (the client's "deleted" list); restore clears it. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;

  /** The module whose archiving took this content along (restored with it); null otherwise. */
  @Column('bigint', { name: 'archived_with_module', nullable: true })
  archivedWithModule: number | null;

  /** The activity whose archiving took this content along (restored with it); null otherwise. */
  @Column('bigint', { name: 'archived_with_activity', nullable: true })
  archivedWithActivity: number | null;
}
