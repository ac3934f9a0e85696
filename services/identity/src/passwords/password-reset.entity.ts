import { Column, Entity, Index } from 'typeorm';
import { MailedLink } from '../account-mail/mailed-link.entity';

/** A password-reset link sent by mail: single use, short-lived, stored as the hash of its token. */
@Entity({ name: 'password_resets' })
@Index('password_resets_hash_uq', ['tokenHash'], { unique: true })
export class PasswordReset extends MailedLink {
  @Index('password_resets_user_idx')
  @Column('bigint', { name: 'user_id' })
  userId: number;
}
