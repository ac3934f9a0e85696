import { serviceSocket } from '../lib/socket';
import type { Board } from './projectsApi';

/** Where the project service serves the boards' socket (through the gateway, as `/api` is). */
export const BOARD_SOCKET_PATH = '/socket/project';

/** A board's change as the socket pushes it: the whole board, its version, who changed it. */
export type BoardPush = Board & { content_id: number; actor_id: number };

/**
 * Watches one board on the project socket: `watch` at each (re)connect, then every `board` push
 * goes to `changed`. Returns the closer.
 */
export function watchBoard(
  contentId: string,
  token: () => string | undefined,
  changed: (board: BoardPush) => void,
): () => void {
  const socket = serviceSocket(BOARD_SOCKET_PATH, token);
  socket.on('connect', () => {
    socket.emit('watch', { content_id: Number(contentId) }, (ack: BoardPush | { errors: unknown[] }) => {
      if ('columns' in ack) changed(ack);
    });
  });
  socket.on('board', changed);
  return () => {
    socket.disconnect();
  };
}
