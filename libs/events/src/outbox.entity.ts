import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { EventEnvelope } from './envelope';

@Entity({ name: 'outbox' })
@Index('outbox_unpublished_idx', ['seq'], { where: 'published_at IS NULL' })
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 200 })
  topic: string;

  @Column('varchar', { length: 200 })
  type: string;

  @Column('varchar', { name: 'partition_key', length: 200 })
  partitionKey: string;

  @Column('jsonb')
  envelope: EventEnvelope;

  /**
   * The order the rows were written in, within a transaction and across transactions (bigint,
   * read as a string); the relay publishes by it. Assigned by the database, never written.
   */
  @Column({ type: 'bigint', generated: 'identity', generatedIdentity: 'ALWAYS' })
  seq: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt: Date | null;
}
