import { hostname } from 'node:os';
import {
  context,
  type Context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readEnv, variable } from './config';
import { currentRequest } from './request-context';

/**
 * OpenTelemetry traces (W3C Trace Context), OFF unless an OTLP endpoint is configured. The one
 * place that sets the SDK up: `startTracing` is called by every entry point before Nest boots
 * (`runService`, the gateway's main, all-in-one's main). Code elsewhere uses only
 * `@opentelemetry/api`, which does nothing while tracing is off.
 *
 * One process has one export pipeline (a batch span processor and an OTLP/HTTP JSON exporter),
 * one context manager (AsyncLocalStorage) and one propagator (`traceparent`/`tracestate`). Every
 * service of the process gets its tracer from `tracerOf(service)`, whose spans carry that
 * service's `service.name`, so the services of all-in-one still show as themselves.
 */

const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** The standard OpenTelemetry variables this platform reads (docs/operations.md, "Traces"). */
const TracingEnv = z.object({
  /** Base URL of an OTLP/HTTP receiver (a collector): traces go to `<base>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: variable.httpUrl(),
  /** The full URL for traces, instead of the base above. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: variable.httpUrl(),
  /** `name=value` pairs (comma-separated, values percent-encoded) sent with every export. */
  OTEL_EXPORTER_OTLP_HEADERS: variable.optional(),
  /** Tracing off even with an endpoint. */
  OTEL_SDK_DISABLED: variable.flag(false),
  /** Overrides the service name of a process that runs one service (stack mode, Kubernetes). */
  OTEL_SERVICE_NAME: variable.optional(),
  /** `key=value` pairs added to every span's resource (`deployment.environment.name=prod`). */
  OTEL_RESOURCE_ATTRIBUTES: variable.optional(),
  OTEL_TRACES_SAMPLER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(SAMPLERS, {
        error: (issue) => `must be one of ${SAMPLERS.join(', ')}, got "${String(issue.input)}"`,
      })
      .default('parentbased_always_on'),
  ),
  /** The ratio of the `*traceidratio` samplers, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number between 0 and 1' })
      .min(0, 'must be between 0 and 1')
      .max(1, 'must be between 0 and 1')
      .default(1),
  ),
});

export interface TracingOptions {
  /** The process's own service (`gateway`, `course`; `all-in-one` for `npm start`). */
  process: string;
  env?: NodeJS.ProcessEnv;
  /** Instead of OTLP (tests). */
  exporter?: SpanExporter;
}

interface ActiveTracing {
  processor: SpanProcessor;
  global: TracerProvider;
  sampler: Sampler;
  /** `service.name` of the process's own service when OTEL_SERVICE_NAME overrides it. */
  rename: Record<string, string>;
  attributes: Record<string, string>;
  providers: Map<string, TracerProvider>;
  contextManager: AsyncLocalStorageContextManager;
}

let active: ActiveTracing | null = null;

/** Whether this process exports traces. */
export function tracingEnabled(): boolean {
  return active !== null;
}

/** `a=1,b=x%20y` (OTEL_RESOURCE_ATTRIBUTES, OTEL_EXPORTER_OTLP_HEADERS) → record; throws on junk. */
export function parseKeyValues(variableName: string, raw: string | undefined): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const entry of (raw ?? '').split(',')) {
    if (!entry.trim()) continue;
    const at = entry.indexOf('=');
    const key = at > 0 ? entry.slice(0, at).trim() : '';
    if (!key) throw new Error(`${variableName} has "${entry.trim()}", which is not key=value`);
    try {
      pairs[key] = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      throw new Error(`${variableName} has a value that is not valid percent-encoding: "${entry.trim()}"`);
    }
  }
  return pairs;
}

