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
import { UserProjection } from '../users/user-projection.entity';
import { Course } from './course.entity';

/** An assistant of a course; one of them may be its coordinator. */
@Entity({ name: 'course_assistants' })
@Index('course_assistants_user_idx', ['userId'])
export class CourseAssistant {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('boolean', { name: 'is_coordinator', default: false })
  isCoordinator: boolean;

  @ManyToOne(() => Course, (course) => course.assistants, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @ManyToOne(() => UserProjection, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserProjection>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
