import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One refresh token of a sign-in session. Tokens of one sign-in share a family; each refresh
 * uses its token up and issues the next. Presenting a used token again means it was stolen:
 * the whole family is revoked.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryColumn('uuid')
  id: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Index('refresh_tokens_user_idx')
  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Index('refresh_tokens_family_idx')
  @Column('uuid')
  family: string;

  /** SHA-256 of the token: the token itself is never stored. */
  @Index('refresh_tokens_hash_uq', { unique: true })
  @Column('char', { name: 'token_hash', length: 64 })
  tokenHash: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @Column('varchar', { name: 'user_agent', length: 300, nullable: true })
  userAgent: string | null;

  @Column('varchar', { length: 64, nullable: true })
  ip: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
