import { io, type Socket } from 'socket.io-client';

/**
 * A socket of a service, through the gateway as `/api` is (`/socket/exam`, `/socket/crs`): the
 * caller's current token is read again at each (re)connect, WebSocket only — where it cannot
 * pass, the screen says it is not live (and the exam monitor polls instead).
 */
export function serviceSocket(path: string, token: () => string | undefined): Socket {
  return io({
    path,
    transports: ['websocket'],
    auth: (send) => send({ token: token() ?? '' }),
  });
}
