import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { Course } from '../courses/course.entity';

/**
 * A group of students of a course. Groups come in sets: `type` names the set ("Project teams",
 * "Lab pairs"), and a student is in at most one group of a set (`course_group_members`).
 */
@Entity({ name: 'course_groups' })
@Unique('course_groups_set_name_key', ['courseId', 'type', 'name'])
export class CourseGroup {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  /** The set the group belongs to. */
  @Column('varchar', { length: 100 })
  type: string;

  @Column('varchar', { length: 255 })
  name: string;

  /** An optional label of the set's generation (a package, a round). */
  @Column('varchar', { length: 100, nullable: true })
  package: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A student in a group. `course_id` and `type` repeat the group's so that the database itself
 * keeps a student in one group per set; a group has at most one leader.
 */
@Entity({ name: 'course_group_members' })
@Unique('course_group_members_set_user_key', ['courseId', 'type', 'userId'])
@Index('course_group_members_leader_key', ['groupId'], { unique: true, where: '"is_leader"' })
@Index('course_group_members_user_idx', ['userId'])
export class CourseGroupMember {
  @PrimaryColumn('bigint', { name: 'group_id' })
  groupId: number;

  @ManyToOne(() => CourseGroup, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: Relation<CourseGroup>;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('varchar', { length: 100 })
  type: string;

  @Column('boolean', { name: 'is_leader', default: false })
  isLeader: boolean;
}
