import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { FastifyBaseLogger, FastifyServerFactoryHandler } from 'fastify';
import type { ChildLoggerOptions } from 'pino';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { JsonApiExceptionFilter } from '@lms/jsonapi';
import { useRealtimeAdapter } from '@lms/realtime';
import { instrumentHttp, startMetricsServer } from './metrics';
import { createServiceLogger, type DestinationStream, PinoNestLogger } from './logging';
import { currentRequest, runInRequestContext } from './request-context';
import { type ForwardingTrust, guardForwardedHeaders, TrustedProxies } from './forwarding';
import { frameworkError, originForm, refuseMalformedQuery } from './request-target';
import { nameServerSpan, runInServerSpan, tracerOf } from './tracing';

/**
 * Largest request body a service parses (JSON documents); multipart uploads stream past it under
 * their own limit. The gateway refuses larger proxied bodies with the same 413.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface ServiceAppOptions {
  /** Service name, shown in every log line. */
  name: string;
  logLevel?: string;
  bodyLimitBytes?: number;
  /** Where the JSON log lines go (stdout by default; tests capture them). */
  logDestination?: DestinationStream;
  /**
   * Whose `X-Forwarded-*` headers are believed (client address, host, scheme): the peers of
   * TRUSTED_PROXIES and, for services, the gateway proving itself with INTERNAL_TOKEN. Default:
   * loopback peers only. From anyone else the headers are dropped.
   */
  forwarding?: ForwardingTrust;
  /** Port of `GET /metrics` (Prometheus); default `METRICS_PORT`, none when unset. */
  metricsPort?: number;
}

/**
 * Every service's HTTP application: NestJS on Fastify, one stream of JSON logs (pino: Fastify's
 * request logs and Nest's own, see `createServiceLogger`) carrying the request id the gateway
 * passed on (or a new one), JSON:API errors for everything that goes wrong, and
 * `application/vnd.api+json` bodies parsed as JSON.
 * Every service's HTTP application: NestJS on Fastify, JSON logs (pino) carrying the request id
 * the gateway passed on (or a new one), JSON:API errors for everything that goes wrong (request
 * targets Fastify cannot route and query strings that are not valid percent-encoding included),
 * absolute-form request targets routed by their path, and `application/vnd.api+json` bodies
 * parsed as JSON.
 */
export async function createServiceApp(
  module: Type | DynamicModule,
  options: ServiceAppOptions,
): Promise<NestFastifyApplication> {
  const level = options.logLevel ?? process.env.LOG_LEVEL ?? 'info';
  const logger = createServiceLogger(options.name, level, options.logDestination);
  const forwarding = options.forwarding ?? { proxies: TrustedProxies.parse('loopback') };
  // Undefined while tracing is off: no span work at all then.
  const tracer = tracerOf(options.name);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Every request runs in its context (request id, service; its server span when tracing) from
    // the first log line on.
    serverFactory: (handler: FastifyServerFactoryHandler) =>
      createServer((request, response) =>
        runInRequestContext(
          options.name,
          request,
          response,
          tracer
            ? () => runInServerSpan(tracer, request, response, () => handler(request, response))
            : handler,
        ),
      ),
    genReqId: () => currentRequest()?.requestId ?? randomUUID(),
    // The request id comes from the context (the logger's mixin), not a per-request binding, so a
    // request logs through the service's logger itself unless its route wants another level.
    childLoggerFactory: (parent: FastifyBaseLogger, _bindings: unknown, childOptions: ChildLoggerOptions) =>
      childOptions.serializers === undefined && (!childOptions.level || childOptions.level === parent.level)
        ? parent
        : parent.child({}, childOptions),
    bodyLimit: options.bodyLimitBytes ?? BODY_LIMIT_BYTES,
    // The direct peer passed guardForwardedHeaders (its headers are gone unless it is trusted);
    // further hops of X-Forwarded-For count only while they are trusted proxies themselves.
    trustProxy: (address: string, hop: number) => hop === 0 || forwarding.proxies.trusts(address),
    rewriteUrl: (request: IncomingMessage) => originForm(request),
    frameworkErrors: frameworkError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(logger),
  });
  guardForwardedHeaders(app.getHttpServer(), forwarding);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addContentTypeParser(
    'application/vnd.api+json',
    { parseAs: 'string' },
    fastify.getDefaultJsonParser('error', 'error'),
  );
  if (tracer) {
    fastify.addHook('onRequest', (request, _reply, done) => {
      nameServerSpan(request.raw, request.routeOptions.url, request.ip);
      done();
    });
  }
  fastify.addHook('onRequest', refuseMalformedQuery);
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.header('content-type', 'application/vnd.api+json');
    }
  });
  app.useGlobalFilters(new JsonApiExceptionFilter());
  useRealtimeAdapter(app);
  await observe(app, options);
  return app;
}

/** Request metrics and, when a port is configured, `/metrics` (see `metrics.ts`). */
async function observe(app: NestFastifyApplication, options: ServiceAppOptions) {
  const fastify = app.getHttpAdapter().getInstance();
  instrumentHttp(fastify, options.name);
  const port =
    options.metricsPort ?? (process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined);
  const metrics = port === undefined ? undefined : await startMetricsServer(port);
  if (metrics) fastify.addHook('onClose', async () => metrics.close());
}
