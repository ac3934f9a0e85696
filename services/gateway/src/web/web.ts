import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Serves the built React client: its files as they are (hashed assets cached for a year), and
 * index.html for every other non-API path so that client-side routes load on refresh.
 */
export async function serveWebClient(app: NestFastifyApplication, webDist: string): Promise<boolean> {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      if (path.includes(`${join(webDist, 'assets')}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/*', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
  );
  fastify.get('/', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
  );
  return true;
}
