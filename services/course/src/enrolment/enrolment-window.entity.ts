import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { CourseClass } from '../courses/course-class.entity';
import { Course } from '../courses/course.entity';

/**
 * When students may join a course by themselves, with one join token per class. Opening a new
 * window supersedes the previous one, whose tokens then count as expired.
 */
@Entity({ name: 'enrolment_windows' })
@Index('enrolment_windows_current_uq', ['courseId'], { unique: true, where: 'superseded_at IS NULL' })
export class EnrolmentWindow {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @Column('timestamptz', { name: 'start_at' })
  startAt: Date;

  @Column('timestamptz', { name: 'end_at' })
  endAt: Date;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'superseded_at', nullable: true })
  supersededAt: Date | null;

  @OneToMany(() => EnrolmentToken, (token) => token.window)
  tokens?: Relation<EnrolmentToken[]>;
}

/**
 * The join token of one class in one enrolment window. A token is unique within its campus, the
 * current and the superseded ones alike: the token alone names the class (and the course) a
 * student joins, and an old token is recognised as expired.
 */
@Entity({ name: 'enrolment_tokens' })
@Index('enrolment_tokens_window_class_uq', ['windowId', 'classId'], { unique: true })
@Index('enrolment_tokens_class_idx', ['classId'])
@Index('enrolment_tokens_tenant_token_uq', ['tenantId', 'token'], { unique: true })
export class EnrolmentToken {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'window_id' })
  windowId: number;

  @ManyToOne(() => EnrolmentWindow, (window) => window.tokens, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'window_id' })
  window?: Relation<EnrolmentWindow>;

  @Column('bigint', { name: 'class_id' })
  classId: number;

  @ManyToOne(() => CourseClass, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'class_id' })
  courseClass?: Relation<CourseClass>;

  @Column('varchar', { length: 16 })
  token: string;
}
