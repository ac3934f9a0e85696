import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A sign-in through the campus's identity provider, from the moment it was sent there until it
 * comes back once: what its answer must match (`nonce`), the PKCE verifier of its code, the
 * redirect address the code was issued for. Looked up by the hash of its `state`; used up by the
 * first answer, so a replayed answer is refused.
 */
@Entity({ name: 'sso_attempts' })
export class SsoAttempt {
  /** SHA-256 of the `state` sent to the provider: the state itself is never stored. */
  @PrimaryColumn('char', { name: 'state_hash', length: 64 })
  stateHash: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 100 })
  nonce: string;

  @Column('varchar', { name: 'code_verifier', length: 128 })
  codeVerifier: string;

  @Column('varchar', { name: 'redirect_uri', length: 600 })
  redirectUri: string;

  @Index('sso_attempts_expires_idx')
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/**
 * Which sign-in session (refresh-token family) the provider's session (`sid`) and subject
 * (`sub`) opened, so the provider's back-channel logout can end exactly those.
 */
@Entity({ name: 'sso_sessions' })
@Index('sso_sessions_subject_idx', ['tenantId', 'issuer', 'subject'])
@Index('sso_sessions_sid_idx', ['tenantId', 'issuer', 'providerSessionId'])
export class SsoSession {
  /** The refresh-token family (the `sid` of our access tokens). */
  @PrimaryColumn('uuid')
  family: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('varchar', { length: 500 })
  issuer: string;

  @Column('varchar', { length: 255 })
  subject: string;

  @Column('varchar', { name: 'provider_session_id', length: 255, nullable: true })
  providerSessionId: string | null;

  /**
   * The ID token the sign-in was given: the `id_token_hint` of the provider's logout when the
   * person signs out here (RP-Initiated Logout), so the provider ends its session without asking.
   */
  @Column('text', { name: 'id_token', nullable: true })
  idToken: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
