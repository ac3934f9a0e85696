import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PlatformRole } from '@lms/auth';

/**
 * A user as other services show them, fed by `identity.user.upserted`: display data and the
 * numbers a result list names people by (NIM, NIDN) — no e-mail, no credentials.
 */
@Entity({ name: 'users' })
@Index('users_tenant_name_idx', ['tenantId', 'name'])
export class UserProjection {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 100 })
  username: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 500, nullable: true })
  thumbnail: string | null;

  @Column('varchar', { length: 16 })
  role: PlatformRole;

  @Column('boolean')
  active: boolean;

  @Column('varchar', { length: 32, nullable: true })
  nidn: string | null;

  @Column('varchar', { length: 32, nullable: true })
  nim: string | null;

  /** identity's updated_at of the version held here: an older event never overwrites a newer one. */
  @Column('timestamptz', { name: 'source_updated_at' })
  sourceUpdatedAt: Date;
}
