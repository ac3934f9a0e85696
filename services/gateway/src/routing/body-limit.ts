import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { payloadTooLarge, type JsonApiException } from '@lms/jsonapi';

/**
 * The services parse request bodies up to a limit and answer 413 above it, but they answer
 * before reading the rest, so a proxy still sending sees its connection closed and could only
 * report the service as not answering. The gateway therefore applies the same limit itself to
 * the bodies it forwards: by Content-Length before forwarding, and by counting a chunked body
 * while it streams. Multipart uploads stream on under the service's own upload limit.
 */
export class ProxiedBodyLimit {
  constructor(private readonly limitBytes: number) {}

  get error(): JsonApiException {
    return payloadTooLarge(
      `The request body is larger than ${Math.round(this.limitBytes / 1024)} KB; files are uploaded as multipart/form-data`,
    );
  }

  /** Whether the body of `request` is limited here (anything but a multipart upload). */
  applies(request: FastifyRequest): boolean {
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    return !type.startsWith('multipart/form-data');
  }

  /** A declared length over the limit. */
  declaredTooLarge(request: FastifyRequest): boolean {
    const length = Number(request.headers['content-length']);
    return this.applies(request) && Number.isFinite(length) && length > this.limitBytes;
  }

  /**
   * For a body of undeclared length: replaces the request's body stream by one that fails once
   * more than the limit has passed; `exceeded()` then tells a failed upstream call from a
   * service that did not answer.
   */
  watch(request: FastifyRequest): { exceeded: () => boolean } {
    let seen = 0;
    let exceeded = false;
    const body = request.body as NodeJS.ReadableStream | undefined;
    if (!this.applies(request) || !body || typeof body.pipe !== 'function') return { exceeded: () => false };
    const limit = this.limitBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        seen += chunk.length;
        if (seen > limit) {
          exceeded = true;
          callback(new Error('request body over the limit'));
        } else callback(null, chunk);
      },
    });
    request.body = body.pipe(counter);
    return { exceeded: () => exceeded };
  }
}
