// Child process of the benchmark: the platform (built dist) on an ephemeral embedded PostgreSQL,
// plus a bare Fastify hello-world as the floor. Prints the URLs as one JSON line, then waits.
import { createRequire } from 'node:module';
import { startBenchPlatform } from '../platform.mjs';

const require = createRequire(import.meta.url);
const Fastify = require('fastify');

const { pg, platform } = await startBenchPlatform();
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
