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

/** One visit of a course's public page (`POST /public/view/course/{id}`), as the client reports it. */
@Entity({ name: 'course_views' })
@Index('course_views_course_created_idx', ['courseId', 'createdAt'])
export class CourseView {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  /** The visitor's campus, role, code, name and province as the client sent them. */
  @Column('varchar', { length: 255, nullable: true })
  campus: string | null;

  @Column('varchar', { length: 255, nullable: true })
  roles: string | null;

  @Column('varchar', { length: 255, nullable: true })
  code: string | null;

  @Column('varchar', { length: 255, nullable: true })
  name: string | null;

  @Column('varchar', { length: 255, nullable: true })
  province: string | null;

  @Column('boolean', { name: 'is_verify', nullable: true })
  isVerify: boolean | null;

  /** The address the request came from (not the one the body claims). */
  @Column('varchar', { name: 'ip_address', length: 64, nullable: true })
  ipAddress: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
