import { seedIdentityDemo } from '../src/seed/demo.seed';
import { IdentityHarness } from './support/harness';

describe('identity.tenant.upserted', () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('is written with the campus it creates, and again (unchanged) when the seed runs again', async () => {
    const { tenantId, created } = await seedIdentityDemo(h.ds, {
      domain: 'Campus.Example.ac.id',
      password: 'pw-123456',
    });
    expect(created).toBe(true);
    const [first] = await h.events('identity.tenant.upserted');
    const [row] = await h.ds.query(`SELECT topic, partition_key FROM outbox WHERE envelope->>'id' = $1`, [
      first.id,
    ]);
    expect(row).toEqual({ topic: 'identity.tenant', partition_key: String(tenantId) });
    expect(first).toMatchObject({
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

    const again = await seedIdentityDemo(h.ds, { domain: 'Campus.Example.ac.id', password: 'pw-123456' });
    expect(again).toEqual({ tenantId, created: false });
    const all = await h.events('identity.tenant.upserted');
    expect(all).toHaveLength(2);
    expect(all[1].data).toEqual(first.data);
  });
});
