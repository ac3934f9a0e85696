import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Projection of `course.staff.changed`: who teaches each course (its lecturer and assistants),
 * replaced whole by each newer snapshot (`CourseRoster.staffAsOf`).
 */
@Entity({ name: 'course_staff' })
@Index('course_staff_user_idx', ['userId'])
export class CourseStaff {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 10 })
  role: 'lecturer' | 'assistant';
}
