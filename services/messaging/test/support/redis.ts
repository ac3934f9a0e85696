import { type ChildProcess, spawn } from 'node:child_process';
import Redis from 'ioredis';
import { freePort } from '@lms/testing';

/** A Redis of the test's own (not the stack's shared one): `redis-server` on a free port, no disk. */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const server: ChildProcess = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      break;
    } catch (error) {
      client.disconnect();
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error(`redis-server did not start: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}
