import { io } from 'socket.io-client';

/** Where the messaging service serves its chat socket (through the gateway, as `/api` is). */
export const CHAT_SOCKET_PATH = '/socket/messages';

/** Room update: a room's unread list and last change, pushed to each of its members (spec 03 §4). */
export interface RoomUpdate {
  chatId: string;
  unread: Array<number | string>;
  updatedAt: string;
}

/** Messages update: the newest messages of a room, pushed to its members when one is posted. */
export interface MessagesUpdate<M> {
  chatId: string;
  messages: M[];
}

export interface ChatSocketHandlers<M> {
  /** Connected (true) or lost and trying again (false): the spec's socket connection flag. */
  live(live: boolean): void;
  roomUpdate(update: RoomUpdate): void;
  messagesUpdate(update: MessagesUpdate<M>): void;
}

/**
 * Follows the caller's chat rooms on the messaging service's socket (spec 03 §7), connected the
 * way the exam monitor connects: with the caller's current token (read again at each reconnect),
 * WebSocket only; socket.io reconnects by itself and `live` tells the screen meanwhile. Returns
 * the closer.
 */
export function followChat<M>(token: () => string | undefined, handlers: ChatSocketHandlers<M>): () => void {
  const socket = io({
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    auth: (send) => send({ token: token() ?? '' }),
  });
  socket.on('connect', () => handlers.live(true));
  socket.on('disconnect', () => handlers.live(false));
  socket.on('connect_error', () => handlers.live(false));
  socket.on('room_update', (update: RoomUpdate) =>
    handlers.roomUpdate({ ...update, chatId: String(update.chatId) }),
  );
  socket.on('messages_update', (update: MessagesUpdate<M>) =>
    handlers.messagesUpdate({ ...update, chatId: String(update.chatId) }),
  );
  return () => {
    socket.disconnect();
  };
}
