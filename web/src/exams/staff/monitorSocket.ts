import type { Document, ResourceObject } from '../../api/jsonapi';
import { serviceSocket } from '../../lib/socket';

/** Where the exam service serves its sockets (through the gateway, as `/api` is). */
export const MONITOR_SOCKET_PATH = '/socket/exam';

export interface MonitorSocketHandlers {
  /** Changed rows of the exam's monitor, as a document like the monitor's GET. */
  progress(document: Document): void;
  /** Whether pushes arrive: the socket is connected and the service accepted the watch. */
  live(live: boolean): void;
}

/**
 * Follows an exam's monitor on the exam service's socket (issue 13): connects with the caller's
 * current token (read again at each reconnect), asks to `watch` the exam after every connect, and
 * hands each `progress` push on. The screen polls while `live` is false. Returns the closer.
 */
export function watchMonitor(
  examId: string,
  token: () => string | undefined,
  handlers: MonitorSocketHandlers,
): () => void {
  const socket = serviceSocket(MONITOR_SOCKET_PATH, token);
  socket.on('connect', () => {
    socket
      .timeout(10_000)
      .emitWithAck('watch', { exam_id: Number(examId) })
      .then(
        (ack: { errors?: unknown }) => handlers.live(!ack?.errors),
        () => handlers.live(false),
      );
  });
  socket.on('disconnect', () => handlers.live(false));
  socket.on('connect_error', () => handlers.live(false));
  socket.on('progress', (update: { exam_id: number; data: ResourceObject[] }) => {
    if (String(update.exam_id) === examId) handlers.progress({ data: update.data });
  });
  return () => {
    socket.disconnect();
  };
}
