// Child process of the exam-day benchmark: the whole product (built dist, as `npm start` runs
// it) on an ephemeral embedded PostgreSQL with the demo campus. Ports PORT (gateway) and PG_PORT,
// data in a directory under DATA_DIR, removed when it stops. Prints its addresses as one JSON line once ready, then waits.
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// As the Docker image runs it (deploy/docker/Dockerfile): production skips the development check
// of every answer against its `@Responds` declaration. Set before the product's modules load.
process.env.NODE_ENV = 'production';
const require = createRequire(import.meta.url);
require('reflect-metadata');
const root = new URL('../..', import.meta.url).pathname;
const { startEmbeddedPostgres } = require(join(root, 'libs/database/dist/index.js'));
const { startPlatform } = require(join(root, 'services/all-in-one/dist/platform.js'));

const base = process.env.DATA_DIR ?? join(root, '.data/bench-exam-day');
mkdirSync(base, { recursive: true });
const dir = mkdtempSync(join(base, 'run-'));
const pg = await startEmbeddedPostgres({
  dataDir: join(dir, 'pg'),
  port: Number(process.env.PG_PORT ?? 54700),
  password: 'bench',
  ephemeral: true,
  settings: { port: 'PG_PORT', dataDir: 'DATA_DIR' },
});
const platform = await startPlatform({
  postgresUrl: pg.url,
  dataDir: dir,
  port: Number(process.env.PORT ?? 4700),
  host: '127.0.0.1',
  seedDemo: true,
  demoPassword: 'lms-demo',
  logLevel: process.env.LOG_LEVEL ?? 'error',
});
const port = platform.gateway.getHttpServer().address().port;
console.log(JSON.stringify({ gateway: `http://127.0.0.1:${port}`, postgres: pg.url, dataDir: dir }));

const stop = async () => {
  await platform.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
