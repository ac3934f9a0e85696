import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A lecturer of a campus who approves its semester plans (the head of a study programme, the
 * quality office): named by the campus's administrators. Administrators approve too, through the
 * API; the web client is for lecturers and students only.
 */
@Entity({ name: 'rps_approvers' })
export class RpsApprover {
  @PrimaryColumn('bigint', { name: 'tenant_id' })
  tenantId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
