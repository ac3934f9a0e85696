import type { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { currentRequest } from './request-context';

export type { DestinationStream } from 'pino';

/**
 * The one pino logger of a service: Fastify's request logs, Nest's own logs and every
 * `new Logger(context)` of the code (kafkajs included, through the events transport) write
 * JSON lines through it. Each line carries `service`, and while a request is served its
 * `requestId` and, when tracing is on, `traceId` and `spanId`.
 */
export function createServiceLogger(service: string, level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const request = currentRequest();
      const span = trace.getActiveSpan()?.spanContext();
      return {
        service: request?.service ?? service,
        ...(request ? { requestId: request.requestId } : {}),
        ...(span ? { traceId: span.traceId, spanId: span.spanId } : {}),
      };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const NEST_TO_PINO: Record<string, Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Nest's logger interface on top of the service's pino logger (`context` becomes a field). */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  log(message: unknown, ...params: unknown[]) {
    this.write('log', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('verbose', message, params);
  }

  private write(nestLevel: string, message: unknown, params: unknown[]) {
    const level = NEST_TO_PINO[nestLevel];
    if (!this.logger.isLevelEnabled(level)) return;
    const rest = [...params];
    // Nest passes the logger's context last: `log(message, context)`, `error(message, stack, context)`.
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? rest.pop() : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    let text: string | undefined;
    if (message instanceof Error) {
      fields.err = message;
      text = message.message;
    } else if (message !== null && typeof message === 'object') {
      Object.assign(fields, message);
    } else {
      text = String(message);
    }
    if (rest.length > 0) {
      if (nestLevel === 'error' && typeof rest[0] === 'string' && rest.length === 1) fields.stack = rest[0];
      else fields.details = rest;
    }
    this.logger[level](fields, text);
  }
}
