import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A course whose structure is held, and the time of the `course.structure.snapshotted` applied last. */
@Entity({ name: 'course_structures' })
export class CourseStructure {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}

/** A module of a course (a week, a chapter), replaced with each structure snapshot. */
@Entity({ name: 'course_modules' })
@Index('course_modules_course_idx', ['courseId'])
export class ModuleProjection {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 255 })
  name: string;

  @Column('integer')
  index: number;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;
}

/** An activity (submodule) of a module: what an exam or a task hangs on. */
@Entity({ name: 'course_activities' })
@Index('course_activities_course_idx', ['courseId'])
export class ActivityProjection {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'module_id' })
  moduleId: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'parent_id', nullable: true })
  parentId: number | null;

  @Column('varchar', { length: 255 })
  name: string;

  @Column('integer')
  index: number;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;
}
