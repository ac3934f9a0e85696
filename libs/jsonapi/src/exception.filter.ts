import { STATUS_CODES } from 'node:http';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Observable, throwError } from 'rxjs';
import { type JsonApiErrorDocument, type JsonApiErrorObject, JsonApiException } from './errors';

/** The media type of every JSON:API document. */
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

const SERVER_ERROR_DETAIL = 'The server could not complete the request; please try again later';

/** What an exception means for the caller: its status and JSON:API errors. */
export interface ErrorOutcome {
  status: number;
  errors: JsonApiErrorObject[];
  retryAfterSeconds?: number;
  /** A fault of ours: logged with its stack, its message never sent. */
  serverFault?: boolean;
}

function titleOf(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

function detailOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message: unknown = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  return exception.message;
}

/** Errors of Fastify and its body parsers that Nest does not convert (invalid JSON is a SyntaxError). */
function clientErrorStatus(exception: unknown): number | undefined {
  if (!(exception instanceof Error)) return undefined;
  const statusCode: unknown = (exception as { statusCode?: unknown }).statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
}

function one(status: number, detail: string): ErrorOutcome {
  return { status, errors: [{ status: String(status), title: titleOf(status), detail }] };
}

function serverFault(status: number): ErrorOutcome {
  return { ...one(status, SERVER_ERROR_DETAIL), serverFault: true };
}

/**
 * Status and errors of anything thrown: a `JsonApiException` as it is, Nest's `HttpException`s
 * and Fastify's client errors with their status and message, anything else a 500 whose detail
 * reveals nothing (`serverFault`: log it). Shared by HTTP and the socket gateways' error acks.
 */
export function outcomeOf(exception: unknown): ErrorOutcome {
  if (exception instanceof JsonApiException) {
    return {
      status: exception.getStatus(),
      errors: exception.errors,
      retryAfterSeconds: exception.retryAfterSeconds,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    return status >= 500 ? serverFault(status) : one(status, detailOf(exception));
  }
  const clientStatus = clientErrorStatus(exception);
  if (clientStatus !== undefined) return one(clientStatus, (exception as Error).message);
  return serverFault(500);
}

/**
 * Turns everything thrown while handling an HTTP request into a JSON:API error document:
 * our `JsonApiException`s as they are, Nest's `HttpException`s (unknown route, 413, 415, pipes)
 * and Fastify's client errors (malformed JSON) with their status and message, and anything else
 * into a 500 whose detail reveals nothing; server errors are logged with their stack.
 */
@Catch()
export class JsonApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('JsonApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void | Observable<never> {
    // Outside HTTP (an event handler of a hybrid app) the transport handles failures itself.
    if (host.getType() !== 'http') return throwError(() => exception);
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const outcome = outcomeOf(exception);
    if (outcome.serverFault) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`${request.method} ${request.url} failed with ${outcome.status}`, stack);
    }
    if (reply.sent) return;
    if (outcome.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(Math.max(0, Math.ceil(outcome.retryAfterSeconds))));
    }
    const body: JsonApiErrorDocument = { errors: outcome.errors };
    // A Buffer, because Fastify appends "; charset=utf-8" to a JSON type for strings and objects,
    // and JSON:API wants its media type without parameters.
    void reply
      .status(outcome.status)
      .header('content-type', JSON_API_MEDIA_TYPE)
      .send(Buffer.from(JSON.stringify(body)));
  }
}
