import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An academic period (semester): year and type, one of them active. */
@Entity({ name: 'periods' })
@Index('periods_tenant_idx', ['tenantId', 'year'])
export class Period {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 100 })
  name: string;

  @Column('integer')
  year: number;

  /** e.g. GANJIL (odd) or GENAP (even) semester. */
  @Column('varchar', { length: 20 })
  type: string;

  @Column('boolean', { name: 'is_active', default: false })
  isActive: boolean;
}
