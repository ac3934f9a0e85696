import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, JSON_API_MEDIA_TYPE, JsonApiException } from '@lms/jsonapi';

/**
 * The request target in origin form (`/api/x?y`). A target in absolute form
 * (`GET http://campus.example/api/x`, as clients talking to a proxy send) names its host itself:
 * as RFC 9112 §3.2.2 says, that host replaces the Host header and the path is routed as usual.
 * Any other form (`*`, an authority) is left for the router to refuse.
 */
export function originForm(request: IncomingMessage): string {
  const target = request.url ?? '/';
  if (target.startsWith('/') || !/^https?:\/\//i.test(target)) return target;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return target;
  }
  request.headers.host = url.host;
  return `${url.pathname}${url.search}`;
}

/** `%` not followed by two hex digits, or escapes that do not decode to UTF-8 (`%FF`). */
function decodes(text: string): boolean {
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * The first query parameter whose name or value is not valid percent-encoding, as sent; undefined
 * when the query string decodes. Such a query cannot be read the way its sender meant it.
 */
export function malformedQueryParameter(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start === -1) return undefined;
  for (const pair of url.slice(start + 1).split('&')) {
    const [name, value = ''] = pair.split(/=(.*)/s, 2);
    if (!decodes(name) || !decodes(value)) return decodes(name) ? decodeURIComponent(name) : name;
  }
  return undefined;
}

/** Sends a JSON:API error document outside Nest (Fastify hooks, the gateway's proxy). */
export function sendJsonApiError(reply: FastifyReply, error: JsonApiException): FastifyReply {
  return reply
    .code(error.getStatus())
    .header('content-type', JSON_API_MEDIA_TYPE)
    .send(Buffer.from(JSON.stringify({ errors: error.errors })));
}

/** onRequest: a query string that is not valid percent-encoding is a 400 naming the parameter. */
export async function refuseMalformedQuery(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  const parameter = malformedQueryParameter(request.url);
  if (parameter === undefined) return undefined;
  return sendJsonApiError(
    reply,
    badRequest(`The query parameter ${parameter} is not valid percent-encoding`, parameter),
  );
}

/**
 * Fastify's own refusals before any route runs (a path that is not valid percent-encoding, a path
 * parameter past its maximum length) as JSON:API errors with Fastify's status.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  const detail =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The path is not valid percent-encoding'
      : 'The request target cannot be routed';
  sendJsonApiError(
    reply,
    new JsonApiException(status, [
      { status: String(status), title: STATUS_CODES[status] ?? 'Bad Request', detail },
    ]),
  );
}
