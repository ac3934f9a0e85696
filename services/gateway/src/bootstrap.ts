import replyFrom from '@fastify/reply-from';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';
import { createServiceApp } from '@lms/platform';
import { GatewayModule } from './app.module';
import { IdentityClient } from './auth/identity.client';
import type { GatewayConfig } from './config';
import { ProxyHandler } from './routing/proxy';
import { UpgradeProxy } from './routing/upgrade';
import { serveWebClient } from './web/web';

const PROXIED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The security headers of every answer, helmet's middleware built once: the `@fastify/helmet`
 * plugin builds it anew for every request (parsing the CSP each time), a visible share of the
 * gateway's CPU per request (bench/course-list/README.md).
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://embed.tawk.to'],
      connectSrc: ["'self'", 'wss:', 'https://*.tawk.to'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      frameSrc: ["'self'", 'https:'],
      // the videos a live classroom plays for everyone (the lecturer gives their https addresses)
      mediaSrc: ["'self'", 'blob:', 'https:'],
      objectSrc: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** Builds and starts the gateway: auth endpoints, `/api/*` proxy, the web client. */
export async function startGateway(
  config: GatewayConfig,
  options: { logLevel?: string } = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(GatewayModule.forRoot(config), {
    name: 'gateway',
    logLevel: options.logLevel,
    forwarding: { proxies: config.trustedProxies },
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
    );
  await app.register(replyFrom, {
    undici: { connections: 256, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: 60_000 },
  });
  const proxy = app.get(ProxyHandler);
  const fastify = app.getHttpAdapter().getInstance();
  // The body is streamed to the service untouched: no parsing in the gateway for proxied calls.
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.route({
      method: [...PROXIED_METHODS],
      url: '/api/*',
      handler: proxy.handle,
      // the services of this process get their requests as soon as they are routed
      ...(Object.keys(config.localServices).length > 0 ? { onRequest: proxy.handOffEarly } : {}),
    });
    // socket.io: long-polling requests here, WebSocket upgrades on the server's `upgrade` event.
    scope.route({ method: [...PROXIED_METHODS], url: '/socket/*', handler: proxy.handleSocket });
  });
  app.getHttpServer().on('upgrade', app.get(UpgradeProxy).handle);
  await serveWebClient(app, config.webDist);
  const identity = app.get(IdentityClient);
  fastify.addHook('onClose', async () => identity.close());
  await app.listen({ port: config.port, host: config.host });
  return app;
}
