import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { Course } from '../courses/course.entity';
import { Activity } from './activity.entity';

/** A module of a course (a week, a chapter), ordered by index. Archiving sets `deleted_at`. */
@Entity({ name: 'modules' })
@Index('modules_course_index_idx', ['courseId', 'index'])
export class CourseModule {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, (course) => course.modules, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @Column('integer', { default: 0 })
  index: number;

  @Column('varchar', { length: 255, default: 'Untitled' })
  name: string;

  @Column('boolean', { name: 'is_active', default: true })
  isActive: boolean;

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  @OneToMany(() => Activity, (activity) => activity.module)
  activities?: Relation<Activity[]>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Set when archived (deleted in the editor) with its activities and contents; restore clears it. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;
}
