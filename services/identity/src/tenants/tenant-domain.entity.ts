import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Tenant } from './tenant.entity';

/**
 * A host name a campus is served at: several per campus (its primary one, `tenants.domain`,
 * among them), each at most one campus's.
 */
@Entity({ name: 'tenant_domains' })
export class TenantDomain {
  /** Lower case, no port. */
  @PrimaryColumn('varchar', { length: 253 })
  domain: string;

  @Index('tenant_domains_tenant_idx')
  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;
}
