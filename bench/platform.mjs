// What the benchmarks' server.mjs share: the platform (built dist) with the demo campus on a fresh
// embedded PostgreSQL in a temp dir (removed when it stops), tracing on only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set (the cost of tracing on).
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const root = new URL('..', import.meta.url).pathname;

/** `{dir, pg, platform}`; PostgreSQL on `pgPort`, else a random one of 55000–55499. */
export async function startBenchPlatform({ pgPort } = {}) {
  const { startEmbeddedPostgres } = require(join(root, 'libs/database/dist/index.js'));
  const { startPlatform } = require(join(root, 'services/all-in-one/dist/platform.js'));
  const { startTracing } = require(join(root, 'libs/platform/dist/index.js'));
  startTracing({ process: 'lms' });
  const dir = mkdtempSync(join(tmpdir(), 'lms-bench-'));
  const pg = await startEmbeddedPostgres({
    dataDir: join(dir, 'pg'),
    port: pgPort ?? 55000 + Math.floor(Math.random() * 500),
    password: 'bench',
    ephemeral: true,
  });
  const platform = await startPlatform({
    postgresUrl: pg.localUrl ?? pg.url,
    dataDir: dir,
    port: 0,
    host: '127.0.0.1',
    seedDemo: true,
    demoPassword: 'lms-demo',
    logLevel: 'error',
  });
  return { dir, pg, platform };
}

/**
 * A client of one of the platform's databases (`lms_course`, …) for a bench's bulk seed, and
 * `one(sql, params)`: the first row of a query.
 */
export async function benchDatabase(pg, name) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: `${pg.url}/${name}` });
  db.on('error', () => {}); // the cluster may stop first on SIGTERM
  await db.connect();
  return { db, one: async (sql, params) => (await db.query(sql, params)).rows[0] };
}

/**
 * On SIGTERM or SIGINT: closes what the bench opened (`closers`, in order), then the platform and
 * PostgreSQL, and exits.
 */
export function stopOnSignal({ pg, platform }, ...closers) {
  const stop = async () => {
    for (const close of closers) await close();
    await platform.stop();
    await pg.stop();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
