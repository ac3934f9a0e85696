import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Language } from '@lms/events';

/**
 * A user's choices about notifications beyond the bell: browser push (on by default, off with a
 * preference) and the mail digest, sent to `mailAddress` — their profile's notification e-mail,
 * learnt from `identity.user.upserted` — unless they turned mail off; both in their `language`.
 */
@Entity({ name: 'notification_settings' })
export class NotificationSetting {
  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('boolean', { name: 'push_enabled', default: true })
  pushEnabled: boolean;

  @Column('boolean', { name: 'mail_enabled', default: true })
  mailEnabled: boolean;

  @Column('varchar', { name: 'mail_address', length: 254, nullable: true })
  mailAddress: string | null;

  /**
   * The interface language the user chose, learnt from `identity.user.upserted` (null: none, their
   * campus's default applies, else English): pushes and digests are written in it.
   */
  @Column('varchar', { length: 8, nullable: true })
  language: Language | null;

  /** identity's updated_at of the address and language held: an older event never overwrites them. */
  @Column('timestamptz', { name: 'address_updated_at', nullable: true })
  addressUpdatedAt: Date | null;

  /** The last digest sent to the user: the next one waits `MAIL_DIGEST_INTERVAL_MS` after it. */
  @Column('timestamptz', { name: 'last_digest_at', nullable: true })
  lastDigestAt: Date | null;
}
