import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { Course } from '../courses/course.entity';
import { UserProjection } from '../users/user-projection.entity';

export const REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * An invitation to assist a course: the lecturer adds a user, the user accepts (and becomes an
 * assistant) or rejects. At most one pending invitation per course and user.
 */
@Entity({ name: 'assistant_requests' })
@Index('assistant_requests_pending_uq', ['courseId', 'userId'], { unique: true, where: `status = 'PENDING'` })
@Index('assistant_requests_user_idx', ['userId', 'createdAt'])
export class AssistantRequest {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  /** The invited user. */
  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'requested_by' })
  requestedBy: number;

  @ManyToOne(() => UserProjection, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'requested_by' })
  requester?: Relation<UserProjection>;

  @Column('varchar', { length: 10, default: 'PENDING' })
  status: RequestStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt: Date | null;
}
