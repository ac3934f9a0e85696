import { Controller, Get, Logger, Module, Param } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { request } from 'undici';
import { expectEventually, type OtlpReceiver, SPAN_KIND, startOtlpReceiver } from '@lms/testing';
import {
  createServiceApp,
  flushTracing,
  GATEWAY_TOKEN_HEADER,
  startTracing,
  stopTracing,
  traceHeaders,
  TrustedProxies,
} from '../src';

@Controller()
class ThingsController {
  private readonly logger = new Logger('Things');

  @Get('things/:id')
  async get(@Param('id') id: string) {
    this.logger.log(`reading thing ${id}`);
    return { meta: { id, forwarded: traceHeaders() } };
  }

  @Get('broken')
  broken() {
    throw new Error('kaboom');
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

interface Line {
  msg?: string;
  requestId?: string;
  traceId?: string;
  spanId?: string;
}

const PARENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${PARENT_TRACE}-${PARENT_SPAN}-01`;
const TOKEN = 'internal-token-of-the-test';

describe('HTTP server spans of a service (OTLP/HTTP to a receiver)', () => {
  let receiver: OtlpReceiver;
  let app: NestFastifyApplication;
  let base: string;
  const raw: string[] = [];
  const lines = () => raw.map((text) => JSON.parse(text) as Line);

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    expect(
      startTracing({
        process: 'things',
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/`, OTEL_SERVICE_NAME: 'things-svc' },
      }),
    ).toBe(true);
    app = await createServiceApp(ThingsModule, {
      name: 'things',
      logLevel: 'info',
      logDestination: { write: (line: string) => void raw.push(line) },
      // Only the gateway (its token) is trusted: the test's loopback connection is not otherwise.
      forwarding: { proxies: TrustedProxies.parse('none'), gatewayToken: TOKEN },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
    await stopTracing();
    await receiver?.close();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await request(base + path, { headers });
    const body = (await response.body.json()) as { meta?: { forwarded: Record<string, string> } };
    return { status: response.statusCode, headers: response.headers, body };
  }

  async function exported(requestId: string) {
    await flushTracing();
    return expectEventually(() => {
      const span = receiver.spans.find((s) => s.attributes['lms.request_id'] === requestId);
      expect(span).toBeDefined();
      return span!;
    });
  }

  it('exports a server span named by the route template, with method, route and status', async () => {
    const response = await get('/things/42', { 'x-request-id': 'req-new-trace' });
    expect(response.status).toBe(200);
    const span = await exported('req-new-trace');
    expect(span).toMatchObject({
      service: 'things-svc',
      name: 'GET /things/:id',
      kind: SPAN_KIND.server,
      parentSpanId: '',
      attributes: expect.objectContaining({
        'http.request.method': 'GET',
        'http.route': '/things/:id',
        'http.response.status_code': 200,
        'url.path': '/things/42',
      }),
    });
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.traceId).not.toBe(PARENT_TRACE);
    // What the handler would pass on to another service: its own span, in the same trace.
    expect(response.body.meta?.forwarded.traceparent).toBe(`00-${span.traceId}-${span.spanId}-01`);
    expect(response.headers.traceparent).toBeUndefined();
  });

  it('puts the trace and span ids on the log lines of the request, beside the request id', async () => {
    await get('/things/7', { 'x-request-id': 'req-logged' });
    const span = await exported('req-logged');
    const mine = lines().filter((line) => line.requestId === 'req-logged');
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'reading thing 7', 'request completed']),
    );
    for (const line of mine) expect(line).toMatchObject({ traceId: span.traceId, spanId: span.spanId });
  });

  it("continues the gateway's trace (traceparent with the gateway's token)", async () => {
    await get('/things/1', {
      'x-request-id': 'req-from-gateway',
      traceparent: TRACEPARENT,
      tracestate: 'lms=1',
      [GATEWAY_TOKEN_HEADER]: TOKEN,
    });
    const span = await exported('req-from-gateway');
    expect(span).toMatchObject({ traceId: PARENT_TRACE, parentSpanId: PARENT_SPAN });
  });

  it("starts a new trace instead of continuing an untrusted caller's traceparent", async () => {
    const response = await get('/things/2', { 'x-request-id': 'req-forged', traceparent: TRACEPARENT });
    const span = await exported('req-forged');
    expect(span.traceId).not.toBe(PARENT_TRACE);
    expect(span.parentSpanId).toBe('');
    expect(response.body.meta?.forwarded.traceparent).toContain(span.traceId);
  });

  it('marks a server error as an error span', async () => {
    const response = await get('/broken', { 'x-request-id': 'req-broken' });
    expect(response.status).toBe(500);
    const span = await exported('req-broken');
    expect(span).toMatchObject({
      name: 'GET /broken',
      status: { code: 2 },
      attributes: expect.objectContaining({ 'http.response.status_code': 500 }),
    });
  });
});
