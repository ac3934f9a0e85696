import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What every log line written while serving one request carries. */
export interface RequestContext {
  /** The gateway's `x-request-id` (or a new one when the caller sent none or a malformed one). */
  requestId: string;
  /** The service serving the request (several share a process in all-in-one). */
  service: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request being served, in any code that runs for it (handlers, services, their logs). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** A request id we accept from a caller: short, and nothing that could forge a log field. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * Runs the Node server's request handler inside the request's context. Fastify logs the request
 * before any hook runs, so the context is entered here, around Fastify itself.
 */
export function runInRequestContext(
  service: string,
  request: IncomingMessage,
  response: ServerResponse,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): void {
  const context: RequestContext = { requestId: requestIdOf(request), service };
  storage.run(context, () => handler(request, response));
}
