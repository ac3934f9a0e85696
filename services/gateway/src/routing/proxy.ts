import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidTokenError, TokenVerifier } from '@lms/auth';
import { badRequest, JsonApiException, serviceUnavailable, unauthorized } from '@lms/jsonapi';
import { TenantResolver } from '../auth/tenant.resolver';
import { GatewayConfig } from '../config';
import { Router } from './routes';

/** Paths that try to climb out of `/api` (`..`, encoded dots or slashes) are refused outright. */
const TRAVERSAL = /(^|\/)(\.|%2e){1,2}(\/|$)|%2f|%5c|\\/i;

export function sendJsonApiError(reply: FastifyReply, error: JsonApiException): FastifyReply {
  return reply.code(error.getStatus()).type('application/vnd.api+json').send({ errors: error.errors });
}

/**
 * Forwards `/api/*` to the service that owns the path, over pooled keep-alive connections.
 * A bearer token is checked here too, so a token of another campus (host) never reaches a
 * service; services still verify every token themselves.
 */
@Injectable()
export class ProxyHandler {
  private readonly router = new Router();

  constructor(
    private readonly config: GatewayConfig,
    private readonly verifier: TokenVerifier,
    private readonly tenants: TenantResolver,
  ) {}

  readonly handle = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    try {
      const path = request.url.slice('/api'.length).split('?')[0];
      if (TRAVERSAL.test(path)) throw badRequest('Malformed path');
      const service = this.router.resolve(path);
      const base = this.config.services[service];
      if (!base) throw serviceUnavailable(`The ${service} service is not available in this deployment yet`);
      await this.checkToken(request);
      return reply.from(base + request.url, {
        rewriteRequestHeaders: (_req, headers) => {
          const forwarded: Record<string, string | string[] | undefined> = {
            ...headers,
            'x-request-id': request.id,
            'x-forwarded-host': request.host,
          };
          delete forwarded['x-internal-token'];
          // Node already answered `Expect: 100-continue` (curl sends it for large uploads); the
          // upstream request must not carry it (undici refuses it).
          delete forwarded.expect;
          return forwarded;
        },
        onError: (errorReply, { error }) => {
          request.log.warn({ err: error, service }, 'upstream failed');
          sendJsonApiError(
            errorReply as FastifyReply,
            serviceUnavailable(`The ${service} service did not answer`),
          );
        },
      });
    } catch (error) {
      if (error instanceof JsonApiException) return sendJsonApiError(reply, error);
      throw error;
    }
  };

  private async checkToken(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('Authorization header must be "Bearer <token>"');
    let tenantId: number;
    try {
      tenantId = (await this.verifier.verify(match[1])).tenantId;
    } catch (error) {
      throw unauthorized(error instanceof InvalidTokenError ? error.message : 'Token is invalid');
    }
    const tenant = await this.tenants.resolve(request.host);
    if (!tenant || tenant.id !== tenantId) throw unauthorized('This token was issued for another campus');
  }
}
