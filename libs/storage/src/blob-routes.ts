import type { FastifyInstance } from 'fastify';
import { BlobNotFoundError, BlobTooLargeError, contentDisposition } from './storage';
import type { LocalDiskStorage } from './local-disk.storage';

export interface BlobRoutesOptions {
  /** Mount point, e.g. `/api/blobs`; a store is reached at `<prefix>/<name>/<token>`. */
  prefix: string;
  stores: Record<string, LocalDiskStorage>;
  /** Largest upload through a presigned PUT. */
  maxBytes: number;
}

const problem = (status: number, title: string, detail: string) => ({
  errors: [{ status: String(status), title, detail }],
});

/**
 * Serves the presigned URLs of local-disk stores (all-in-one mode; in stack mode the browser
 * talks to MinIO directly). The token alone authorises the request: its signature, method and
 * expiry are checked, nothing else is needed. A wildcard carries the token: it is longer than
 * a route parameter may be.
 */
export function registerBlobRoutes(fastify: FastifyInstance, options: BlobRoutesOptions): void {
  void fastify.register(async (app) => {
    // The body of a PUT is the file, streamed as it comes, whatever its type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    routes(app, options);
  });
}

function routes(app: FastifyInstance, options: BlobRoutesOptions): void {
  const storeOf = (name: string) => (Object.hasOwn(options.stores, name) ? options.stores[name] : undefined);

  app.get<{ Params: { store: string; '*': string } }>(
    `${options.prefix}/:store/*`,
    async (request, reply) => {
      const store = storeOf(request.params.store);
      const allowed = store?.verify(request.params['*'], 'GET');
      if (!store || !allowed)
        return reply.code(403).send(problem(403, 'Forbidden', 'The link is invalid or expired'));
      try {
        const info = await store.stat(allowed.key);
        if (allowed.downloadName !== undefined)
          reply.header('content-disposition', contentDisposition(allowed.downloadName));
        return reply
          .header('content-type', info.contentType)
          .header('content-length', info.size)
          .header('cache-control', 'private, max-age=300')
          .send(await store.get(allowed.key));
      } catch (error) {
        if (error instanceof BlobNotFoundError)
          return reply.code(404).send(problem(404, 'Not Found', 'The file does not exist'));
        throw error;
      }
    },
  );

  app.put<{ Params: { store: string; '*': string } }>(
    `${options.prefix}/:store/*`,
    async (request, reply) => {
      const store = storeOf(request.params.store);
      const allowed = store?.verify(request.params['*'], 'PUT');
      if (!store || !allowed)
        return reply.code(403).send(problem(403, 'Forbidden', 'The link is invalid or expired'));
      try {
        await store.put(allowed.key, request.raw, {
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
          maxBytes: options.maxBytes,
        });
        return reply.code(200).send();
      } catch (error) {
        if (error instanceof BlobTooLargeError)
          return reply.code(413).send(problem(413, 'Payload Too Large', error.message));
        throw error;
      }
    },
  );
}
