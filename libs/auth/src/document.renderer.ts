import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { outcomeOf, PendingDocument } from '@lms/jsonapi';
import type { AuthenticatedRequest } from './decorators';

/**
 * What an answer becomes on the wire: a controller's `respond(resource, data, options)` written in
 * the caller's campus time zone (the token's `tz`), UTC for a caller without a token unless the
 * controller fixed a zone, for the caller as the resources' reader (`attributes`' second
 * argument). Other answers pass unchanged.
 */
export function renderAnswer(request: Pick<AuthenticatedRequest, 'auth'>, payload: unknown): unknown {
  return payload instanceof PendingDocument
    ? payload.render(request.auth?.timeZone ?? 'UTC', request.auth)
    : payload;
}

/**
 * Renders every answer with `renderAnswer` in Fastify's `preSerialization` hook. A Nest
 * interceptor did this before; with none left, Nest skips its interceptor chain (an rxjs pipeline
 * and two async resources per request), a visible share of each read's CPU
 * (bench/course-list/README.md).
 */
@Injectable()
export class DocumentRenderer implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    fastify.addHook(
      'preSerialization',
      (
        request: FastifyRequest,
        reply: FastifyReply,
        payload: unknown,
        done: (error: Error | null, payload?: unknown) => void,
      ) => {
        let rendered: unknown;
        try {
          rendered = renderAnswer(request as unknown as AuthenticatedRequest, payload);
        } catch (error) {
          // As the exception filter answers: a fault logged with its stack, a bare JSON:API 500.
          const outcome = outcomeOf(error);
          if (outcome.serverFault) {
            request.log.error({ err: error }, `${request.method} ${request.url} failed to render its answer`);
          }
          void reply.code(outcome.status);
          rendered = { errors: outcome.errors };
        }
        done(null, rendered);
      },
    );
  }
}
