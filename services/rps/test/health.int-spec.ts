import { ServiceHarness } from '@lms/testing';
import { rpsService } from '../src/service';

/**
 * rps started by the generic harness: a fresh database with its migrations, tokens for any
 * user (`await h.as({ id, tenantId, role })`), other services' events applied by its handlers
 * (`h.given.user(…)`, `h.given.campus(…)`, `h.publish(…)`) and its outbox (`h.events(type)`).
 */
describe('rps on PostgreSQL', () => {
  const h = new ServiceHarness(rpsService);
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('is live and ready, its migrations applied', async () => {
    expect((await h.api.get('/healthz')).status).toBe(200);
    const ready = await h.api.get('/readyz');
    expect(ready).toMatchObject({ status: 200, body: { meta: { status: 'ready' } } });
    const tables = await h.ds.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual(
      expect.arrayContaining([
        'inbox',
        'migrations',
        'outbox',
        'tenants',
        'users',
        'courses',
        'course_staff',
      ]),
    );
  });

  it('asks the owners of its projections to republish them, once (the backfill)', async () => {
    const [request, ...more] = await h.events('platform.snapshot.requested');
    expect(more).toEqual([]);
    expect(request).toMatchObject({ tenantId: 0, data: { requestedBy: 'rps' } });
  });
});
