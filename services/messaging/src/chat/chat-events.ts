/** A chat message as the sockets carry it (dates as ISO 8601 instants). */
export interface PushedChatMessage {
  id: number;
  chat_id: number;
  user_id: number;
  user_name: string;
  user_thumbnail: string | null;
  message: string;
  reply_message_id: number | null;
  created_at: string;
}

/** What the messaging sockets (`/socket/messages`) receive. */
export interface ChatSocketEvents {
  /**
   * A room of the user changed (spec 03 §4): who has not read it since (`unread`, user ids), its
   * last activity and last message. Sent to every member.
   */
  'room update': (room: {
    id: number;
    unread: number[];
    updatedAt: string;
    last_message: PushedChatMessage | null;
  }) => void;
  /** New messages of a room, oldest first: the open room appends them. Sent to every member. */
  'messages update': (update: { chat_id: number; messages: PushedChatMessage[] }) => void;
}
