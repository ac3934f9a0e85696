import { HttpException, HttpStatus } from '@nestjs/common';

/** One member of a JSON:API `errors` array. */
export interface JsonApiErrorObject {
  /** The HTTP status as a string (`"422"`). */
  status: string;
  title: string;
  detail: string;
  code?: string;
  source?: { pointer?: string; parameter?: string };
  /** Facts for the caller's code rather than its user (e.g. between identity and the gateway). */
  meta?: Record<string, unknown>;
}

/** The body of every error response. */
export interface JsonApiErrorDocument {
  errors: JsonApiErrorObject[];
}

/**
 * An HTTP error whose body is a JSON:API error document. Throw the factories below
 * (`notFound(...)`, `unprocessable(...)`) rather than constructing it directly.
 */
export class JsonApiException extends HttpException {
  constructor(
    status: number,
    readonly errors: JsonApiErrorObject[],
    /** Sent as the `Retry-After` header (whole seconds) by the exception filter. */
    readonly retryAfterSeconds?: number,
  ) {
    super({ errors } satisfies JsonApiErrorDocument, status);
    this.message = errors.map((error) => error.detail).join('; ');
  }
}

function single(status: HttpStatus, title: string, detail: string, source?: JsonApiErrorObject['source']) {
  const error: JsonApiErrorObject = { status: String(status), title, detail };
  if (source) error.source = source;
  return new JsonApiException(status, [error]);
}

/** 400: malformed request; `parameter` names the offending query parameter (`filter[name][is]`). */
export function badRequest(detail: string, parameter?: string): JsonApiException {
  return single(
    HttpStatus.BAD_REQUEST,
    'Bad Request',
    detail,
    parameter === undefined ? undefined : { parameter },
  );
}

/** 401: no token, or an expired or invalid one. */
export function unauthorized(detail: string): JsonApiException {
  return single(HttpStatus.UNAUTHORIZED, 'Unauthorized', detail);
}

/**
 * 403: signed in, but the role or ownership does not allow this. `code` tells the client which
 * refusal it is (`token_expired`), `meta` what it needs to act on it (a download link).
 */
export function forbidden(detail: string, code?: string, meta?: Record<string, unknown>): JsonApiException {
  const error: JsonApiErrorObject = { status: '403', title: 'Forbidden', detail };
  if (code !== undefined) error.code = code;
  if (meta !== undefined) error.meta = meta;
  return new JsonApiException(HttpStatus.FORBIDDEN, [error]);
}

/** 404: unknown, or belonging to another tenant (never a 403 that would confirm it exists). */
export function notFound(detail = 'Resource not found'): JsonApiException {
  return single(HttpStatus.NOT_FOUND, 'Not Found', detail);
}

/**
 * 409: the request conflicts with the current state (duplicate, already started, ...); `code` tells
 * the client which conflict it is (`already_sent`), `meta` what it needs to say so.
 */
export function conflict(detail: string, code?: string, meta?: Record<string, unknown>): JsonApiException {
  const error: JsonApiErrorObject = { status: '409', title: 'Conflict', detail };
  if (code !== undefined) error.code = code;
  if (meta !== undefined) error.meta = meta;
  return new JsonApiException(HttpStatus.CONFLICT, [error]);
}

/** 413: the request body is larger than the service accepts. */
export function payloadTooLarge(detail: string): JsonApiException {
  return single(HttpStatus.PAYLOAD_TOO_LARGE, 'Payload Too Large', detail);
}

/** One validation problem: a JSON pointer into the request document and what is wrong there. */
export interface ValidationIssue {
  pointer: string;
  detail: string;
  /** Which rule refused it, for the client's code (`file_required`). */
  code?: string;
}

/** 422: one error per issue, each with `source.pointer` (identical issues are reported once). */
export function unprocessable(issues: ValidationIssue[]): JsonApiException {
  const seen = new Set<string>();
  const errors: JsonApiErrorObject[] = [];
  for (const { pointer, detail, code } of issues) {
    const key = JSON.stringify([pointer, detail]);
    if (seen.has(key)) continue;
    seen.add(key);
    const error: JsonApiErrorObject = { status: '422', title: 'Unprocessable Entity', detail };
    if (code !== undefined) error.code = code;
    error.source = { pointer };
    errors.push(error);
  }
  return new JsonApiException(HttpStatus.UNPROCESSABLE_ENTITY, errors);
}

/** 422 for a query parameter that is well formed but not acceptable (`q` too short): `source.parameter`. */
export function unprocessableParameter(parameter: string, detail: string): JsonApiException {
  return single(HttpStatus.UNPROCESSABLE_ENTITY, 'Unprocessable Entity', detail, { parameter });
}

/**
 * 429: rate limited; `retryAfterSeconds` becomes the `Retry-After` header; `code` and `meta` tell
 * the client which limit it met and what it needs to say so (a socket has no header).
 */
export function tooManyRequests(
  detail: string,
  retryAfterSeconds?: number,
  code?: string,
  meta?: Record<string, unknown>,
): JsonApiException {
  const error: JsonApiErrorObject = { status: '429', title: 'Too Many Requests', detail };
  if (code !== undefined) error.code = code;
  if (meta !== undefined) error.meta = meta;
  return new JsonApiException(HttpStatus.TOO_MANY_REQUESTS, [error], retryAfterSeconds);
}

/** 503: a dependency (database, broker) is not reachable right now. */
export function serviceUnavailable(detail: string): JsonApiException {
  return single(HttpStatus.SERVICE_UNAVAILABLE, 'Service Unavailable', detail);
}
