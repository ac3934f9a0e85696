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
import { Course } from '../courses/course.entity';
import { Activity } from '../structure/activity.entity';
import type { VlabSettings } from './vlabs.rules';

/**
 * A virtual lab (spec 03 §3): an external web application attached to an activity of a course,
 * opened in a new tab; it reports students' results signed with its own secret.
 */
@Entity({ name: 'vlabs' })
@Index('vlabs_activity_index_idx', ['activityId', 'index'])
@Index('vlabs_course_idx', ['courseId'])
export class Vlab {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @Column('bigint', { name: 'activity_id' })
  activityId: number;

  @ManyToOne(() => Activity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'activity_id' })
  activity?: Relation<Activity>;

  @Column('varchar', { length: 255 })
  name: string;

  /** https only. */
  @Column('varchar', { length: 2000 })
  url: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('jsonb', { default: {} })
  settings: VlabSettings;

  /** Order among the activity's labs. */
  @Column('integer', { default: 0 })
  index: number;

  /** The HMAC-SHA256 key results are signed with (hex); shown to the staff once, when made. */
  @Column('varchar', { length: 64, select: false })
  secret: string;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A result a lab reported for a student: one per attempt (`attempt_id`, when the lab sends one). */
@Entity({ name: 'vlab_results' })
@Unique('vlab_results_attempt_key', ['vlabId', 'attemptId'])
@Index('vlab_results_vlab_user_idx', ['vlabId', 'userId'])
export class VlabResult {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'vlab_id' })
  vlabId: number;

  @ManyToOne(() => Vlab, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vlab_id' })
  vlab?: Relation<Vlab>;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('double precision')
  score: number;

  /** The lab's own id of the attempt: a report sent again is the same result. */
  @Column('varchar', { name: 'attempt_id', length: 100, nullable: true })
  attemptId: string | null;

  /** Seconds the attempt took, as the lab reports it. */
  @Column('integer', { name: 'duration_seconds', nullable: true })
  durationSeconds: number | null;

  /** When the attempt ended, as the lab reports it (the time of the report otherwise). */
  @Column('timestamptz', { name: 'finished_at' })
  finishedAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
