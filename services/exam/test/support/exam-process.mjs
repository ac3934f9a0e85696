// The exam service alone in its own process, from its build (dist), for the durability test:
// configured from the environment as in stack mode (DATABASE_URL, JWT_PUBLIC_KEY, INTERNAL_TOKEN,
// PORT …), events on an in-process transport (the outbox keeps them; no other service listens).
// Prints `{"port": …}` once it listens. The test ends it with SIGKILL.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const root = new URL('../../../../', import.meta.url).pathname;
const { startService } = require(`${root}libs/platform/dist/index.js`);
const { InProcessTransport } = require(`${root}libs/events/dist/index.js`);
const { examService } = require(`${root}services/exam/dist/service.js`);

const transport = new InProcessTransport();
const app = await startService(examService, examService.config(process.env), transport, {
  logLevel: process.env.LOG_LEVEL ?? 'error',
});
transport.open();
console.log(JSON.stringify({ port: app.getHttpServer().address().port }));
