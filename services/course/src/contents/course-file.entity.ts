import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
} from 'typeorm';
import { Course } from '../courses/course.entity';

/** How a course came to hold a stored file. */
export const COURSE_FILE_ORIGINS = ['upload', 'copy'] as const;
export type CourseFileOrigin = (typeof COURSE_FILE_ORIGINS)[number];

/**
 * A stored file (blob) a course may use: recorded when someone who teaches the course uploads
 * it, or copies or moves a file content into the course. A file content of a course names only a
 * key recorded here for that course; a client names a key only if it recorded it itself (its own
 * upload, or its own copy); download links are signed only for a key recorded for the content's
 * course. Size and media type are what the upload measured and detected, never what a client says.
 */
@Entity({ name: 'course_files' })
@Index('course_files_course_added_by_idx', ['courseId', 'addedBy'])
export class CourseFile {
  @PrimaryColumn('text', { name: 'blob_key' })
  blobKey: string;

  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** Who uploaded (or copied) it; null for files the platform put there (demo seed, backfill). */
  @Column('bigint', { name: 'added_by', nullable: true })
  addedBy: number | null;

  @Column('varchar', { length: 10 })
  origin: CourseFileOrigin;

  /** Bytes, as stored. */
  @Column('bigint')
  size: number;

  /** Media type, as detected from the bytes. */
  @Column('varchar', { length: 255 })
  mime: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
