import { attributes, type AttributesOf, field } from '@lms/jsonapi';
import { ROOM_TYPES } from './chat.entity';

/** Most people in a group room (its creator too). */
export const MAX_GROUP_MEMBERS = 200;
/** Longest chat message, in characters. */
export const MAX_CHAT_MESSAGE = 5000;

/**
 * `POST /message` (spec 03 §3 "Message room"): each user as the client's people picker sends them;
 * only `id` counts — names and pictures come from the user directory.
 */
export const roomCreateRules = attributes({
  type: field.enum(ROOM_TYPES),
  users: field.array(
    field.object({
      id: field.id(),
      name: field.string({ max: 200 }).optional(),
      thumbnail: field.string({ max: 500 }).nullable().optional(),
      code: field.string({ max: 100 }).optional(),
      level: field.string({ max: 20 }).optional(),
    }),
    { min: 1, max: MAX_GROUP_MEMBERS },
  ),
  /** A group's name (required for a group). */
  name: field.string({ min: 1, max: 200 }).optional(),
  thumbnail: field.string({ max: 500 }).nullable().optional(),
});
export type RoomCreate = AttributesOf<typeof roomCreateRules>;

/** `POST /message/message` and the socket's `msg_msg`. */
export const chatPostRules = attributes({
  chatId: field.id(),
  message: field.string({ min: 1, max: MAX_CHAT_MESSAGE }),
  reply_message_id: field.id().nullable().optional(),
});
export type ChatPost = AttributesOf<typeof chatPostRules>;
