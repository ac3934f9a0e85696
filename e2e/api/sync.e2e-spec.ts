import { ApiClient, type JsonResource } from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

/** `/api/sync/*` goes through the gateway to the course service (its academic-system sync). */
describe('academic-system sync through the gateway', () => {
  let platform: TestPlatform;
  let api: ApiClient;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = new ApiClient(platform.url).at('localhost');
  });

  afterAll(async () => {
    await platform.stop();
  });

  it('reaches the course service, which says that no academic system is configured', async () => {
    const login = await api.post('/api/user/auth/login', { username: 'lecturer', password: 'lms-demo' });
    const lecturer = api.as((login.body.data as JsonResource).attributes.access_token as string);
    const periods = await lecturer.get('/api/course/periods');
    const period = (periods.body.data as JsonResource[])[0];
    expect(period).toBeDefined();

    const sync = await lecturer.post('/api/sync/sync/syncByCourse', {
      year: period.attributes.year,
      type: period.attributes.period_type,
      code: 'IF101',
      period_id: Number(period.id),
    });
    expect(sync.status).toBe(503);
    expect(sync.body.errors?.[0].detail).toBe(
      'No academic system is configured for this deployment (ACADEMIC_SYNC_URL): courses cannot be synced',
    );
    const invalid = await lecturer.post('/api/sync/sync/syncByCourse', { code: 'IF101' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors?.map((error) => error.source?.pointer)).toEqual([
      '/data/attributes/year',
      '/data/attributes/type',
      '/data/attributes/period_id',
    ]);
  });
});
