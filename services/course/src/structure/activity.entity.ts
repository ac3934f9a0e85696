import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { CourseModule } from './module.entity';

/** An activity (the spec's submodule) inside a module, ordered by index. */
@Entity({ name: 'activities' })
@Index('activities_module_index_idx', ['moduleId', 'index'])
export class Activity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'module_id' })
  moduleId: number;

  @ManyToOne(() => CourseModule, (module) => module.activities, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'module_id' })
  module?: Relation<CourseModule>;

  @Column('bigint', { name: 'parent_id', nullable: true })
  parentId: number | null;

  @Column('integer', { default: 0 })
  index: number;

  @Column('varchar', { length: 255, default: 'Untitled Submodule' })
  name: string;

  @Column('boolean', { name: 'is_active', default: true })
  isActive: boolean;

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @Column('timestamptz', { name: 'end_at', nullable: true })
  endAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Set when archived, by itself or with its module; restore clears it. */
  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;

  /** The module whose archiving took this activity along (restored with it); null otherwise. */
  @Column('bigint', { name: 'archived_with_module', nullable: true })
  archivedWithModule: number | null;
}
