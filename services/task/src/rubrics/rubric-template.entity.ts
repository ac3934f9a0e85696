import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Rubric } from '@lms/rubrics';

/**
 * A campus's rubric template, offered in the task editor beside the bundled Group Peer Review
 * Evaluation (which lives in code, not here).
 */
@Entity({ name: 'rubric_templates' })
@Index('rubric_templates_tenant_idx', ['tenantId'])
export class RubricTemplate {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 255 })
  name: string;

  @Column('jsonb')
  rubric: Rubric;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
