import { join } from 'node:path';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import type { DataSource } from 'typeorm';
import {
  type EventEnvelope,
  EventsServer,
  type EventTransport,
  InProcessTransport,
  KafkaTransport,
  OutboxRelay,
  recordEvent,
} from '@lms/events';
import { flushTracing, startTracing, stopTracing, tracerOf } from '@lms/platform';
import { EVENT_FACTORIES, expectEventually, openEventsDatabase, stackServer } from '@lms/testing';

/** A Kafka of its own for this file (ports of its own, data beside the others'). */
const broker = {
  stackDir: join(__dirname, '../../../.data/stack-trace-test'),
  env: { LMS_KAFKA_PORT: '19292', LMS_KAFKA_CONTROLLER_PORT: '19293' },
};

/** The data of an `identity.user.upserted` for user `id`. */
const user = EVENT_FACTORIES['identity.user.upserted'];

const TRANSPORTS: [string, () => EventTransport & { open?(): void }][] = [
  ['in-process', () => new InProcessTransport()],
  [
    'kafka',
    () =>
      new KafkaTransport({
        brokers: stackServer('kafka', broker).KAFKA_BROKERS.split(','),
        clientId: 'trace-test',
        partitions: 2,
        retryDelayMs: 20,
      }),
  ],
];

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  expect(startTracing({ process: 'producer', exporter })).toBe(true);
});

afterAll(async () => {
  await stopTracing();
});

describe.each(TRANSPORTS)('trace context of events (%s transport)', (system, makeTransport) => {
  let close: (() => Promise<void>) | undefined;
  let ds: DataSource;
  let transport: EventTransport;
  let server: EventsServer;
  let relay: OutboxRelay;

  beforeAll(async () => {
    ({ ds, close } = await openEventsDatabase(`trace_${system.replace('-', '_')}`));
    const made = makeTransport();
    transport = made;
    server = new EventsServer(transport, ds, `consumer-${system}`, { tracer: tracerOf('consumer') });
    server.addHandler('identity.user.upserted', async () => undefined, true);
    await new Promise<void>((resolve, reject) => server.listen(() => resolve()).catch(reject));
    made.open?.();
    relay = new OutboxRelay(ds, transport, { service: 'producer', intervalMs: 100 });
    relay.start();
  }, 300_000);

  afterAll(async () => {
    await relay?.stop();
    await server?.close();
    await transport?.close();
    await close?.();
  });

  /** The consumer spans of the event, once they are exported. */
  async function handlingsOf(eventId: string, count = 1): Promise<ReadableSpan[]> {
    return expectEventually(async () => {
      await flushTracing();
      const spans = exporter
        .getFinishedSpans()
        .filter((span) => span.attributes['messaging.message.id'] === eventId);
      expect(spans).toHaveLength(count);
      return spans;
    }, 60_000);
  }

  it('handles an event in a consumer span, child of the span that recorded it', async () => {
    const write = tracerOf('producer')!.startSpan('PATCH /api/course/users/:id');
    const envelope = await context.with(trace.setSpan(context.active(), write), () =>
      ds.transaction((manager) =>
        recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: 1, data: user(1) }),
      ),
    );
    write.end();
    expect(envelope.traceContext?.traceparent).toBe(
      `00-${write.spanContext().traceId}-${write.spanContext().spanId}-01`,
    );
    relay.nudge();

    const [handling] = await handlingsOf(envelope.id);
    expect(handling.name).toBe('process identity.user');
    expect(handling.kind).toBe(SpanKind.CONSUMER);
    expect(handling.spanContext().traceId).toBe(write.spanContext().traceId);
    expect(handling.parentSpanContext?.spanId).toBe(write.spanContext().spanId);
    expect(handling.resource.attributes['service.name']).toBe('consumer');
    expect(handling.attributes).toMatchObject({
      'messaging.system': system,
      'messaging.destination.name': 'identity.user',
      'messaging.consumer.group.name': `consumer-${system}`,
      'lms.event.type': 'identity.user.upserted',
    });
    expect(handling.attributes['lms.event.duplicate']).toBeUndefined();
  });

  it('marks a redelivery that the inbox skips, in the same trace', async () => {
    const write = tracerOf('producer')!.startSpan('write');
    const envelope = await context.with(trace.setSpan(context.active(), write), () =>
      ds.transaction((manager) =>
        recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: 2, data: user(2) }),
      ),
    );
    write.end();
    relay.nudge();
    await handlingsOf(envelope.id, 1);
    // As after a crash between publishing and marking the row: the same event once more.
    await transport.publish('identity.user', '2', envelope as EventEnvelope);
    const handlings = await handlingsOf(envelope.id, 2);
    expect(handlings.map((span) => span.parentSpanContext?.spanId)).toEqual([
      write.spanContext().spanId,
      write.spanContext().spanId,
    ]);
    expect(handlings.filter((span) => span.attributes['lms.event.duplicate'] === true)).toHaveLength(1);
  });

  it('starts a trace of its own for an event recorded outside any span', async () => {
    const envelope = await ds.transaction((manager) =>
      recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: 3, data: user(3) }),
    );
    expect(envelope).not.toHaveProperty('traceContext');
    relay.nudge();
    const [handling] = await handlingsOf(envelope.id);
    expect(handling.parentSpanContext).toBeUndefined();
  });
});
