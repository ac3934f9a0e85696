import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A password-reset link sent by mail: single use, short-lived. Only the SHA-256 of its token is
 * stored, so the table does not let anyone reset a password.
 */
@Entity({ name: 'password_resets' })
export class PasswordReset {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Index('password_resets_user_idx')
  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Index('password_resets_hash_uq', { unique: true })
  @Column('char', { name: 'token_hash', length: 64 })
  tokenHash: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
