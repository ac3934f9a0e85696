import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidTokenError, RevokedSessions, TokenVerifier } from '@lms/auth';
import {
  annotateSpan,
  BODY_LIMIT_BYTES,
  GATEWAY_TOKEN_HEADER,
  sendJsonApiError,
  traceHeaders,
} from '@lms/platform';
import { badRequest, JsonApiException, notFound, serviceUnavailable, unauthorized } from '@lms/jsonapi';
import { TenantResolver } from '../auth/tenant.resolver';
import { GatewayConfig, type LocalService } from '../config';
import { ProxiedBodyLimit } from './body-limit';
import { Router, SOCKET_ROUTES, type ServiceName } from './routes';

/** Paths that try to climb out of `/api` (`..`, encoded dots or slashes) are refused outright. */
const TRAVERSAL = /(^|\/)(\.|%2e){1,2}(\/|$)|%2f|%5c|\\/i;

/**
 * Forwards `/api/*` to the service that owns the path, over pooled keep-alive connections, and
 * the socket.io long-polling requests of `/socket/*` to the service serving that socket (their
 * WebSocket upgrades: `UpgradeProxy`). A bearer token is checked here too, so a token of another
 * campus (host) never reaches a service; services still verify every token themselves.
 */
@Injectable()
export class ProxyHandler {
  private readonly router = new Router();
  private readonly sockets = new Router(SOCKET_ROUTES);
  private readonly bodyLimit = new ProxiedBodyLimit(BODY_LIMIT_BYTES);

  constructor(
    private readonly config: GatewayConfig,
    private readonly verifier: TokenVerifier,
    private readonly tenants: TenantResolver,
    private readonly revoked: RevokedSessions,
  ) {}

  /** `/api/*`. */
  readonly handle = (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    this.forward(request, reply, () => this.apiService(request));

  /**
   * `/api/*`'s onRequest hook when services run in this process: a request for one of them is
   * checked and handed off here, before Fastify would go on to read its body (the gateway's
   * content-type parser builds an async resource per request), validate and call the handler — work
   * the service's own server does once more. The others (and unknown paths) go on to `handle`.
   */
  readonly handOffEarly = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let service: ServiceName;
    try {
      service = this.apiService(request);
    } catch {
      return; // answered by `handle`
    }
    if (this.config.localServices[service]) await this.forward(request, reply, () => service);
  };

  private apiService(request: FastifyRequest): ServiceName {
    return this.router.resolve(request.url.slice('/api'.length).split('?')[0]);
  }

  /** `/socket/*`: socket.io's long-polling transport (GET and POST under the socket's path). */
  readonly handleSocket = (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
    this.forward(request, reply, () => this.socketService(request.url.split('?')[0]));

  /**
   * The service serving the socket at `path` (`/socket/messages/…`); a 404 for no socket, a 503
   * when that service is not deployed. Shared with the upgrade proxy.
   */
  socketService(path: string): ServiceName {
    if (TRAVERSAL.test(path)) throw badRequest('Malformed path');
    const service = this.sockets.match(path);
    if (!service) throw notFound(`No socket is served at ${path}`);
    return service;
  }

  /** Base URL of a service, or the 503 every proxied path answers while it is not deployed. */
  baseUrl(service: ServiceName): string {
    const base = this.config.services[service];
    if (!base) throw serviceUnavailable(`The ${service} service is not available in this deployment yet`);
    return base;
  }

  /**
   * A bearer token, when one is sent, must be valid, of a session that has not ended (logout,
   * refresh-token reuse) and of the campus served at `host`.
   */
  async checkToken(authorization: string | undefined, host: string): Promise<void> {
    if (!authorization) return;
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) throw unauthorized('Authorization header must be "Bearer <token>"');
    let tenantId: number;
    let sessionId: string;
    try {
      ({ tenantId, sessionId } = await this.verifier.verify(match[1]));
    } catch (error) {
      throw unauthorized(error instanceof InvalidTokenError ? error.message : 'Token is invalid');
    }
    const [tenant, revoked] = await Promise.all([
      this.tenants.resolve(host),
      this.revoked.isRevoked(sessionId),
    ]);
    if (revoked) throw unauthorized('This session has ended; sign in again');
    if (!tenant || tenant.id !== tenantId) throw unauthorized('This token was issued for another campus');
  }

  private async forward(
    request: FastifyRequest,
    reply: FastifyReply,
    route: () => ServiceName,
  ): Promise<FastifyReply> {
    try {
      const path = request.url.split('?')[0];
      if (TRAVERSAL.test(path)) throw badRequest('Malformed path');
      const service = route();
      annotateSpan({ 'lms.upstream.service': service });
      const base = this.baseUrl(service);
      await this.checkToken(request.headers.authorization, request.host);
      if (this.bodyLimit.declaredTooLarge(request)) throw this.bodyLimit.error;
      // The service continues the gateway's span, never a trace the caller named.
      const traceContext = traceHeaders();
      const local = this.config.localServices[service];
      if (local) {
        this.forwardedHeaders(request, request.raw.headers, traceContext);
        return this.handOff(reply, local);
      }
      const body = this.bodyLimit.watch(request);
      return reply.from(base + request.url, {
        rewriteRequestHeaders: (_req, headers) => {
          const forwarded = this.forwardedHeaders(request, { ...headers }, traceContext);
          // Node already answered `Expect: 100-continue` (curl sends it for large uploads); the
          // upstream request must not carry it (undici refuses it).
          delete forwarded.expect;
          return forwarded;
        },
        onError: (errorReply, { error }) => {
          if (body.exceeded()) {
            sendJsonApiError(errorReply as FastifyReply, this.bodyLimit.error);
            return;
          }
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
  }

  /**
   * What a service is told besides what the client sent, written into `headers`: the request id,
   * the client as the gateway established it (TRUSTED_PROXIES), never as the client claims it,
   * the gateway's token proving that the gateway set these, and the gateway span's trace context.
   */
  private forwardedHeaders<H extends Record<string, string | string[] | undefined>>(
    request: FastifyRequest,
    headers: H,
    traceContext: Record<string, string>,
  ): H {
    // Read before the headers they may be taken from are replaced.
    const { id, ip, host, protocol } = request;
    const target = headers as Record<string, string | string[] | undefined>;
    delete target['x-internal-token'];
    delete target.forwarded;
    delete target.traceparent;
    delete target.tracestate;
    target['x-request-id'] = id;
    target['x-forwarded-for'] = ip;
    target['x-forwarded-host'] = host;
    target['x-forwarded-proto'] = protocol;
    target[GATEWAY_TOKEN_HEADER] = this.config.internalToken;
    Object.assign(target, traceContext);
    return headers;
  }

  /**
   * A service of this process (`npm start`) is handed the client's own request and response: its
   * server serves them as if they had come over HTTP — its forwarding guard, request context and
   * span, routes, body parsing and limit, metrics — and its answer goes straight to the client,
   * with the security headers the gateway has already set. No second HTTP exchange over loopback
   * (request and response written, parsed and copied once more), which cost a proxied read more
   * CPU than the gateway's and the service's own work together. The gateway's metrics and log
   * line still follow the response's end.
   */
  private handOff(reply: FastifyReply, service: LocalService): FastifyReply {
    reply.hijack();
    service(reply.request.raw, reply.raw);
    return reply;
  }
}
