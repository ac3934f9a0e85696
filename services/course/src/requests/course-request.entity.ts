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
import { Course } from '../courses/course.entity';
import { Period } from '../courses/period.entity';
import { Faculty } from '../faculties/faculty.entity';
import { UserProjection } from '../users/user-projection.entity';

/** Where a request stands: waiting for an operator, decided by one, or taken back by its lecturer. */
export const COURSE_REQUEST_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type CourseRequestState = (typeof COURSE_REQUEST_STATES)[number];

/**
 * A lecturer's request for a course (as Moodle's course requests): what the course would be, for
 * the campus's operators to approve — which creates the course, the requester its lecturer — or
 * reject with a reason. The requester may withdraw it while it is pending.
 */
@Entity({ name: 'course_requests' })
@Index('course_requests_tenant_state_idx', ['tenantId', 'state', 'createdAt'])
@Index('course_requests_requester_idx', ['requestedBy', 'createdAt'])
export class CourseRequest {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** The lecturer who asked, the course's lecturer once approved. */
  @Column('bigint', { name: 'requested_by' })
  requestedBy: number;

  @ManyToOne(() => UserProjection, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'requested_by' })
  requester?: Relation<UserProjection>;

  @Column('varchar', { length: 255 })
  name: string;

  @Column('varchar', { length: 50 })
  code: string;

  @Column('bigint', { name: 'period_id' })
  periodId: number;

  @ManyToOne(() => Period, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'period_id' })
  period?: Relation<Period>;

  @Column('bigint', { name: 'faculty_id', nullable: true })
  facultyId: number | null;

  @ManyToOne(() => Faculty, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'faculty_id' })
  faculty?: Relation<Faculty> | null;

  /** The names of the classes the course should have. */
  @Column('varchar', { length: 100, array: true, default: () => `'{}'` })
  classes: string[];

  /** Why the lecturer needs the course, for the operator who decides. */
  @Column('text', { nullable: true })
  note: string | null;

  @Column('varchar', { length: 10, default: 'pending' })
  state: CourseRequestState;

  /** The operator's reason of a rejection. */
  @Column('text', { nullable: true })
  reason: string | null;

  /** Who decided (null: by the command line, or not decided). */
  @Column('bigint', { name: 'decided_by', nullable: true })
  decidedBy: number | null;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt: Date | null;

  /** The course an approval created. */
  @Column('bigint', { name: 'course_id', nullable: true })
  courseId: number | null;

  @ManyToOne(() => Course, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
