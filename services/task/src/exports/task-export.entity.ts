import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
/** queued → running → ready (the zip is stored) or failed (`error` says why). */
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const bigintNumber = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * An export of a task's answers as a zip, made in the background: asked for by the task's staff,
 * claimed by one replica's runner, written into the task service's blob store, then handed out by
 * short-lived links. The newest export of a task is the one shown; making a new one drops the older.
 */
@Entity({ name: 'task_exports' })
@Index('task_exports_task_idx', ['taskId', 'createdAt'])
@Index('task_exports_status_idx', ['status', 'createdAt'])
export class TaskExport {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'task_id' })
  taskId: number;

  @Column('varchar', { length: 10 })
  status: ExportStatus;

  /** The time zone of the one who asked (dates in the summary workbook). */
  @Column('varchar', { name: 'time_zone', length: 64 })
  timeZone: string;

  /** Where the zip is stored, once ready. */
  @Column('varchar', { name: 'blob_key', length: 300, nullable: true })
  blobKey: string | null;

  /** The name the download is saved under. */
  @Column('varchar', { length: 255, nullable: true })
  filename: string | null;

  @Column('bigint', { nullable: true, transformer: bigintNumber })
  size: number | null;

  /** How many answers (students' or groups') the zip holds. */
  @Column('integer', { name: 'answer_count', nullable: true })
  answerCount: number | null;

  /** Why it failed (shown to the staff). */
  @Column('text', { nullable: true })
  error: string | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'started_at', nullable: true })
  startedAt: Date | null;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt: Date | null;
}
