import type { IncomingHttpHeaders } from 'node:http';
import { DataSource } from 'typeorm';
import { Agent, request } from 'undici';
import { flushTracing, startTracing, stopTracing } from '@lms/platform';
import {
  ApiClient,
  expectEventually,
  type JsonResource,
  type OtlpReceiver,
  type ReceivedSpan,
  fileForm,
  SPAN_KIND,
  startOtlpReceiver,
  TINY_PNG,
} from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const FORGED_TRACE = '0af7651916cd43dd8448eb211c80319c';
const FORGED_SPAN = 'b7ad6b7169203331';
const FORGED = `00-${FORGED_TRACE}-${FORGED_SPAN}-01`;

/** The ingress in front of the gateway in these tests: the only trusted proxy. */
const PROXY_ADDRESS = '127.0.0.2';
const fromProxy = new Agent({ localAddress: PROXY_ADDRESS });

interface Call {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  viaProxy?: boolean;
}

async function call(platform: TestPlatform, path: string, options: Call = {}) {
  const response = await request(platform.url + path, {
    method: options.method ?? 'GET',
    dispatcher: options.viaProxy ? fromProxy : undefined,
    headers: {
      host: 'localhost',
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await response.body.json()) as { data: JsonResource };
  return { status: response.statusCode, headers: response.headers, body };
}

/** Signs student1 in and answers their token and user id. */
async function signIn(platform: TestPlatform, headers: Record<string, string> = {}) {
  const login = await call(platform, '/api/user/auth/login', {
    method: 'POST',
    body: { username: 'student1', password: 'lms-demo' },
    headers,
  });
  expect(login.status).toBe(200);
  const token = login.body.data.attributes.access_token as string;
  const me = await call(platform, '/api/login/me', { token });
  return { token, userId: Number(me.body.data.id) };
}

/** The headers of every request identity's server receives, as the gateway sent them. */
function recordRequestsTo(platform: TestPlatform, service: string): IncomingHttpHeaders[] {
  const seen: IncomingHttpHeaders[] = [];
  platform.services[service]
    .getHttpServer()
    .prependListener('request', (incoming: { headers: IncomingHttpHeaders }) =>
      seen.push({ ...incoming.headers }),
    );
  return seen;
}

/**
 * Uploads a new avatar for the user (identity changes their thumbnail) and waits until course's
 * users projection has the new thumbnail.
 */
async function changeAvatar(
  platform: TestPlatform,
  user: { token: string; userId: number },
  headers: Record<string, string>,
) {
  const response = await new ApiClient(platform.url)
    .at('localhost')
    .as(user.token)
    .post(`/api/course/users/${user.userId}/avatar`, fileForm(TINY_PNG), headers);
  expect(response.status).toBe(200);
  const thumbnail = String((response.body.data as JsonResource).attributes.thumbnail);
  const course = platform.services.course.get(DataSource);
  await expectEventually(async () => {
    const [row] = (await course.query('SELECT thumbnail FROM users WHERE id = $1', [user.userId])) as {
      thumbnail: string;
    }[];
    expect(row.thumbnail).toBe(thumbnail);
  });
  return { headers: response.headers, thumbnail };
}

/** The envelope identity recorded for the user's latest change. */
async function recordedEnvelope(platform: TestPlatform, thumbnail: string) {
  const identity = platform.services.identity.get(DataSource);
  const [row] = (await identity.query(
    `SELECT envelope FROM outbox WHERE type = 'identity.user.upserted' AND envelope->'data'->>'thumbnail' = $1`,
    [thumbnail],
  )) as { envelope: { traceContext?: { traceparent: string } } }[];
  return row.envelope;
}

describe('traces: tracing off (the default)', () => {
  let receiver: OtlpReceiver;
  let platform: TestPlatform;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    // An endpoint is configured, and OTEL_SDK_DISABLED still wins.
    expect(
      startTracing({
        process: 'lms',
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SDK_DISABLED: 'true' },
      }),
    ).toBe(false);
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.stop();
    await receiver?.close();
  });

  it('passes no traceparent on, records no trace context in events and exports nothing', async () => {
    const user = await signIn(platform);
    const seen = recordRequestsTo(platform, 'identity');
    const changed = await changeAvatar(platform, user, { traceparent: FORGED });
    expect(changed.headers.traceparent).toBeUndefined();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((headers) => headers.traceparent || headers.tracestate)).toEqual([]);
    expect(await recordedEnvelope(platform, changed.thumbnail)).not.toHaveProperty('traceContext');
    await flushTracing();
    expect(receiver.requests).toBe(0);
  });
});

