#!/usr/bin/env node
// `npm run stack`: stack mode on this machine. Starts the infrastructure through deploy/local
// (PostgreSQL, Redis, MinIO, Kafka; installed on first use), builds, then runs every service as
// its own Node process against it, the gateway on PORT (8080), services on the ports after it. Logs per service in
// .data/stack/logs/<service>.log and, prefixed, here. Ctrl-C stops the services, and so does any
// failure (a service that exits or never gets ready, a database that cannot be created): this
// script never leaves a service behind. The infrastructure keeps running until
// `bash deploy/local/down.sh`.
import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createSupervisor } from './supervisor.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const stackDir = process.env.STACK_DIR ?? join(root, '.data/stack');
const port = Number(process.env.PORT ?? 8080);
/** How long a service may take to answer its health route once started. */
const READY_MS = 60_000;

const supervisor = createSupervisor();

/** Keys and the internal token, made once and kept with the stack's data. */
function secret(file, make) {
  const path = join(stackDir, 'secrets', file);
  if (!existsSync(path)) {
    mkdirSync(join(stackDir, 'secrets'), { recursive: true, mode: 0o700 });
    writeFileSync(path, make(), { mode: 0o600 });
  }
  return readFileSync(path, 'utf8');
}

async function waitHealthy(name, url) {
  const deadline = Date.now() + READY_MS;
  while (Date.now() < deadline) {
    if (!supervisor.has(name)) return;
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not become ready at ${url} within ${READY_MS / 1000} s`);
}

supervisor.supervise(async () => {
  execFileSync('bash', [join(root, 'deploy/local/up.sh')], {
    stdio: 'inherit',
    env: { ...process.env, STACK_DIR: stackDir },
  });
  if (!process.argv.includes('--no-build'))
    execFileSync('node', [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

  const infra = Object.fromEntries(
    readFileSync(join(stackDir, 'stack.env'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const privateKey = secret('jwt-private.pem', () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const internalToken = secret('internal-token', () => randomBytes(24).toString('base64url'));

  const { ensureDatabase } = require(join(root, 'libs/database/dist/index.js'));
  // The domain services in start order (services/all-in-one/src/registry.ts), each on the gateway's
  // port + its place in the list. The gateway comes last.
  const { SERVICES } = require(join(root, 'services/all-in-one/dist/registry.js'));
  const { urlVariable } = require(join(root, 'services/gateway/dist/routing/routes.js'));
  const common = {
    ...process.env,
    KAFKA_BROKERS: infra.KAFKA_BROKERS,
    REDIS_URL: infra.REDIS_URL,
    S3_ENDPOINT: infra.S3_ENDPOINT,
    S3_ACCESS_KEY: infra.S3_ACCESS_KEY,
    S3_SECRET_KEY: infra.S3_SECRET_KEY,
    JWT_PUBLIC_KEY: publicKey,
    INTERNAL_TOKEN: internalToken,
    SEED_DEMO: process.env.SEED_DEMO ?? '1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  const run = (name, env) =>
    supervisor.run(name, 'node', [join(root, 'services', name, 'dist/main.js')], {
      env,
      logFile: join(stackDir, 'logs', `${name}.log`),
    });

  const urls = {};
  for (const [index, { name }] of SERVICES.entries()) {
    const servicePort = port + index + 1;
    const database = `lms_${name.replace(/-/g, '_')}`;
    run(name, {
      ...common,
      PORT: String(servicePort),
      DATABASE_URL: await ensureDatabase(infra.DATABASE_SERVER_URL, database),
    });
    urls[urlVariable(name)] = `http://127.0.0.1:${servicePort}`;
    await waitHealthy(name, `http://127.0.0.1:${servicePort}/healthz`);
  }
  run('gateway', { ...common, ...urls, PORT: String(port), JWT_PRIVATE_KEY: privateKey });
  await waitHealthy('gateway', `http://127.0.0.1:${port}/readyz`);
  if (supervisor.stopping) return;
  console.log(`\nLMS (stack mode) on http://localhost:${port}`);
  if (common.SEED_DEMO === '1')
    console.log(
      `demo logins: lecturer, assistant, student1..3 (password ${process.env.DEMO_PASSWORD ?? 'lms-demo'})`,
    );
  console.log('Ctrl-C stops the services; `bash deploy/local/down.sh` stops the infrastructure.');
});
