import { request } from 'undici';
import { startMetricsServer } from '@lms/platform';
import { ApiClient, type JsonResource } from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

describe('Prometheus metrics of every service (all-in-one)', () => {
  let platform: TestPlatform;
  let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
  let campus: ApiClient;

  const scrape = async () => {
    const response = await request(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(await response.body.text());
  };
  const find = (samples: Sample[], name: string, labels: Record<string, string>) =>
    samples.filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );

  beforeAll(async () => {
    platform = await startTestPlatform();
    metrics = await startMetricsServer(0);
    campus = new ApiClient(platform.url).at('localhost');
    const login = await campus.post('/api/user/auth/login', { username: 'lecturer', password: 'lms-demo' });
    const token = (login.body.data as JsonResource).attributes.access_token as string;
    campus = new ApiClient(platform.url, { token }).at('localhost');
  });

  afterAll(async () => {
    await metrics?.close();
    await platform?.stop();
  });

  it('counts requests per route template and status, in the gateway and in the service', async () => {
    const before = await scrape();
    const courses = await campus.get('/api/course/courses');
    expect(courses.status).toBe(200);
    const id = (courses.body.data as JsonResource[])[0].id;
    for (let i = 0; i < 3; i++) expect((await campus.get(`/api/course/courses/${id}`)).status).toBe(200);
    expect((await campus.get('/api/course/courses/99999999')).status).toBe(404);

    const after = await scrape();
    const count = (samples: Sample[], labels: Record<string, string>) =>
      find(samples, 'lms_http_request_duration_seconds_count', labels).reduce((sum, s) => sum + s.value, 0);
    const one = { service: 'course', method: 'GET', route: '/api/course/courses/:id' };
    expect(count(after, { ...one, status_code: '200' }) - count(before, { ...one, status_code: '200' })).toBe(
      3,
    );
    expect(count(after, { ...one, status_code: '404' }) - count(before, { ...one, status_code: '404' })).toBe(
      1,
    );
    const proxied = { service: 'gateway', method: 'GET', route: '/api/*' };
    expect(count(after, proxied) - count(before, proxied)).toBe(5);
    // Route templates only: no series per id.
    const routes = find(after, 'lms_http_request_duration_seconds_count', {}).map((s) => s.labels.route);
    expect(routes.filter((route) => /\/\d+(\/|$)/.test(route))).toEqual([]);
    expect(find(after, 'lms_http_request_duration_seconds_bucket', { ...one, le: '+Inf' })).toHaveLength(2);
  });

  it('reports the database pools, the outboxes, the event loop and the process', async () => {
    const samples = await scrape();
    for (const service of ['identity', 'course']) {
      const [total] = find(samples, 'lms_db_pool_connections', { service, state: 'total' });
      expect(total.value).toBeGreaterThan(0);
      expect(find(samples, 'lms_outbox_backlog', { service })).toHaveLength(1);
      expect(find(samples, 'lms_outbox_oldest_unpublished_seconds', { service })).toHaveLength(1);
    }
    expect(find(samples, 'lms_db_pool_connections', { service: 'gateway' })).toEqual([]);
    expect(
      find(samples, 'lms_events_published_total', { service: 'identity', topic: 'identity.user' })[0].value,
    ).toBeGreaterThan(0);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ])
      expect(find(samples, name, {})).not.toEqual([]);
  });

  it('serves /metrics on its own port only: the public gateway does not', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await new ApiClient(platform.url).at('localhost').get(path);
      expect(response.status).not.toBe(200);
      expect(JSON.stringify(response.body)).not.toContain('lms_http_request_duration_seconds');
    }
    const other = await request(`http://127.0.0.1:${metrics.port}/`);
    expect(other.statusCode).toBe(404);
    await other.body.dump();
  });
});
