import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Project } from '../projects/project.entity';

/** What happened in a project, as its timeline names it. */
export const ACTIVITY_ACTIONS = [
  'project.created',
  'project.updated',
  'member.added',
  'member.removed',
  'module.created',
  'module.deleted',
  'content.created',
  'content.updated',
  'content.deleted',
  'comment.created',
  'card.created',
  'card.updated',
  'card.moved',
  'card.deleted',
  'column.created',
  'column.deleted',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * One entry of a project's timeline (`GET /timeline-project/{id}`), written in the transaction of
 * the change it records: who did what to which object, and the object's name then.
 */
@Entity({ name: 'project_activities' })
@Index('project_activities_project_idx', ['projectId', 'id'])
export class ProjectActivity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'project_id' })
  projectId: number;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: Project;

  @Column('bigint', { name: 'actor_id' })
  actorId: number;

  @Column('varchar', { length: 30 })
  action: ActivityAction;

  /** The module, content, card or member the action was on. */
  @Column('bigint', { name: 'subject_id', nullable: true })
  subjectId: number | null;

  @Column('varchar', { name: 'subject_name', length: 200, default: '' })
  subjectName: string;

  @Column('jsonb', { default: {} })
  data: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
