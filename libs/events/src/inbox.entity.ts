import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One row per event a consumer group has applied: the proof that a redelivery is a no-op. */
@Entity({ name: 'inbox' })
export class InboxEvent {
  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId: string;

  @PrimaryColumn('varchar', { length: 100 })
  consumer: string;

  @CreateDateColumn({ name: 'processed_at', type: 'timestamptz' })
  processedAt: Date;
}
