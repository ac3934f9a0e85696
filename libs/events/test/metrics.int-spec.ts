import { register } from 'prom-client';
import type { DataSource } from 'typeorm';
import { EVENT_FACTORIES, expectEventually, openEventsDatabase } from '@lms/testing';
import { type EventEnvelope, InProcessTransport, OutboxRelay, recordEvent } from '@lms/events';

async function value(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const metric = register.getSingleMetric(name);
  if (!metric) throw new Error(`${name} is not registered`);
  const { values } = await metric.get();
  return values.find((sample) => Object.entries(labels).every(([key, v]) => sample.labels[key] === v))?.value;
}

/** The data of an `identity.user.upserted` for user `id`. */
const user = EVENT_FACTORIES['identity.user.upserted'];

describe('event pipeline metrics', () => {
  let close: () => Promise<void>;
  let ds: DataSource;
  let relay: OutboxRelay | undefined;

  beforeAll(async () => {
    ({ ds, close } = await openEventsDatabase('metrics-test'));
  });

  afterAll(async () => {
    await relay?.stop();
    await close();
  });

  it('shows the outbox backlog and its age growing while the transport cannot take events', async () => {
    const transport = new InProcessTransport(); // not open yet: publishing waits, as for a broker away
    relay = new OutboxRelay(ds, transport, { service: 'metrics-test', intervalMs: 3_600_000 });
    relay.start();
    expect(await value('lms_outbox_backlog', { service: 'metrics-test' })).toBe(0);
    expect(await value('lms_outbox_oldest_unpublished_seconds', { service: 'metrics-test' })).toBe(0);

    await ds.transaction(async (manager) => {
      for (const id of [1, 2, 3])
        await recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: id, data: user(id) });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await value('lms_outbox_backlog', { service: 'metrics-test' })).toBe(3);
    expect(await value('lms_outbox_oldest_unpublished_seconds', { service: 'metrics-test' })).toBeGreaterThan(
      0.04,
    );

    const published =
      (await value('lms_events_published_total', { service: 'metrics-test', topic: 'identity.user' })) ?? 0;
    transport.open();
    relay.nudge();
    await expectEventually(async () =>
      expect(await value('lms_outbox_backlog', { service: 'metrics-test' })).toBe(0),
    );
    expect(
      await value('lms_events_published_total', { service: 'metrics-test', topic: 'identity.user' }),
    ).toBe(published + 3);

    await relay.stop();
    expect(await value('lms_outbox_backlog', { service: 'metrics-test' })).toBeUndefined();
  });

  it('counts the events a consumer group dead-letters', async () => {
    const transport = new InProcessTransport({ maxAttempts: 2, retryDelayMs: 1 });
    await transport.subscribe('broken-group', ['identity.user'], async () => {
      throw new Error('projection is broken');
    });
    transport.open();
    const envelope = { id: 'e1', type: 'identity.user.upserted', tenantId: 1 } as EventEnvelope;
    await transport.publish('identity.user', '1', envelope);
    await transport.publish('identity.user', '1', { ...envelope, id: 'e2' });
    expect(
      await value('lms_events_dead_lettered_total', { group: 'broken-group', topic: 'identity.user' }),
    ).toBe(2);
  });
});
