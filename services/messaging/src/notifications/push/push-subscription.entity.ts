import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A browser's Web Push subscription (`PushSubscription.toJSON()`), registered by its user through
 * `POST /v2/notification/notifications/tokens`. Removed when the push service answers 404 or 410.
 */
@Entity({ name: 'push_subscriptions' })
@Index('push_subscriptions_endpoint_key', ['endpoint'], { unique: true })
@Index('push_subscriptions_user_idx', ['tenantId', 'userId'])
export class PushSubscription {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('varchar', { length: 1000 })
  endpoint: string;

  /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
  @Column('varchar', { length: 200 })
  p256dh: string;

  @Column('varchar', { length: 100 })
  auth: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
