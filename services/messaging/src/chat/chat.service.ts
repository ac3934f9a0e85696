import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { outboxRow, UnitOfWork } from '@lms/events';
import { attributePointer, defineList, notFound, type ParsedQuery, unprocessable } from '@lms/jsonapi';
import { RealtimeEmitter } from '@lms/realtime';
import { People, unknownPerson } from '../people';
import type { ChatSocketEvents } from './chat-events';
import { ChatMember, ChatMessage, ChatRoom } from './chat.entity';
import { pushedMessage, type ReadChatMessage, type ReadRoom } from './chat.resource';
import type { ChatPost, RoomCreate } from './chat.rules';

/** Messages of a room per page of its history, and the most a page may ask for. */
export const HISTORY_PAGE = 30;
export const MAX_HISTORY_PAGE = 100;
/** Length of a message's excerpt in `messaging.chat.posted`. */
const EXCERPT = 140;

const roomList = defineList<ChatRoom>({ entity: ChatRoom, alias: 'room' });
const MEMBER_SQL = `EXISTS (SELECT 1 FROM chat_members m WHERE m.room_id = room.id AND m.user_id = :me)`;

interface MessageRow {
  id: string;
  room_id: string;
  tenant_id: string;
  user_id: string;
  message: string;
  reply_message_id: string | null;
  created_at: Date;
}

const toMessage = (row: MessageRow): ChatMessage =>
  Object.assign(new ChatMessage(), {
    id: Number(row.id),
    roomId: Number(row.room_id),
    tenantId: Number(row.tenant_id),
    userId: Number(row.user_id),
    message: row.message,
    replyMessageId: row.reply_message_id === null ? null : Number(row.reply_message_id),
    createdAt: row.created_at,
  });

