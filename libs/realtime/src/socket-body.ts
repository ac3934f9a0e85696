import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import {
  type AttributesSchema,
  JsonApiException,
  unprocessable,
  validateWith,
  type ValidationIssue,
} from '@lms/jsonapi';
import type { RealtimeSocket } from './realtime.adapter';

/** `/data/attributes/text` of a write document → `/text` of the message itself. */
const ATTRIBUTES = /^\/data\/attributes(?=\/|$)/;

// The schema travels wrapped: Nest would take a bare zod schema (it has `.transform`) for a pipe.
const readMessage = createParamDecorator(
  ({ schema }: { schema: AttributesSchema }, context: ExecutionContext) => {
    const ws = context.switchToWs();
    const message: unknown = ws.getData();
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      throw unprocessable([{ pointer: '', detail: 'The message must be an object' }]);
    }
    try {
      return validateWith(schema, message as Record<string, unknown>, {
        timeZone: ws.getClient<RealtimeSocket>().data.auth?.timeZone,
      });
    } catch (error) {
      if (!(error instanceof JsonApiException)) throw error;
      throw unprocessable(
        error.errors.map((problem): ValidationIssue => ({
          pointer: (problem.source?.pointer ?? '').replace(ATTRIBUTES, ''),
          detail: problem.detail,
        })),
      );
    }
  },
);

/**
 * The handler's parameter is the message the client sent, validated by `schema` (a schema of
 * `@lms/jsonapi`: `attributes({ text: field.string({ max: 2000 }) })`) and typed by it:
 *
 *     @SubscribeMessage('msg_msg')
 *     send(@ConnectedSocket() socket: RealtimeSocket, @SocketBody(SendMessage) input: SendMessage) {}
 *
 * Dates are read in the caller's campus zone. A message that does not fit is refused with a 422
 * whose pointers point into the message (`/text`), answered by `SocketExceptionFilter`.
 */
export function SocketBody(schema: AttributesSchema): ParameterDecorator {
  return readMessage({ schema });
}
