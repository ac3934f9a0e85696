import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** The header carrying `sha256=<hex>` of HMAC-SHA256(secret, `<timestamp>.<body>`). */
export const SIGNATURE_HEADER = 'x-vlab-signature';
/** The header carrying the time of signing, Unix seconds. */
export const TIMESTAMP_HEADER = 'x-vlab-timestamp';
/** How far the signing time may be from the server's clock: a captured report replays for no longer. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Largest result report read (bytes). */
const MAX_REPORT_BYTES = 64 * 1024;

/** `POST /api/course/vlabs/{id}/results`: the route whose exact bytes are signed. */
const RESULTS_ROUTE = /^\/api\/course\/vlabs\/[^/?]+\/results\/?(\?.*)?$/;

const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** A new lab secret: 32 random bytes, hex. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The signature a lab sends: `sha256=` and the hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function sign(secret: string, timestamp: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

/** Why a report's signature is refused, or null when it holds. */
export function signatureProblem(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  body: Buffer,
  now = Date.now(),
): string | null {
  if (!signature) return `The ${SIGNATURE_HEADER} header is required`;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp))
    return `The ${TIMESTAMP_HEADER} header must be Unix seconds`;
  if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS)
    return `The ${TIMESTAMP_HEADER} is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from the server's time`;
  const expected = Buffer.from(sign(secret, timestamp, body));
  const given = Buffer.from(signature.trim().toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return 'The signature does not match the body';
  return null;
}

/** The exact bytes of a result report, as the lab signed them. */
export function rawBodyOf(request: IncomingMessage): Buffer {
  return rawBodies.get(request) ?? Buffer.alloc(0);
}

/**
 * Keeps the exact bytes of result reports (the JSON parser only keeps the parsed object), then
 * hands the same bytes on to the parser. Other routes are untouched.
 */
export function keepResultBodies(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method !== 'POST' || !RESULTS_ROUTE.test(request.url)) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += bytes.length;
      if (size > MAX_REPORT_BYTES)
        throw Object.assign(new Error(`A result report is at most ${MAX_REPORT_BYTES} bytes`), {
          statusCode: 413,
          code: 'FST_ERR_CTP_BODY_TOO_LARGE',
        });
      chunks.push(bytes);
    }
    const raw = Buffer.concat(chunks);
    rawBodies.set(request.raw, raw);
    return Object.assign(Readable.from([raw]), { receivedEncodedLength: raw.length });
  });
}
