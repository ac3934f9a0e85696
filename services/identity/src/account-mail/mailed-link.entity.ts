import {
  Column,
  CreateDateColumn,
  type EntityManager,
  type EntityTarget,
  PrimaryGeneratedColumn,
} from 'typeorm';

/**
 * What every link sent by mail stores (a password reset, a registration's verification): its
 * campus, the SHA-256 of its token (never the token, so the table opens no account), until when
 * it works and when it was used. Each entity names its own table and the unique index of its hash.
 */
export abstract class MailedLink {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('char', { name: 'token_hash', length: 64 })
  tokenHash: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** Whether a link works: it exists, is the campus's (when `tenantId` is given), unused and unexpired. */
export function usableLink<T extends MailedLink>(link: T | null, tenantId?: number): link is T {
  return (
    link !== null &&
    (tenantId === undefined || link.tenantId === tenantId) &&
    !link.usedAt &&
    link.expiresAt.getTime() > Date.now()
  );
}

/**
 * The link of `tokenHash`, locked for the caller's transaction, if it still works: of two uses at
 * once, one finds it usable and the other waits, then finds it used.
 */
export async function lockUsableLink<T extends MailedLink>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  tokenHash: string,
): Promise<T | null> {
  const link = await manager
    .getRepository(entity)
    .createQueryBuilder('link')
    .setLock('pessimistic_write')
    .where('link.token_hash = :tokenHash', { tokenHash })
    .getOne();
  return usableLink(link) ? link : null;
}
