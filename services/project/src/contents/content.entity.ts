import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { StoredFile } from '@lms/storage';
import { ProjectMember, ProjectModule } from '../projects/project.entity';

/** A content is a rich text, a kanban board or a file (spec 03 §3: text, board or other). */
export const CONTENT_TYPES = ['text', 'board', 'file'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * A content of a project module (spec 03 §3). A text keeps its sanitized HTML in `text`; a board
 * its columns and cards in `board_columns` and `board_cards`, and `boardVersion` counts its changes
 * (each change locks this row first, so two moves are applied one after the other).
 */
@Entity({ name: 'project_contents' })
@Index('project_contents_module_idx', ['projectModuleId', 'id'])
export class ProjectContent {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'project_id' })
  projectId: number;

  @Column('bigint', { name: 'project_module_id' })
  projectModuleId: number;

  @ManyToOne(() => ProjectModule, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_module_id' })
  module?: ProjectModule;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 10 })
  type: ContentType;

  @Column('text', { nullable: true })
  text: string | null;

  /** A file content's file (in the project store), once uploaded. */
  @Column('jsonb', { nullable: true })
  file: StoredFile | null;

  @Column('int', { name: 'board_version', default: 0 })
  boardVersion: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A column of a board, left to right by `position` (0, 1, …). */
@Entity({ name: 'board_columns' })
@Index('board_columns_content_idx', ['contentId', 'position'])
export class BoardColumn {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'content_id' })
  contentId: number;

  @ManyToOne(() => ProjectContent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'content_id' })
  content?: ProjectContent;

  @Column('varchar', { length: 100 })
  name: string;

  @Column('int')
  position: number;
}

/**
 * A card of a board: in one column, top to bottom by `position` (0, 1, … without gaps); its
 * assignees in `board_card_assignees`, its due date (if any) in `dueAt`, when it was marked done
 * in `completedAt` (null: not done), and the due date its assignees were last reminded of in
 * `remindedDueAt` (the card reminders: a moved due date is reminded anew).
 */
@Entity({ name: 'board_cards' })
@Index('board_cards_column_idx', ['columnId', 'position'])
@Index('board_cards_due_idx', ['dueAt'])
export class BoardCard {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'content_id' })
  contentId: number;

  @Column('bigint', { name: 'column_id' })
  columnId: number;

  @ManyToOne(() => BoardColumn, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'column_id' })
  column?: BoardColumn;

  @Column('varchar', { length: 200 })
  title: string;

  @Column('text', { default: '' })
  description: string;

  @Column('int')
  position: number;

  @Column('timestamptz', { name: 'due_at', nullable: true })
  dueAt: Date | null;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt: Date | null;

  @Column('timestamptz', { name: 'reminded_due_at', nullable: true })
  remindedDueAt: Date | null;
}

/**
 * A member of a project assigned to a card of one of its boards. The member is a foreign key to
 * `project_members`: only the project's members can be assigned, and one taken out of the project
 * leaves its cards with them.
 */
@Entity({ name: 'board_card_assignees' })
@Index('board_card_assignees_user_idx', ['userId', 'cardId'])
export class BoardCardAssignee {
  @PrimaryColumn('bigint', { name: 'card_id' })
  cardId: number;

  @ManyToOne(() => BoardCard, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'card_id' })
  card?: BoardCard;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'project_id' })
  projectId: number;

  @ManyToOne(() => ProjectMember, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'project_id', referencedColumnName: 'projectId' },
    { name: 'user_id', referencedColumnName: 'userId' },
  ])
  member?: ProjectMember;

  /** Assignees are listed in the order they were assigned. */
  @CreateDateColumn({ name: 'assigned_at', type: 'timestamptz' })
  assignedAt: Date;
}

/** A comment on a content (spec 03 §3 `comments`). */
@Entity({ name: 'content_comments' })
@Index('content_comments_content_idx', ['contentId', 'id'])
export class ContentComment {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'content_id' })
  contentId: number;

  @ManyToOne(() => ProjectContent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'content_id' })
  content?: ProjectContent;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('text')
  comment: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
