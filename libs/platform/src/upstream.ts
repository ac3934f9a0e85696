/**
 * Calls to systems outside the LMS that a service asks on a user's request (the academic system,
 * the national higher-education registry): a GET with a bearer token, a time budget and a size
 * limit, whose every failure is an {@link UpstreamError} with a message for the caller (no
 * addresses, no secrets), answered 503, 504 or 502 by {@link upstreamAnswer}.
 */
import type { Logger } from '@nestjs/common';
import { JsonApiException, serviceUnavailable } from '@lms/jsonapi';

/** Why a call failed: each becomes its own answer (503, 502, 504, 502). */
export type UpstreamFailure = 'not-configured' | 'unreachable' | 'timeout' | 'bad-answer';

/** A failed call; the message is meant for the caller (no addresses, no secrets). */
export class UpstreamError extends Error {
  constructor(
    readonly failure: UpstreamFailure,
    message: string,
  ) {
    super(message);
  }
}

/** The failures as answers: the system's absence 503, no answer in time 504, else 502. */
export function upstreamAnswer(error: UpstreamError): JsonApiException {
  if (error.failure === 'not-configured') return serviceUnavailable(error.message);
  const [status, title] = error.failure === 'timeout' ? [504, 'Gateway Timeout'] : [502, 'Bad Gateway'];
  return new JsonApiException(status, [{ status: String(status), title, detail: error.message }]);
}

export interface UpstreamGet {
  /** The system as messages name it: `The academic system`. */
  system: string;
  url: URL;
  /** Sent as `Authorization: Bearer …` when set. */
  token?: string;
  /** The variable holding the token, named when the system refuses it. */
  tokenVariable: string;
  /** Budget of the call, answer included. */
  timeoutMs: number;
  /** A larger answer is refused unread. */
  maxBytes: number;
}

/** The body as text, refusing (and not reading) more than `max` bytes. */
async function readText(response: Response, call: UpstreamGet): Promise<string> {
  const tooLarge = () =>
    new UpstreamError(
      'bad-answer',
      `${call.system}'s answer is larger than ${call.maxBytes / (1024 * 1024)} MB`,
    );
  if (Number(response.headers.get('content-length') ?? 0) > call.maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > call.maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function callFailed(error: unknown, signal: AbortSignal, call: UpstreamGet): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (signal.aborted)
    return new UpstreamError('timeout', `${call.system} did not answer within ${call.timeoutMs / 1000} s`);
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : 'the connection failed';
  return new UpstreamError('unreachable', `${call.system} could not be reached (${code})`);
}

/**
 * `GET url` accepting JSON, without following redirects (the token goes to the configured address
 * only): the status and the body as text, read within the budget.
 */
export async function getUpstream(call: UpstreamGet): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const signal = AbortSignal.timeout(call.timeoutMs);
  try {
    const response = await fetch(call.url, { headers, signal, redirect: 'manual' });
    return { status: response.status, text: await readText(response, call) };
  } catch (error) {
    throw callFailed(error, signal, call);
  }
}

/** The JSON of a 200 answer; any other status, or a body that is not JSON, is a `bad-answer`. */
export function upstreamJson(answer: { status: number; text: string }, call: UpstreamGet): unknown {
  if (answer.status === 401 || answer.status === 403)
    throw new UpstreamError(
      'bad-answer',
      `${call.system} refused the credentials of ${call.tokenVariable} (HTTP ${answer.status})`,
    );
  if (answer.status !== 200)
    throw new UpstreamError('bad-answer', `${call.system} answered HTTP ${answer.status}`);
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    throw new UpstreamError('bad-answer', `${call.system}'s answer is not JSON`);
  }
}

/** The base URL of a system's API (`…/api/v1`), ending in `/` so that relative paths extend it. */
export function upstreamBase(url: string): URL {
  return new URL(url.endsWith('/') ? url : `${url}/`);
}

/**
 * {@link getUpstream}, then `read` of its answer. A failure of either is logged with the address
 * (which the error's message leaves out) and thrown.
 */
export async function askUpstream<T>(
  call: UpstreamGet,
  logger: Logger,
  read: (answer: { status: number; text: string }) => T,
): Promise<T> {
  try {
    return read(await getUpstream(call));
  } catch (error) {
    if (error instanceof UpstreamError)
      logger.warn(`GET ${call.url.origin}${call.url.pathname}${call.url.search}: ${error.message}`);
    throw error;
  }
}
