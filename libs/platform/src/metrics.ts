import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, register } from 'prom-client';

/**
 * Prometheus metrics of the process (prom-client's default registry: one per process, so the
 * services of all-in-one share it and tell their series apart by the `service` label). Served by
 * `startMetricsServer` on its own port, never on a service's HTTP port: the gateway's port is
 * public, and /metrics must not be.
 */
export const metricsRegistry = register;

let defaultsCollected = false;

/** Node's process metrics (CPU, memory, GC, handles, event-loop lag), once per process. */
function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
}

const httpDuration = new Histogram({
  name: 'lms_http_request_duration_seconds',
  help: 'HTTP requests served, by route template and status code; _count is the request rate',
  labelNames: ['service', 'method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [register],
});

/**
 * Times every request by its route template (`/courses/:id`, never the raw URL: ids would make
 * a series per row); a request that matched no route is `route="unmatched"`.
 */
export function instrumentHttp(fastify: FastifyInstance, service: string): void {
  collectProcessMetrics();
  fastify.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        service,
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

let server: { listening: Promise<Server>; users: number } | null = null;

/**
 * `GET /metrics` on `port` (all interfaces: Prometheus scrapes the pod's address), shared by the
 * services of one process; the last `close()` stops it.
 */
export async function startMetricsServer(port: number): Promise<{ port: number; close(): Promise<void> }> {
  collectProcessMetrics();
  if (!server) {
    const http = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here\n');
        return;
      }
      register.metrics().then(
        (text) => response.writeHead(200, { 'content-type': register.contentType }).end(text),
        (error: unknown) => {
          new Logger('Metrics').error(error);
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
        },
      );
    });
    const listening = new Promise<Server>((resolve, reject) => {
      http.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `METRICS_PORT ${port} is already in use: set METRICS_PORT to a free port`
              : `metrics server: ${error.message}`,
          ),
        ),
      );
      http.listen(port, () => resolve(http));
    });
    server = { listening, users: 0 };
  }
  const current = server;
  current.users++;
  let listening: Server;
  try {
    listening = await current.listening;
  } catch (error) {
    if (server === current) server = null;
    throw error;
  }
  let closed = false;
  return {
    port: (listening.address() as AddressInfo).port,
    close: async () => {
      if (closed) return;
      closed = true;
      current.users--;
      if (current.users > 0) return;
      if (server === current) server = null;
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    },
  };
}
