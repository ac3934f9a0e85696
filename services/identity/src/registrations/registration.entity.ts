import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A visitor's self-registration waiting for its e-mail address to be verified: the account it
 * asks for (the password already hashed) and the link sent to the address. The account exists
 * only once the link is followed; only the SHA-256 of the link's token is stored.
 */
@Entity({ name: 'registrations' })
export class Registration {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  /** Normalized as users' usernames are (lower-case). */
  @Column('varchar', { length: 100 })
  username: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 254 })
  email: string;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  @Index('registrations_hash_uq', { unique: true })
  @Column('char', { name: 'token_hash', length: 64 })
  tokenHash: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
