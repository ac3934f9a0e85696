import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { Person } from '../people';
import type { PushedChatMessage } from './chat-events';
import { type ChatMessage, type ChatRoom, ROOM_TYPES } from './chat.entity';

/** A message with its author as the room shows it. */
export type ReadChatMessage = ChatMessage & { author: Person };

/** A room as one of its members reads it. */
export type ReadRoom = ChatRoom & {
  members: Person[];
  /** Members who have not read it since its last message. */
  unreadBy: number[];
  lastMessage: ReadChatMessage | null;
  /** The room's name for the reader: a group's own, or the other person's. */
  title: string;
  picture: string | null;
};

const personSchema = z.object({
  id: z.int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  code: z.string(),
  level: z.string(),
});

export const chatMessageResource = defineResource({
  name: 'ChatMessage',
  type: 'chat-messages',
  schema: {
    chat_id: z.int(),
    user_id: z.int(),
    user_name: z.string(),
    user_thumbnail: z.string().nullable(),
    message: z.string(),
    reply_message_id: z.int().nullable(),
    created_at: z.date(),
  },
  attributes: (message: ReadChatMessage) => ({
    chat_id: Number(message.roomId),
    user_id: Number(message.userId),
    user_name: message.author.name,
    user_thumbnail: message.author.thumbnail,
    message: message.message,
    reply_message_id: message.replyMessageId === null ? null : Number(message.replyMessageId),
    created_at: message.createdAt,
  }),
});

/** The socket form of a message: the resource's attributes, the date as an ISO 8601 instant. */
export const pushedMessage = (message: ReadChatMessage): PushedChatMessage => ({
  id: Number(message.id),
  chat_id: Number(message.roomId),
  user_id: Number(message.userId),
  user_name: message.author.name,
  user_thumbnail: message.author.thumbnail,
  message: message.message,
  reply_message_id: message.replyMessageId === null ? null : Number(message.replyMessageId),
  created_at: message.createdAt.toISOString(),
});

/** A chat room (spec 03 §3 "Message room"): `_id` is its id, as the spec's client reads it. */
export const roomResource = defineResource({
  name: 'ChatRoom',
  type: 'chat-rooms',
  schema: {
    _id: z.int(),
    /** `personal` or `group` (JSON:API keeps `type` for the resource's own). */
    room_type: z.enum(ROOM_TYPES),
    name: z.string(),
    thumbnail: z.string().nullable(),
    users: z.array(personSchema),
    unread: z.array(z.int()),
    updatedAt: z.date(),
    created_by: z.int(),
    last_message: z
      .object({
        id: z.int(),
        user_id: z.int(),
        user_name: z.string(),
        message: z.string(),
        created_at: z.date(),
      })
      .nullable(),
  },
  attributes: (room: ReadRoom) => ({
    _id: Number(room.id),
    room_type: room.type,
    name: room.title,
    thumbnail: room.picture,
    users: room.members,
    unread: room.unreadBy,
    updatedAt: room.updatedAt,
    created_by: Number(room.createdBy),
    last_message: room.lastMessage && {
      id: Number(room.lastMessage.id),
      user_id: Number(room.lastMessage.userId),
      user_name: room.lastMessage.author.name,
      message: room.lastMessage.message,
      created_at: room.lastMessage.createdAt,
    },
  }),
});

/** `GET /message`: the caller's rooms, latest activity first, 10 a page (spec 03 §9). */
export const roomQuery: QuerySpec = {
  filters: { type: { column: 'room.type', type: 'string', ops: ['is'] } },
  sorts: { updatedAt: 'room.updated_at', updated_at: 'room.updated_at', id: 'room.id' },
  defaultSort: '-updatedAt',
};

/** The unread count of a user (spec 03 §5): the rooms whose unread list holds them. */
export const unreadResource = defineResource({
  name: 'ChatUnread',
  type: 'chat-unread',
  id: (unread: { userId: number }) => unread.userId,
  schema: { count: z.int(), rooms: z.array(z.int()) },
  attributes: (unread: { userId: number; rooms: number[] }) => ({
    count: unread.rooms.length,
    rooms: unread.rooms,
  }),
});
