import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { flushTracing, parseKeyValues, startTracing, stopTracing, tracerOf, tracingEnabled } from './tracing';

describe('tracing configuration', () => {
  afterEach(async () => {
    await stopTracing();
  });

  it('stays off without an endpoint, or with OTEL_SDK_DISABLED', () => {
    expect(startTracing({ process: 'course', env: {} })).toBe(false);
    expect(
      startTracing({
        process: 'course',
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' },
      }),
    ).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(tracerOf('course')).toBeUndefined();
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL'],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER: 'sometimes' },
      'OTEL_TRACES_SAMPLER must be one of always_on',
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER_ARG: '2' },
      'OTEL_TRACES_SAMPLER_ARG must be between 0 and 1',
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_RESOURCE_ATTRIBUTES: 'campus' },
      'OTEL_RESOURCE_ATTRIBUTES has "campus", which is not key=value',
    ],
  ])('refuses a malformed variable at start, naming it: %j', (env, message) => {
    expect(() => startTracing({ process: 'course', env })).toThrow(message);
    expect(tracingEnabled()).toBe(false);
  });

  it('reads key=value lists with percent-encoded values', () => {
    expect(parseKeyValues('X', ' a=1 , b=x%20y,,c=')).toEqual({ a: '1', b: 'x y', c: '' });
    expect(() => parseKeyValues('X', 'k=%E0%A4%A')).toThrow(
      'X has a value that is not valid percent-encoding',
    );
  });

  it("names each service's spans by the service, OTEL_SERVICE_NAME renaming the process's own", async () => {
    const exporter = new InMemorySpanExporter();
    expect(
      startTracing({
        process: 'course',
        exporter,
        env: {
          OTEL_SERVICE_NAME: 'course-campus-a',
          OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=exam',
        },
      }),
    ).toBe(true);
    tracerOf('course')!.startSpan('one').end();
    tracerOf('identity')!.startSpan('two').end();
    await flushTracing();
    const services = exporter
      .getFinishedSpans()
      .map((span) => [span.name, span.resource.attributes['service.name']]);
    expect(services).toEqual([
      ['one', 'course-campus-a'],
      ['two', 'identity'],
    ]);
    expect(exporter.getFinishedSpans()[0].resource.attributes['deployment.environment.name']).toBe('exam');
  });

  it('honours OTEL_TRACES_SAMPLER: always_off exports nothing', async () => {
    const exporter = new InMemorySpanExporter();
    startTracing({ process: 'course', exporter, env: { OTEL_TRACES_SAMPLER: 'always_off' } });
    tracerOf('course')!.startSpan('dropped').end();
    await flushTracing();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
