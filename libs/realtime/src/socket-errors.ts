import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { WsException } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { badRequest, forbidden, type JsonApiErrorDocument, outcomeOf } from '@lms/jsonapi';

/** Nest's `WsException` when a guard of a socket handler says no. */
const GUARD_REFUSAL = 'Forbidden resource';

/** The JSON:API errors of anything a socket handler threw (a `WsException` is a 400, or a 403 from a guard). */
function outcomeOfSocketError(exception: unknown) {
  if (!(exception instanceof WsException)) return outcomeOf(exception);
  const error = exception.getError();
  const detail =
    typeof error === 'string'
      ? error
      : typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : exception.message;
  return outcomeOf(detail === GUARD_REFUSAL ? forbidden('This action is not allowed') : badRequest(detail));
}

/**
 * Every error of a socket handler — a refused body (`@SocketBody`), a guard, a rule of the
 * service, a fault — answers the client as a JSON:API error document, `{ errors: [...] }`, the
 * same errors an HTTP request would get (a fault's detail reveals nothing and is logged):
 * through the acknowledgement when the client asked for one (`emitWithAck`), else as an
 * `exception` event naming the event (`{ event, errors }`). The socket stays connected.
 *
 * Added to every `@WebSocketGateway` of a service by `useRealtimeAdapter` as its last resort: a
 * gateway's own `@UseFilters` come first.
 */
@Catch()
export class SocketExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('SocketExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    // What Nest hands a socket handler: [socket, message, acknowledgement?, event].
    const args = host.getArgs<unknown[]>();
    const socket = host.switchToWs().getClient<Socket>();
    const event = String(host.switchToWs().getPattern());
    const ack = typeof args[2] === 'function' ? (args[2] as (answer: unknown) => void) : undefined;
    const outcome = outcomeOfSocketError(exception);
    if (outcome.serverFault) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`socket event "${event}" failed with ${outcome.status}`, stack);
    }
    const document: JsonApiErrorDocument = { errors: outcome.errors };
    if (ack) ack(document);
    else socket.emit('exception', { event, ...document });
  }
}
