// Child process of the benchmark: the platform (built dist) on an ephemeral embedded PostgreSQL,
// plus a bare Fastify hello-world as the floor. Prints the URLs as one JSON line, then waits.
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const root = new URL('../..', import.meta.url).pathname;
const { startEmbeddedPostgres } = require(join(root, 'libs/database/dist/index.js'));
const { startPlatform } = require(join(root, 'services/all-in-one/dist/platform.js'));
const { startTracing } = require(join(root, 'libs/platform/dist/index.js'));
const Fastify = require('fastify');

// Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (the cost of tracing on).
startTracing({ process: 'lms' });
const dir = mkdtempSync(join(tmpdir(), 'lms-bench-'));
const pg = await startEmbeddedPostgres({
  dataDir: join(dir, 'pg'),
  port: 55000 + Math.floor(Math.random() * 500),
  password: 'bench',
  ephemeral: true,
});
const platform = await startPlatform({
  postgresUrl: pg.url,
  dataDir: dir,
  port: 0,
  host: '127.0.0.1',
  seedDemo: true,
  demoPassword: 'lms-demo',
  logLevel: 'error',
});
const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

const port = (app) => app.getHttpServer().address().port;
console.log(
  JSON.stringify({
    gateway: `http://127.0.0.1:${port(platform.gateway)}`,
    identity: `http://127.0.0.1:${port(platform.services.identity)}`,
    hello: `http://127.0.0.1:${hello.server.address().port}`,
  }),
);
const stop = async () => {
  await hello.close();
  await platform.stop();
  await pg.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
