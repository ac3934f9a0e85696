import { Column, Entity, Index } from 'typeorm';
import { MailedLink } from '../account-mail/mailed-link.entity';

/**
 * A visitor's self-registration waiting for its e-mail address to be verified: the account it
 * asks for (the password already hashed) and the link sent to the address, stored as the hash of
 * its token. The account exists only once the link is followed.
 */
@Entity({ name: 'registrations' })
@Index('registrations_hash_uq', ['tokenHash'], { unique: true })
export class Registration extends MailedLink {
  /** Normalized as users' usernames are (lower-case). */
  @Column('varchar', { length: 100 })
  username: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 254 })
  email: string;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;
}
