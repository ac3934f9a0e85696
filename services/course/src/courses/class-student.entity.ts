import {
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
} from 'typeorm';
import { UserProjection } from '../users/user-projection.entity';
import { CourseClass } from './course-class.entity';

/** A student's membership of a class: what makes a course theirs. */
@Entity({ name: 'class_students' })
@Index('class_students_user_idx', ['userId'])
export class ClassStudent {
  @PrimaryColumn('bigint', { name: 'class_id' })
  classId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @ManyToOne(() => CourseClass, (courseClass) => courseClass.students, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'class_id' })
  courseClass?: Relation<CourseClass>;

  @ManyToOne(() => UserProjection, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserProjection>;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;
}
