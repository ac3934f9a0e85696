import type { DataSource } from 'typeorm';
import { EVENT_FACTORIES, expectEventually, openEventsDatabase } from '@lms/testing';
import {
  type EventEnvelope,
  type IdentityTenantUpserted,
  InProcessTransport,
  OutboxRelay,
  recordEvent,
  topicOf,
  UnitOfWork,
} from '@lms/events';

/** The data of an `identity.tenant.upserted` for campus `id`. */
const tenant = EVENT_FACTORIES['identity.tenant.upserted'];

describe('UnitOfWork (real PostgreSQL, in-process transport)', () => {
  let close: () => Promise<void>;
  let ds: DataSource;
  let transport: InProcessTransport;
  let relay: OutboxRelay;
  let unit: UnitOfWork;
  const delivered: number[] = [];

  beforeAll(async () => {
    ({ ds, close } = await openEventsDatabase('uow-test'));
    await ds.query('CREATE TABLE campuses (id int PRIMARY KEY)');
    transport = new InProcessTransport();
    await transport.subscribe(
      'observer',
      [topicOf('identity.tenant.upserted')],
      async (envelope: EventEnvelope) => {
        delivered.push((envelope.data as IdentityTenantUpserted).id);
      },
    );
    transport.open();
    // A poll interval far beyond the test's patience: only the nudge can publish in time.
    relay = new OutboxRelay(ds, transport, { service: 'uow-test', intervalMs: 600_000 });
    relay.start();
    await relay.drain();
    unit = new UnitOfWork(ds, relay);
  });

  afterAll(async () => {
    await relay.stop();
    await close();
  });

  const outboxIds = async () =>
    (await ds.query(`SELECT envelope->'data'->>'id' AS id FROM outbox ORDER BY id`)).map(
      (row: { id: string }) => Number(row.id),
    );

  it('commits the state change with its event and publishes the event right after the commit', async () => {
    const result = await unit.run(async (manager) => {
      await manager.query('INSERT INTO campuses (id) VALUES (1)');
      await recordEvent(manager, 'identity.tenant.upserted', { tenantId: 1, key: 1, data: tenant(1) });
      return 'done';
    });

    expect(result).toBe('done');
    expect(await ds.query('SELECT id FROM campuses')).toEqual([{ id: 1 }]);
    await expectEventually(() => expect(delivered).toContain(1), 5000);
  });

  it('keeps neither the change nor its event when the work throws, and rethrows', async () => {
    const before = await outboxIds();
    await expect(
      unit.run(async (manager) => {
        await manager.query('INSERT INTO campuses (id) VALUES (2)');
        await recordEvent(manager, 'identity.tenant.upserted', { tenantId: 2, key: 2, data: tenant(2) });
        throw new Error('rule broken after the event was recorded');
      }),
    ).rejects.toThrow('rule broken after the event was recorded');

    expect(await ds.query('SELECT id FROM campuses WHERE id = 2')).toEqual([]);
    expect(await outboxIds()).toEqual(before);
    await relay.drain();
    expect(delivered).not.toContain(2);
  });
});
