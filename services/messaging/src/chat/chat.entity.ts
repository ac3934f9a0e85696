import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A chat room is between two people (`personal`) or a named group of people (`group`). */
export const ROOM_TYPES = ['personal', 'group'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/**
 * A chat room (spec 03 §3 "Message room"): its members are in `chat_members`, its messages in
 * `chat_messages`. A personal room is unique per pair of people (`personalKey`, `lo:hi` of their
 * ids), so asking for it again gives the same room.
 */
@Entity({ name: 'chat_rooms' })
@Index('chat_rooms_personal_key_idx', ['tenantId', 'personalKey'], { unique: true })
export class ChatRoom {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar', { length: 10 })
  type: RoomType;

  /** A group's name; a personal room is named after the other person when read. */
  @Column('varchar', { length: 200, nullable: true })
  name: string | null;

  @Column('varchar', { length: 500, nullable: true })
  thumbnail: string | null;

  @Column('varchar', { name: 'personal_key', length: 50, nullable: true })
  personalKey: string | null;

  @Column('bigint', { name: 'created_by' })
  createdBy: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The last message's time (its creation until then): the room list's order. */
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}

/** A member of a room, and whether a message came since they last opened it (spec 03 §5). */
@Entity({ name: 'chat_members' })
@Index('chat_members_user_idx', ['tenantId', 'userId'])
export class ChatMember {
  @PrimaryColumn('bigint', { name: 'room_id' })
  roomId: number;

  @PrimaryColumn('bigint', { name: 'user_id' })
  userId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('boolean', { default: false })
  unread: boolean;

  @Column('timestamptz', { name: 'read_at', nullable: true })
  readAt: Date | null;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;
}

/** A message of a room, optionally replying to an earlier one of the same room. */
@Entity({ name: 'chat_messages' })
@Index('chat_messages_room_idx', ['roomId', 'id'])
export class ChatMessage {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'room_id' })
  roomId: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('bigint', { name: 'user_id' })
  userId: number;

  @Column('text')
  message: string;

  @Column('bigint', { name: 'reply_message_id', nullable: true })
  replyMessageId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
