import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A class (parallel group) of a course, replaced with each `course.course.upserted`. */
@Entity({ name: 'course_classes' })
@Index('course_classes_course_idx', ['courseId'])
export class CourseClassProjection {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 100 })
  name: string;
}
