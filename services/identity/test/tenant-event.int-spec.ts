import type { DataSource } from 'typeorm';
import { openServiceDataSource } from '@lms/database';
import type { EventEnvelope, IdentityTenantUpserted } from '@lms/events';
import { createTestDatabase } from '@lms/testing';
import { ENTITIES } from '../src/entities';
import { MIGRATIONS } from '../src/migrations';
import { seedIdentityDemo } from '../src/seed/demo.seed';

describe('identity.tenant.upserted', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('identity');
    ds = await openServiceDataSource({
      url: db.url,
      service: 'identity',
      entities: ENTITIES,
      migrations: MIGRATIONS,
    });
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const events = async () =>
    (
      (await ds.query(`SELECT topic, partition_key, envelope FROM outbox WHERE type = 'identity.tenant.upserted'
                       ORDER BY created_at`)) as Array<{
        topic: string;
        partition_key: string;
        envelope: EventEnvelope<IdentityTenantUpserted>;
      }>
    ).map((row) => ({ topic: row.topic, key: row.partition_key, ...row.envelope }));

  it('is written with the campus it creates, and again (unchanged) when the seed runs again', async () => {
    const { tenantId, created } = await seedIdentityDemo(ds, {
      domain: 'Campus.Example.ac.id',
      password: 'pw-123456',
    });
    expect(created).toBe(true);
    const [first] = await events();
    expect(first).toMatchObject({
      topic: 'identity.tenant',
      key: String(tenantId),
      tenantId,
      data: {
        id: tenantId,
        domain: 'campus.example.ac.id',
        name: 'Universitas Demo',
        timeZone: 'Asia/Jakarta',
        landingPageUrl: null,
      },
    });
    expect(Number.isNaN(Date.parse(first.data.updatedAt))).toBe(false);

    const again = await seedIdentityDemo(ds, { domain: 'Campus.Example.ac.id', password: 'pw-123456' });
    expect(again).toEqual({ tenantId, created: false });
    const all = await events();
    expect(all).toHaveLength(2);
    expect(all[1].data).toEqual(first.data);
  });
});
