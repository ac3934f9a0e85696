import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A group of a course's set as the task service knows it (`course.groups.changed`). */
export interface ProjectedGroup {
  id: number;
  name: string;
  members: Array<{ userId: number; isLeader: boolean }>;
}

/**
 * A course's set of groups (`type`), as the course service last published it: what a group
 * task's groups can be copied from (`POST /course/task/{id}/groups/from-set`).
 */
@Entity({ name: 'course_group_sets' })
export class CourseGroupSet {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @PrimaryColumn('varchar', { length: 100 })
  type: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** Empty when the set is gone (kept, so an older event never brings it back). */
  @Column('jsonb')
  groups: ProjectedGroup[];

  /** `occurredAt` of the event applied: an older one changes nothing. */
  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}
