import { randomUUID } from 'node:crypto';
import { type DynamicModule, type LogLevel, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { JsonApiExceptionFilter } from '@lms/jsonapi';

export interface ServiceAppOptions {
  /** Service name, shown in every log line. */
  name: string;
  logLevel?: string;
  bodyLimitBytes?: number;
}

const NEST_LEVELS: Record<string, LogLevel[]> = {
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/**
 * Every service's HTTP application: NestJS on Fastify, JSON logs (pino) carrying the request id
 * the gateway passed on (or a new one), JSON:API errors for everything that goes wrong, and
 * `application/vnd.api+json` bodies parsed as JSON.
 */
export async function createServiceApp(
  module: Type | DynamicModule,
  options: ServiceAppOptions,
): Promise<NestFastifyApplication> {
  const level = options.logLevel ?? process.env.LOG_LEVEL ?? 'info';
  const adapter = new FastifyAdapter({
    logger: { level, base: { service: options.name } },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimitBytes ?? 1024 * 1024,
    trustProxy: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: NEST_LEVELS[level] ?? NEST_LEVELS.info,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addContentTypeParser(
    'application/vnd.api+json',
    { parseAs: 'string' },
    fastify.getDefaultJsonParser('error', 'error'),
  );
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      reply.header('content-type', 'application/vnd.api+json');
    }
  });
  app.useGlobalFilters(new JsonApiExceptionFilter());
  return app;
}