describe('traces: gateway → service → event consumer (OTLP/HTTP)', () => {
  let receiver: OtlpReceiver;
  let platform: TestPlatform;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    expect(startTracing({ process: 'lms', env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } })).toBe(true);
    platform = await startTestPlatform({ trustedProxies: PROXY_ADDRESS });
  });

  afterAll(async () => {
    await platform?.stop();
    await stopTracing();
    await receiver?.close();
    await fromProxy.close();
  });

  /** Waits until the receiver holds a span that `match` accepts. */
  async function exported(match: (span: ReceivedSpan) => boolean): Promise<ReceivedSpan> {
    return expectEventually(async () => {
      await flushTracing();
      const span = receiver.spans.find(match);
      expect(span).toBeDefined();
      return span!;
    });
  }

  const gatewaySpanOf = (requestId: string) =>
    exported((span) => span.service === 'gateway' && span.attributes['lms.request_id'] === requestId);

  it("joins the gateway's span, the service's span and the event consumer's span in one trace", async () => {
    const user = await signIn(platform);
    const seen = recordRequestsTo(platform, 'identity');
    // A browser's traceparent is not continued: the gateway is not behind it.
    const changed = await changeAvatar(platform, user, {
      'x-request-id': 'trace-e2e-write',
      traceparent: FORGED,
    });

    const gateway = await gatewaySpanOf('trace-e2e-write');
    expect(gateway).toMatchObject({
      name: 'POST /api/*',
      kind: SPAN_KIND.server,
      parentSpanId: '',
      attributes: expect.objectContaining({
        'lms.upstream.service': 'identity',
        'http.response.status_code': 200,
      }),
    });
    expect(gateway.traceId).not.toBe(FORGED_TRACE);

    const identity = await exported(
      (span) => span.service === 'identity' && span.parentSpanId === gateway.spanId,
    );
    expect(identity).toMatchObject({
      traceId: gateway.traceId,
      name: 'POST /api/course/users/:id/avatar',
      kind: SPAN_KIND.server,
      attributes: expect.objectContaining({
        'http.route': '/api/course/users/:id/avatar',
        'http.request.method': 'POST',
        'http.response.status_code': 200,
        'lms.request_id': 'trace-e2e-write',
      }),
    });
    // What identity received from the gateway: the gateway's span, not the caller's.
    const sent = seen.find((headers) => headers['x-request-id'] === 'trace-e2e-write');
    expect(sent?.traceparent).toBe(`00-${gateway.traceId}-${gateway.spanId}-01`);

    // The event carries the write's span; course's handling of it is that span's child.
    expect((await recordedEnvelope(platform, changed.thumbnail)).traceContext).toEqual({
      traceparent: `00-${identity.traceId}-${identity.spanId}-01`,
    });
    const consumer = await exported(
      (span) => span.service === 'course' && span.parentSpanId === identity.spanId,
    );
    expect(consumer).toMatchObject({
      traceId: gateway.traceId,
      name: 'process identity.user',
      kind: SPAN_KIND.consumer,
      attributes: expect.objectContaining({
        'messaging.system': 'in-process',
        'messaging.destination.name': 'identity.user',
        'messaging.consumer.group.name': 'course',
        'lms.event.type': 'identity.user.upserted',
      }),
    });
  });

  it('continues the trace of a trusted proxy in front of the gateway', async () => {
    const user = await signIn(platform);
    const me = await call(platform, '/api/login/me', {
      token: user.token,
      viaProxy: true,
      headers: { 'x-request-id': 'trace-e2e-proxied', traceparent: FORGED },
    });
    expect(me.status).toBe(200);
    const gateway = await gatewaySpanOf('trace-e2e-proxied');
    expect(gateway).toMatchObject({ traceId: FORGED_TRACE, parentSpanId: FORGED_SPAN, name: 'GET /api/*' });
    const identity = await exported(
      (span) => span.service === 'identity' && span.parentSpanId === gateway.spanId,
    );
    expect(identity).toMatchObject({ traceId: FORGED_TRACE, name: 'GET /api/login/me' });
  });

  it("traces the gateway's own calls to identity (sign-in)", async () => {
    await signIn(platform, { 'x-request-id': 'trace-e2e-login' });
    const gateway = await gatewaySpanOf('trace-e2e-login');
    expect(gateway.name).toBe('POST /api/user/auth/login');
    const identity = await exported(
      (span) => span.service === 'identity' && span.parentSpanId === gateway.spanId,
    );
    expect(identity).toMatchObject({ traceId: gateway.traceId, name: 'POST /internal/auth/login' });
  });
});
