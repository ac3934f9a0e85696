import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A course, fed by `course.course.upserted` (each a full snapshot, applied when newer). */
@Entity({ name: 'courses' })
@Index('courses_tenant_idx', ['tenantId'])
export class CourseProjection {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 255 })
  name: string;

  @Column('varchar', { length: 50, nullable: true })
  code: string | null;

  @Column('bigint', { name: 'period_id', nullable: true })
  periodId: number | null;

  @Column('varchar', { name: 'period_name', length: 100, nullable: true })
  periodName: string | null;

  @Column('integer', { name: 'period_year', nullable: true })
  periodYear: number | null;

  @Column('varchar', { name: 'period_type', length: 20, nullable: true })
  periodType: string | null;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  /** `occurredAt` of the snapshot held here; older ones are ignored. */
  @Column('timestamptz', { name: 'as_of' })
  asOf: Date;
}
