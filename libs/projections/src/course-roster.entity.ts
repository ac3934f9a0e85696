import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A course the memberships projection knows, and the time of the staff snapshot it holds. */
@Entity({ name: 'course_rosters' })
export class CourseRoster {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** `occurredAt` of the `course.staff.changed` applied last; older ones are ignored. */
  @Column('timestamptz', { name: 'staff_as_of', nullable: true })
  staffAsOf: Date | null;
}