/**
 * Chat rooms (spec 03 §3–§5, §7 "Messaging"): personal rooms between two people and named
 * groups, their messages, and who has not read them. Only a room's members read or write it —
 * anyone else, another campus included, gets a 404. A message marks the room unread for every
 * member but its author, and reaches their sockets (on every replica) once it is committed;
 * opening a room marks it read for the reader.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly people: People,
    private readonly sockets: RealtimeEmitter<ChatSocketEvents>,
  ) {}

  /**
   * `POST /message`: a personal room with one other person (the existing one if the two already
   * have one) or a group of the people listed and the caller. Everyone must be someone the caller
   * may write to; 422 pointing at the user otherwise.
   */
  async create(auth: AuthContext, input: RoomCreate): Promise<{ room: ReadRoom; created: boolean }> {
    const others = [...new Set(input.users.map((user) => user.id))].filter((id) => id !== auth.userId);
    if (input.type === 'personal' && others.length !== 1)
      throw unprocessable([
        { pointer: attributePointer('users'), detail: 'a personal room is with exactly one other person' },
      ]);
    if (input.type === 'group' && !input.name?.trim())
      throw unprocessable([{ pointer: attributePointer('name'), detail: 'a group needs a name' }]);
    const reachable = await this.people.reachable(auth, others);
    const problems = input.users
      .map((user, n) => ({ user, n }))
      .filter(({ user }) => user.id !== auth.userId && !reachable.has(user.id))
      .map(({ user, n }) => ({
        pointer: attributePointer(['users', n, 'id']),
        detail: `user ${user.id} is not someone you can write to`,
      }));
    if (problems.length > 0) throw unprocessable(problems);
    const personalKey =
      input.type === 'personal' ? [auth.userId, others[0]].sort((a, b) => a - b).join(':') : null;
    const { id, created } = await this.unit.run(async (manager) => {
      if (personalKey) {
        const existing = await manager.findOneBy(ChatRoom, { tenantId: auth.tenantId, personalKey });
        if (existing) return { id: Number(existing.id), created: false };
      }
      const inserted: Array<{ id: string }> = await manager.query(
        `INSERT INTO chat_rooms (tenant_id, type, name, thumbnail, personal_key, created_by)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (tenant_id, personal_key) DO NOTHING RETURNING id`,
        [
          auth.tenantId,
          input.type,
          input.type === 'group' ? input.name!.trim() : null,
          input.type === 'group' ? (input.thumbnail ?? null) : null,
          personalKey,
          auth.userId,
        ],
      );
      if (inserted.length === 0) {
        // the other person opened the same room a moment ago
        const raced = await manager.findOneByOrFail(ChatRoom, {
          tenantId: auth.tenantId,
          personalKey: personalKey!,
        });
        return { id: Number(raced.id), created: false };
      }
      const roomId = Number(inserted[0].id);
      await manager.insert(
        ChatMember,
        [auth.userId, ...others].map((userId) => ({
          roomId,
          userId,
          tenantId: auth.tenantId,
          unread: false,
          readAt: null,
        })),
      );
      return { id: roomId, created: true };
    });
    const room = await this.memberRoom(auth, id);
    if (created)
      this.sockets
        .toUsers(
          auth.tenantId,
          room.members.map((m) => m.id),
        )
        .emit('room update', this.pushedRoom(room));
    return { room, created };
  }

  /** `GET /message`: the caller's rooms, latest activity first. */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadRoom[], number]> {
    const [rooms, total] = await roomList.page(
      this.dataSource,
      {
        where: ['room.tenant_id = :tenantId', MEMBER_SQL],
        params: { tenantId: auth.tenantId, me: auth.userId },
      },
      query,
    );
    return [await this.decorate(auth, rooms), total];
  }

  /** `GET /message/unread`: the rooms whose unread list holds the caller (spec 03 §5). */
  async unread(auth: AuthContext): Promise<{ userId: number; rooms: number[] }> {
    const rows: Array<{ room_id: string }> = await this.dataSource.query(
      `SELECT room_id FROM chat_members WHERE tenant_id = $1 AND user_id = $2 AND unread ORDER BY room_id`,
      [auth.tenantId, auth.userId],
    );
    return { userId: auth.userId, rooms: rows.map((row) => Number(row.room_id)) };
  }

  /**
   * `GET /message/{id}`: the room and its latest messages; opening it marks it read for the
   * caller (their other tabs get the room update).
   */
  async open(auth: AuthContext, id: number): Promise<{ room: ReadRoom; messages: ReadChatMessage[] }> {
    // only the caller's own membership row can change: a room they are not in stays untouched
    const changed = await this.dataSource.query(
      `UPDATE chat_members SET unread = false, read_at = now()
        WHERE room_id = $1 AND user_id = $2 AND tenant_id = $3 AND unread RETURNING room_id`,
      [id, auth.userId, auth.tenantId],
    );
    const room = await this.memberRoom(auth, id);
    if ((changed as [unknown[], number])[1] > 0)
      this.sockets.toUser(auth.tenantId, auth.userId).emit('room update', this.pushedRoom(room));
    return { room, messages: await this.page(auth.tenantId, id, undefined, HISTORY_PAGE) };
  }

  /**
   * A page of the room's history, oldest first: the `limit` messages before message `before` (the
   * latest ones without it). The client pages back with the first id it holds.
   */
  async history(
    auth: AuthContext,
    id: number,
    before: number | undefined,
    limit: number,
  ): Promise<ReadChatMessage[]> {
    const member: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM chat_members WHERE room_id = $1 AND user_id = $2 AND tenant_id = $3`,
      [id, auth.userId, auth.tenantId],
    );
    if (member.length === 0) throw notFound('Chat room not found');
    return this.page(auth.tenantId, id, before, limit);
  }

  /** The `limit` messages of the room before message `before` (the latest without it), oldest first. */
  private async page(
    tenantId: number,
    id: number,
    before: number | undefined,
    limit: number,
  ): Promise<ReadChatMessage[]> {
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT * FROM (SELECT * FROM chat_messages WHERE room_id = $1 AND ($2::bigint IS NULL OR id < $2)
                       ORDER BY id DESC LIMIT $3) page ORDER BY id`,
      [id, before ?? null, limit],
    );
    return this.withAuthors(tenantId, rows.map(toMessage));
  }

  /**
   * `POST /message/message` and the socket's `msg_msg`: a message of a member; the room becomes
   * unread for everyone else, and every member's sockets get the message and the room update.
   * The hot path of the chat: one read (room, members, author, the replied message) and one
   * statement that writes the message, the unread marks, the room's time and
   * `messaging.chat.posted` together (its own transaction) — refused there too if the author has
   * left the room meanwhile.
   */
  async post(auth: AuthContext, input: ChatPost): Promise<ReadChatMessage> {
    const replyId = input.reply_message_id ?? null;
    const [room]: Array<{
      type: 'personal' | 'group';
      name: string | null;
      members: string[];
      reply_ok: boolean;
      author: { name: string; thumbnail: string | null; username: string; role: string } | null;
    }> = await this.dataSource.query(
      `SELECT r.type, r.name,
              ARRAY(SELECT m.user_id FROM chat_members m WHERE m.room_id = r.id ORDER BY m.user_id) AS members,
              ($4::bigint IS NULL OR EXISTS (SELECT 1 FROM chat_messages cm WHERE cm.id = $4 AND cm.room_id = r.id)) AS reply_ok,
              (SELECT json_build_object('name', u.name, 'thumbnail', u.thumbnail, 'username', u.username, 'role', u.role)
                 FROM users u WHERE u.id = $3 AND u.tenant_id = $2) AS author
         FROM chat_rooms r WHERE r.id = $1 AND r.tenant_id = $2`,
      [input.chatId, auth.tenantId, auth.userId, replyId],
    );
    const memberIds = (room?.members ?? []).map(Number);
    if (!room || !memberIds.includes(auth.userId)) throw notFound('Chat room not found');
    if (!room.reply_ok)
      throw unprocessable([
        { pointer: attributePointer('reply_message_id'), detail: 'is not a message of this room' },
      ]);
    const postedAt = new Date();
    // messaging.chat.posted, the message's id filled in by the statement that makes it
    const event = outboxRow('messaging.chat.posted', {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      key: input.chatId,
      data: {
        id: 1,
        roomId: input.chatId,
        roomType: room.type,
        roomName: room.name,
        authorId: auth.userId,
        memberIds,
        excerpt: input.message.slice(0, EXCERPT),
        postedAt: postedAt.toISOString(),
      },
    });
    const [row] = await this.unit.statement<MessageRow>(
      `WITH msg AS (
         INSERT INTO chat_messages (room_id, tenant_id, user_id, message, reply_message_id, created_at)
         SELECT $1, $2, $3, $4, $5, $6
          WHERE EXISTS (SELECT 1 FROM chat_members WHERE room_id = $1 AND user_id = $3)
         RETURNING *),
       marks AS (
         UPDATE chat_members SET unread = (chat_members.user_id <> $3),
                read_at = CASE WHEN chat_members.user_id = $3 THEN $6 ELSE chat_members.read_at END
           FROM msg WHERE chat_members.room_id = msg.room_id),
       touched AS (UPDATE chat_rooms SET updated_at = $6 FROM msg WHERE chat_rooms.id = msg.room_id),
       ev AS (
         INSERT INTO outbox (id, topic, type, partition_key, envelope)
         SELECT $7::uuid, $8, $9, $10, jsonb_set($11::jsonb, '{data,id}', to_jsonb(msg.id)) FROM msg)
       SELECT * FROM msg`,
      [
        input.chatId,
        auth.tenantId,
        auth.userId,
        input.message,
        replyId,
        postedAt,
        event.id,
        event.topic,
        event.type,
        event.partitionKey,
        JSON.stringify(event.envelope),
      ],
    );
    if (!row) throw notFound('Chat room not found');
    const author = room.author
      ? {
          id: auth.userId,
          name: room.author.name,
          thumbnail: room.author.thumbnail,
          code: room.author.username,
          level: room.author.role,
        }
      : unknownPerson(auth.userId);
    const message = Object.assign(toMessage(row), { author });
    const pushed = pushedMessage(message);
    const members = this.sockets.toUsers(auth.tenantId, memberIds);
    members.emit('messages update', { chat_id: input.chatId, messages: [pushed] });
    members.emit('room update', {
      id: input.chatId,
      unread: memberIds.filter((userId) => userId !== auth.userId),
      updatedAt: pushed.created_at,
      last_message: pushed,
    });
    return message;
  }

  /**
   * `DELETE /message/{id}`: a personal room, or a group by its creator, is deleted for everyone;
   * any other member of a group leaves it.
   */
  async remove(auth: AuthContext, id: number): Promise<void> {
    const room = await this.memberRoom(auth, id);
    const everyone = room.type === 'personal' || Number(room.createdBy) === auth.userId;
    await this.unit.run(async (manager) => {
      if (everyone) {
        await manager.delete(ChatMessage, { roomId: id });
        await manager.delete(ChatMember, { roomId: id });
        await manager.delete(ChatRoom, { id });
      } else await manager.delete(ChatMember, { roomId: id, userId: auth.userId });
    });
  }

  /** The room if the caller is one of its members (of their campus); 404 otherwise. */
  async memberRoom(auth: AuthContext, id: number, manager: EntityManager = this.dataSource.manager) {
    const room = await manager.findOneBy(ChatRoom, { id, tenantId: auth.tenantId });
    const member = room && (await manager.findOneBy(ChatMember, { roomId: id, userId: auth.userId }));
    if (!room || !member) throw notFound('Chat room not found');
    const [read] = await this.decorate(auth, [room], manager);
    return read;
  }

  /** A room's update as its members' sockets receive it. */
  private pushedRoom(room: ReadRoom) {
    return {
      id: Number(room.id),
      unread: room.unreadBy,
      updatedAt: room.updatedAt.toISOString(),
      last_message: room.lastMessage && pushedMessage(room.lastMessage),
    };
  }

  /** Members, unread lists, last messages and the reader's name of each room. */
  private async decorate(
    auth: AuthContext,
    rooms: ChatRoom[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ReadRoom[]> {
    if (rooms.length === 0) return [];
    const ids = rooms.map((room) => Number(room.id));
    const members: Array<{ room_id: string; user_id: string; unread: boolean }> = await manager.query(
      `SELECT room_id, user_id, unread FROM chat_members WHERE room_id = ANY($1::bigint[]) ORDER BY joined_at, user_id`,
      [ids],
    );
    const lastRows: MessageRow[] = await manager.query(
      `SELECT DISTINCT ON (room_id) * FROM chat_messages WHERE room_id = ANY($1::bigint[]) ORDER BY room_id, id DESC`,
      [ids],
    );
    const last = new Map(
      (await this.withAuthors(auth.tenantId, lastRows.map(toMessage), manager)).map((m) => [
        Number(m.roomId),
        m,
      ]),
    );
    const people = await this.people.byId(
      auth.tenantId,
      members.map((row) => Number(row.user_id)),
      manager,
    );
    return rooms.map((room) => {
      const own = members.filter((row) => Number(row.room_id) === Number(room.id));
      const persons = own.map((row) => people.get(Number(row.user_id)) ?? unknownPerson(Number(row.user_id)));
      const other = persons.find((person) => person.id !== auth.userId);
      return Object.assign(room, {
        members: persons,
        unreadBy: own.filter((row) => row.unread).map((row) => Number(row.user_id)),
        lastMessage: last.get(Number(room.id)) ?? null,
        title: room.type === 'group' ? (room.name ?? '') : (other?.name ?? ''),
        picture: room.type === 'group' ? room.thumbnail : (other?.thumbnail ?? null),
      });
    });
  }

  /** The messages with their authors. */
  private async withAuthors(
    tenantId: number,
    messages: ChatMessage[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ReadChatMessage[]> {
    const people = await this.people.byId(
      tenantId,
      messages.map((m) => Number(m.userId)),
      manager,
    );
    return messages.map((m) =>
      Object.assign(m, { author: people.get(Number(m.userId)) ?? unknownPerson(Number(m.userId)) }),
    );
  }
}
