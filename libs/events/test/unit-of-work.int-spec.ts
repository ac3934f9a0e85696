import type { DataSource } from 'typeorm';
import { openServiceDataSource } from '@lms/database';
import { createTestDatabase, expectEventually } from '@lms/testing';
import {
  type EventEnvelope,
  EventsTables1763800000000,
  type IdentityTenantUpserted,
  InboxEvent,
  InProcessTransport,
  OutboxEvent,
  OutboxRelay,
  recordEvent,
  topicOf,
  UnitOfWork,
} from '@lms/events';

const tenant = (id: number): IdentityTenantUpserted => ({
  id,
  domain: `campus${id}.example.ac.id`,
  name: `Campus ${id}`,
  timeZone: 'Asia/Jakarta',
  description: null,
  favicon: null,
  landingPageUrl: null,
  updatedAt: new Date().toISOString(),
});

describe('UnitOfWork (real PostgreSQL, in-process transport)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;
  let transport: InProcessTransport;
  let relay: OutboxRelay;
  let unit: UnitOfWork;
  const delivered: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('unit_of_work');
    ds = await openServiceDataSource({
      url: db.url,
      service: 'uow-test',
      entities: [OutboxEvent, InboxEvent],
      migrations: [EventsTables1763800000000],
    });
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
    await ds.destroy();
    await db.drop();
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
