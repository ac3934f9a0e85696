import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Projection of `course.enrolment.changed` and `course.enrolment.snapshotted`: a student in a
 * class of a course. A student who left keeps the row with `enrolled` false, so that an older
 * event arriving later (`asOf`, the event's `occurredAt`) never brings them back.
 */
@Entity({ name: 'course_students' })
@Index('course_students_user_idx', ['userId'])
@Index('course_students_course_idx', ['courseId'])
export class CourseStudent {
  @PrimaryColumn('bigint', { name: 'class_id' })
  classId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('boolean')
  enrolled: boolean;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}
