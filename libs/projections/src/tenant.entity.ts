import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A campus (tenant), fed by `identity.tenant.upserted`: how a call without a token finds its campus. */
@Entity({ name: 'tenants' })
export class TenantProjection {
  @PrimaryColumn('bigint')
  id: number;

  /** Host name the campus is served at (lower case, no port). */
  @Index('tenants_domain_uq', { unique: true })
  @Column('varchar', { length: 253 })
  domain: string;

  @Column('varchar', { length: 200 })
  name: string;

  /** IANA zone the campus shows dates in. */
  @Column('varchar', { name: 'time_zone', length: 64 })
  timeZone: string;

  /** identity's updated_at of the version held here: an older event never overwrites a newer one. */
  @Column('timestamptz', { name: 'source_updated_at' })
  sourceUpdatedAt: Date;
}
