import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Language } from '@lms/events';

/**
 * A campus's default interface language, learnt from `identity.tenant.upserted`: the language of
 * the pushes and digests of a user who chose none (none here either: English).
 */
@Entity({ name: 'campus_languages' })
export class CampusLanguage {
  @PrimaryColumn('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { name: 'default_language', length: 8, nullable: true })
  defaultLanguage: Language | null;

  /** identity's updated_at of the version held: an older event never overwrites a newer one. */
  @Column('timestamptz', { name: 'source_updated_at' })
  sourceUpdatedAt: Date;
}
