import { serviceSocket } from '../../lib/socket';

/** Where the messaging service serves its chat socket (through the gateway, as `/api` is). */
export const CHAT_SOCKET_PATH = '/socket/messages';

/** Room update: a room's unread list, last change and last message, pushed to each of its members (spec 03 §4). */
export interface RoomUpdate<M> {
  chatId: string;
  unread: number[];
  updatedAt: string;
  last_message: M | null;
}

/** Messages update: new messages of a room, oldest first, pushed to its members when one is posted. */
export interface MessagesUpdate<M> {
  chatId: string;
  messages: M[];
}

export interface ChatSocketHandlers<M> {
  /** Connected (true) or lost and trying again (false): the spec's socket connection flag. */
  live(live: boolean): void;
  roomUpdate(update: RoomUpdate<M>): void;
  messagesUpdate(update: MessagesUpdate<M>): void;
}

/**
 * Follows the caller's chat rooms on the messaging service's socket (spec 03 §7), connected the
 * way the exam monitor connects: with the caller's current token (read again at each reconnect),
 * WebSocket only; socket.io reconnects by itself and `live` tells the screen meanwhile. Returns
 * the closer.
 */
export function followChat<M>(token: () => string | undefined, handlers: ChatSocketHandlers<M>): () => void {
  const socket = serviceSocket(CHAT_SOCKET_PATH, token);
  socket.on('connect', () => handlers.live(true));
  socket.on('disconnect', () => handlers.live(false));
  socket.on('connect_error', () => handlers.live(false));
  socket.on(
    'room update',
    (room: { id: number; unread: number[]; updatedAt: string; last_message: M | null }) =>
      handlers.roomUpdate({
        chatId: String(room.id),
        unread: room.unread,
        updatedAt: room.updatedAt,
        last_message: room.last_message,
      }),
  );
  socket.on('messages update', (update: { chat_id: number; messages: M[] }) =>
    handlers.messagesUpdate({ chatId: String(update.chat_id), messages: update.messages }),
  );
  return () => {
    socket.disconnect();
  };
}
