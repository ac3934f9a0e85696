import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A projection whose backfill was requested (once per database; see backfill.ts). */
@Entity({ name: 'projection_backfills' })
export class ProjectionBackfill {
  @PrimaryColumn('varchar', { length: 100 })
  name: string;

  @CreateDateColumn({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;
}
