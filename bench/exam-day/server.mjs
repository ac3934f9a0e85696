// Child process of the exam-day benchmark: the whole product (built dist, as `npm start` runs
// it) on an ephemeral embedded PostgreSQL with the demo campus. Ports PORT (gateway) and PG_PORT,
// data in a directory under DATA_DIR, removed when it stops. A control server on loopback starts
// and stops a CPU profile of this process (run.mjs --profile). Prints its addresses as one JSON
// line once ready, then waits.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { profiler } from '../profile.mjs';

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
  // as `npm start` reaches it: through its Unix-domain socket
  postgresUrl: pg.localUrl ?? pg.url,
  dataDir: dir,
  port: Number(process.env.PORT ?? 4700),
  host: '127.0.0.1',
  seedDemo: true,
  demoPassword: 'lms-demo',
  logLevel: process.env.LOG_LEVEL ?? 'error',
});
const port = platform.gateway.getHttpServer().address().port;

// POST /profile/start, POST /profile/stop (→ the .cpuprofile as JSON): around one load phase.
const cpu = profiler();
const control = createServer((request, response) => {
  const action = { '/profile/start': () => cpu.start(), '/profile/stop': () => cpu.stop() }[request.url];
  if (request.method !== 'POST' || !action) {
    response.writeHead(404).end();
    return;
  }
  action().then(
    (result) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? {})),
    (error) => response.writeHead(500).end(String(error)),
  );
});
await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));
console.log(
  JSON.stringify({
    gateway: `http://127.0.0.1:${port}`,
    control: `http://127.0.0.1:${control.address().port}`,
    postgres: pg.url,
    postgresLocal: pg.localUrl,
    dataDir: dir,
  }),
);

const stop = async () => {
  control.close();
  await platform.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
