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

/**
 * A workspace (spec 03 §3): a lecturer's space of student projects. Its members join with the
 * owner's token (`token`, valid until `tokenExpiredAt`); the token is shown to the owner only.
 */
@Entity({ name: 'workspaces' })
@Index('workspaces_tenant_idx', ['tenantId', 'id'])
export class Workspace {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('text', { default: '' })
  description: string;

  @Column('varchar', { length: 500, nullable: true })
  thumbnail: string | null;

  /** The lecturer who made it: the only one who changes it, its token and its projects. */
  @Column('bigint', { name: 'owner_id' })
  ownerId: number;

  @Column('varchar', { length: 16, nullable: true })
  token: string | null;

  @Column('timestamptz', { name: 'token_expired_at', nullable: true })
  tokenExpiredAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** Someone who joined a workspace with its token (as `student`, spec 03 §6). */
@Entity({ name: 'workspace_members' })
@Index('workspace_members_user_idx', ['tenantId', 'userId'])
export class WorkspaceMember {
  @PrimaryColumn('bigint', { name: 'workspace_id' })
  workspaceId: number;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 20, default: 'student' })
  type: string;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;
}

/**
 * A user's wrong join tokens in the current window (`windowStart` + `JOIN_GUESS_WINDOW_MINUTES`):
 * past `JOIN_GUESS_CAP` every join is refused with a 429 until the window ends.
 */
@Entity({ name: 'workspace_join_guesses' })
export class JoinGuess {
  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('int', { default: 0 })
  wrong: number;

  @Column('timestamptz', { name: 'window_start', default: () => 'now()' })
  windowStart: Date;
}
