import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A faculty of a campus (a course's study programme belongs to one). */
@Entity({ name: 'faculties' })
@Index('faculties_tenant_name_idx', ['tenantId', 'name'])
export class Faculty {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 50, nullable: true })
  code: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
