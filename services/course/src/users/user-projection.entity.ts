import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PlatformRole } from '@lms/auth';

/** The course service's copy of identity's users, fed by `identity.user.upserted`. */
@Entity({ name: 'users' })
@Index('users_tenant_name_idx', ['tenantId', 'name'])
// Full-text GIN index of the global search (src/search); made by its migration.
@Index('users_search_idx', { synchronize: false })
export class UserProjection {
  @PrimaryColumn('bigint')
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 100 })
  username: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 254, nullable: true })
  email: string | null;

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
