import { randomUUID } from 'node:crypto';
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  request as httpRequest,
  STATUS_CODES,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { JsonApiException, serviceUnavailable } from '@lms/jsonapi';
import { clientAddress, GATEWAY_TOKEN_HEADER } from '@lms/platform';
import { GatewayConfig } from '../config';
import { ProxyHandler } from './proxy';

/**
 * The host the browser connected to, as Fastify reads it behind a trusted proxy (the forwarding
 * headers of anyone else are gone by now: `guardForwardedHeaders`).
 */
export function forwardedHost(headers: IncomingHttpHeaders): string {
  const forwarded = headers['x-forwarded-host'];
  const value = Array.isArray(forwarded) ? forwarded.at(-1) : forwarded;
  if (value) return (value.split(',').at(-1) ?? '').trim();
  return headers.host ?? '';
}

/** An HTTP/1.1 answer written on the raw socket of an upgrade request, which is then closed. */
function refuse(socket: Duplex, error: JsonApiException): void {
  const status = error.getStatus();
  const body = JSON.stringify({ errors: error.errors });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/vnd.api+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * Status line and headers of an upstream answer, as raw HTTP/1.1. For an answer that is not an
 * upgrade, the body is passed on decoded and the connection closed after it, so the framing
 * headers are the proxy's own.
 */
function head(response: IncomingMessage, statusLine: string, closeAfterBody = false): string {
  const lines = [statusLine];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i];
    if (closeAfterBody && /^(transfer-encoding|connection|keep-alive)$/i.test(name)) continue;
    lines.push(`${name}: ${response.rawHeaders[i + 1]}`);
  }
  if (closeAfterBody) lines.push('Connection: close');
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * The WebSocket upgrades of the socket.io endpoints (`/socket/messages`, `/socket/crs`): the
 * raw server's `upgrade` event, forwarded with node:http to the service serving the socket and
 * then piped both ways. `@fastify/reply-from` proxies HTTP requests only (no upgrades), and the
 * rest of the gateway's proxying stays with it. Upgrades elsewhere, to a service that is not
 * deployed or that does not answer get a JSON:API error (404, 503) and the socket is closed.
 */
@Injectable()
export class UpgradeProxy implements OnModuleDestroy {
  private readonly logger = new Logger('UpgradeProxy');
  /** Open client connections: closed on shutdown (their clients reconnect to another replica). */
  private readonly open = new Set<Duplex>();

  constructor(
    private readonly proxy: ProxyHandler,
    private readonly config: GatewayConfig,
  ) {}

  readonly handle = (request: IncomingMessage, socket: Duplex, firstBytes: Buffer): void => {
    this.open.add(socket);
    socket.once('close', () => this.open.delete(socket));
    socket.on('error', () => socket.destroy());
    this.forward(request, socket, firstBytes).catch((error: unknown) => {
      if (error instanceof JsonApiException) return refuse(socket, error);
      this.logger.error(error);
      socket.destroy();
    });
  };

  private async forward(request: IncomingMessage, socket: Duplex, firstBytes: Buffer): Promise<void> {
    const url = request.url ?? '/';
    const service = this.proxy.socketService(url.split('?')[0]);
    const base = new URL(this.proxy.baseUrl(service));
    const host = forwardedHost(request.headers);
    await this.proxy.checkToken(request.headers.authorization, host);
    if (socket.destroyed) return;

    const headers: IncomingHttpHeaders = {
      ...request.headers,
      host: base.host,
      'x-request-id': randomUUID(),
      'x-forwarded-host': host,
      'x-forwarded-proto': (request.headers['x-forwarded-proto'] as string | undefined) ?? 'http',
      'x-forwarded-for': clientAddress(request, this.config.trustedProxies),
      [GATEWAY_TOKEN_HEADER]: this.config.internalToken,
    };
    delete headers['x-internal-token'];
    delete headers.forwarded;
    // Upgrades are not traced (no server span in the gateway): no trace context goes on either.
    delete headers.traceparent;
    delete headers.tracestate;
    const upstream = (base.protocol === 'https:' ? httpsRequest : httpRequest)({
      protocol: base.protocol,
      hostname: base.hostname,
      port: base.port,
      method: request.method,
      path: `${base.pathname.replace(/\/$/, '')}${url}`,
      headers,
      agent: false,
      timeout: 10_000,
    });
    const abandon = () => upstream.destroy();
    socket.once('close', abandon);

    upstream.on('upgrade', (response, upstreamSocket, upstreamHead) => {
      socket.off('close', abandon);
      upstream.setTimeout(0);
      if (socket.destroyed) return upstreamSocket.destroy();
      upstreamSocket.on('error', () => socket.destroy());
      socket.on('error', () => upstreamSocket.destroy());
      upstreamSocket.on('close', () => socket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
      // A WebSocket stays idle between socket.io pings: no timeout on either side.
      upstreamSocket.setTimeout(0);
      (socket as Socket).setTimeout?.(0);
      upstreamSocket.setNoDelay(true);
      (socket as Socket).setNoDelay?.(true);
      upstreamSocket.setKeepAlive(true, 30_000);
      socket.write(head(response, 'HTTP/1.1 101 Switching Protocols'));
      if (upstreamHead.length > 0) socket.write(upstreamHead);
      if (firstBytes.length > 0) upstreamSocket.write(firstBytes);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
    });
    // The service answered without upgrading (an unknown session, a refused transport): pass its
    // answer on as it is and close.
    upstream.on('response', (response) => {
      socket.write(
        head(response, `HTTP/1.1 ${response.statusCode} ${response.statusMessage ?? ''}`.trimEnd(), true),
      );
      response.pipe(socket);
    });
    upstream.on('timeout', () => upstream.destroy(new Error('upstream did not answer the upgrade')));
    upstream.on('error', (error) => {
      socket.off('close', abandon);
      if (socket.destroyed) return;
      this.logger.warn(`${service} upgrade failed: ${error.message}`);
      refuse(socket, serviceUnavailable(`The ${service} service did not answer`));
    });
    upstream.end();
  }

  /** Before the HTTP server closes: it would wait for every proxied WebSocket to end. */
  onModuleDestroy(): void {
    for (const socket of this.open) socket.destroy();
    this.open.clear();
  }
}
