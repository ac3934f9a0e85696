import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { ClassStudent } from './class-student.entity';
import { Course } from './course.entity';

/** A class (parallel group) of a course, holding its students. */
@Entity({ name: 'classes' })
@Index('classes_course_idx', ['courseId'])
export class CourseClass {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, (course) => course.classes, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @Column('varchar', { length: 100 })
  name: string;

  @OneToMany(() => ClassStudent, (member) => member.courseClass)
  students?: Relation<ClassStudent[]>;
}