function samplerOf(name: (typeof SAMPLERS)[number], ratio: number): Sampler {
  const root = name.endsWith('always_on')
    ? new AlwaysOnSampler()
    : name.endsWith('always_off')
      ? new AlwaysOffSampler()
      : new TraceIdRatioBasedSampler(ratio);
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** `<base>/v1/traces`, or the traces endpoint as given. */
function tracesUrl(base: string | undefined, traces: string | undefined): string | undefined {
  if (traces) return traces;
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, and OTEL_SDK_DISABLED is not set); otherwise does nothing
 * and the OpenTelemetry API stays a no-op. Throws naming a malformed variable. Once per process:
 * a second call is ignored until `stopTracing`.
 */
export function startTracing(options: TracingOptions): boolean {
  if (active) return true;
  const env = readEnv(options.process, TracingEnv, options.env ?? process.env);
  const url = tracesUrl(env.OTEL_EXPORTER_OTLP_ENDPOINT, env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  if (env.OTEL_SDK_DISABLED || (!url && !options.exporter)) return false;
  const attributes = {
    ...parseKeyValues('OTEL_RESOURCE_ATTRIBUTES', env.OTEL_RESOURCE_ATTRIBUTES),
    'service.instance.id': `${hostname()}:${process.pid}`,
  };
  const exporter =
    options.exporter ??
    new OTLPTraceExporter({
      url,
      headers: parseKeyValues('OTEL_EXPORTER_OTLP_HEADERS', env.OTEL_EXPORTER_OTLP_HEADERS),
    });
  const processor = new BatchSpanProcessor({ exporter });
  const sampler = samplerOf(env.OTEL_TRACES_SAMPLER, env.OTEL_TRACES_SAMPLER_ARG);
  const rename: Record<string, string> = env.OTEL_SERVICE_NAME
    ? { [options.process]: env.OTEL_SERVICE_NAME }
    : {};
  const global = new TracerProvider({
    resource: resourceFromAttributes({
      ...attributes,
      'service.name': rename[options.process] ?? options.process,
    }),
    sampler,
    spanProcessors: [processor],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(global);
  active = { processor, global, sampler, rename, attributes, providers: new Map(), contextManager };
  return true;
}

/** Exports what is still queued (a test, before reading the receiver). */
export async function flushTracing(): Promise<void> {
  await active?.processor.forceFlush();
}

/** Exports what is queued and turns tracing off again (shutdown; tests). */
export async function stopTracing(): Promise<void> {
  const current = active;
  if (!current) return;
  active = null;
  await current.processor.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
}

/**
 * The tracer of one service of this process, or undefined while tracing is off (callers skip
 * their span work altogether then). Its spans carry the service's own `service.name` and go
 * through the process's one export pipeline.
 */
export function tracerOf(service: string): Tracer | undefined {
  if (!active) return undefined;
  let provider = active.providers.get(service);
  if (!provider) {
    provider = new TracerProvider({
      resource: resourceFromAttributes({
        ...active.attributes,
        'service.name': active.rename[service] ?? service,
      }),
      sampler: active.sampler,
      spanProcessors: [active.processor],
    });
    active.providers.set(service, provider);
  }
  return provider.getTracer('@lms/platform');
}

/** The HTTP server span of the request being served, while it is served. */
const SERVER_SPAN = Symbol('lms.serverSpan');

interface WithServerSpan {
  [SERVER_SPAN]?: Span;
}

/**
 * Runs a request's handler inside an HTTP server span of `tracer`: continued from the request's
 * `traceparent` (which only trusted senders still have: `guardForwardedHeaders` drops it from
 * everyone else) or a new trace. The span is named by the route template (`nameServerSpan`),
 * and ends when the response does, with its status code.
 */
export function runInServerSpan(
  tracer: Tracer,
  request: IncomingMessage,
  response: ServerResponse,
  handler: () => void,
): void {
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const method = request.method ?? 'GET';
  const span = tracer.startSpan(
    method,
    {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': method,
        'url.path': (request.url ?? '/').split('?')[0],
        'network.peer.address': request.socket.remoteAddress ?? '',
        // The id in the log lines of the request (`runInRequestContext` runs around this).
        'lms.request_id': currentRequest()?.requestId ?? '',
      },
    },
    parent,
  );
  (request as WithServerSpan)[SERVER_SPAN] = span;
  response.once('close', () => {
    const status = response.statusCode;
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    if (!response.writableFinished) span.setAttribute('lms.response.aborted', true);
    span.end();
  });
  context.with(trace.setSpan(parent, span), handler);
}

/** Names the request's server span by its route template (`GET /api/course/courses/:id`). */
export function nameServerSpan(request: IncomingMessage, route: string | undefined, clientAddress: string) {
  const span = (request as WithServerSpan)[SERVER_SPAN];
  if (!span) return;
  if (route) {
    span.updateName(`${request.method ?? 'GET'} ${route}`);
    span.setAttribute('http.route', route);
  }
  span.setAttribute('client.address', clientAddress);
}

/** Adds attributes to the active span (the request's server span), if there is one. */
export function annotateSpan(attributes: Record<string, string | number | boolean>): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/**
 * The `traceparent`/`tracestate` headers of the active span, to send to another service of the
 * platform; empty while tracing is off.
 */
export function traceHeaders(from: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(from, headers);
  return headers;
}
