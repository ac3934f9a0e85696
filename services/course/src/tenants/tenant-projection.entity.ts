import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The course service's copy of identity's campuses, fed by `identity.tenant.upserted`. */
@Entity({ name: 'tenants' })
export class TenantProjection {
  @PrimaryColumn('bigint')
  id: number;

  /** Host name the campus is served at (lower case, no port): how a call without a token finds it. */
  @Index('tenants_domain_uq', { unique: true })
  @Column('varchar', { length: 253 })
  domain: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { name: 'time_zone', length: 64 })
  timeZone: string;

  /** identity's updated_at of the version held here: an older event never overwrites a newer one. */
  @Column('timestamptz', { name: 'source_updated_at' })
  sourceUpdatedAt: Date;
}
