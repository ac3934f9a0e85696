import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ApiClient, expectEventually, freePort, type JsonResource, stackServer } from '@lms/testing';

/**
 * Stack mode end to end: `npm run stack` (scripts/stack.mjs) brings up the infrastructure through
 * deploy/local and runs identity, course and the gateway as separate processes on Kafka, MinIO
 * and Redis. A student signs in through the gateway and sees the demo course, which reached the
 * course service's users projection as events over Kafka.
 */
describe('stack mode (separate processes on Kafka, MinIO, Redis, PostgreSQL)', () => {
  let stack: ChildProcess;
  let base: string;
  let output = '';

  beforeAll(async () => {
    // Started here first, so that the run's teardown stops them again.
    for (const part of ['postgres', 'redis', 'minio', 'kafka'] as const) stackServer(part);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    stack = spawn('node', [join(__dirname, '../../scripts/stack.mjs'), '--no-build'], {
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stack.stdout?.on('data', (chunk) => (output += chunk));
    stack.stderr?.on('data', (chunk) => (output += chunk));
    // Ready, or a failure at once when stack.mjs exits first (it stops what it started).
    const exitedEarly = new Promise<never>((_, reject) =>
      stack.once('exit', (code, signal) =>
        reject(
          new Error(`scripts/stack.mjs exited (${signal ?? code}) before the stack was ready:\n${output}`),
        ),
      ),
    );
    await Promise.race([
      expectEventually(() => expect(output).toContain('LMS (stack mode) on'), 600_000),
      exitedEarly,
    ]);
  }, 620_000);

  afterAll(async () => {
    if (stack.exitCode === null) {
      const exited = new Promise((resolve) => stack.once('exit', resolve));
      stack.kill('SIGINT');
      await exited;
    }
  });

  const api = () => new ApiClient(base).at('localhost');

  it('signs a student in through the gateway and lists the demo course built from Kafka events', async () => {
    const login = await api().post<{ data: { attributes: { access_token: string } } }>(
      '/api/user/auth/login',
      {
        username: 'student1',
        password: process.env.DEMO_PASSWORD ?? 'lms-demo',
      },
    );
    expect(login.status).toBe(200);
    await expectEventually(async () => {
      const response = await api().as(login.body.data.attributes.access_token).get('/api/course/courses');
      expect(response.status).toBe(200);
      expect((response.body.data as JsonResource[]).map((course) => course.attributes.code)).toContain(
        'IF101',
      );
    }, 120_000);
  }, 150_000);

  it('stops every service on Ctrl-C', async () => {
    const exited = new Promise<number | null>((resolve) => stack.once('exit', resolve));
    stack.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 60_000);
});
