import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Workspace } from '../workspaces/workspace.entity';

/** A project of a workspace (spec 03 §3), made by the workspace's owner for some of its members. */
@Entity({ name: 'projects' })
@Index('projects_workspace_idx', ['workspaceId', 'id'])
export class Project {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'workspace_id' })
  workspaceId: number;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('text', { default: '' })
  description: string;

  /** Who made it: the workspace's owner. */
  @Column('bigint', { name: 'user_id' })
  userId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A member of a project, added by the workspace's owner from the workspace's members. */
@Entity({ name: 'project_members' })
@Index('project_members_user_idx', ['tenantId', 'userId'])
export class ProjectMember {
  @PrimaryColumn('bigint', { name: 'project_id' })
  projectId: number;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: Project;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' })
  addedAt: Date;
}

/** A module of a project (spec 03 §3): a chapter its contents belong to, listed by id. */
@Entity({ name: 'project_modules' })
@Index('project_modules_project_idx', ['projectId', 'id'])
export class ProjectModule {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'project_id' })
  projectId: number;

  @ManyToOne(() => Project, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: Project;

  @Column('varchar', { length: 200 })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
