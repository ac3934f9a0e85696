#!/usr/bin/env node
// Gateway overhead: requests/s and p95 latency of an authenticated GET /api/login/me through the
// gateway and straight to identity, and of a bare Fastify hello-world, measured in one run and
// reported as ratios (the machines are shared and noisy; absolute numbers mean little).
//   npm run bench:gateway [-- --seconds 10 --connections 32 --rounds 2]
import { Pool } from 'undici';
import { arg, bootServer, load, signIn } from '../harness.mjs';

const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 32);
const ROUNDS = arg('rounds', 2);

const { server, info: urls } = await bootServer(new URL('./server.mjs', import.meta.url));

const gatewayPool = new Pool(urls.gateway, { connections: CONNECTIONS });
const auth = await signIn(gatewayPool, 'student1');

const targets = {
  hello: { pool: new Pool(urls.hello, { connections: CONNECTIONS }), path: '/hello', headers: {} },
  direct: {
    pool: new Pool(urls.identity, { connections: CONNECTIONS }),
    path: '/api/login/me',
    headers: auth,
  },
  gateway: { pool: gatewayPool, path: '/api/login/me', headers: auth },
};

const results = { hello: [], direct: [], gateway: [] };
try {
  for (const target of Object.values(targets)) await load(target, 2, CONNECTIONS); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of Object.keys(targets))
      results[name].push(await load(targets[name], SECONDS, CONNECTIONS));
  }
} finally {
  server.kill('SIGTERM');
}

const summary = Object.fromEntries(
  Object.entries(results).map(([name, runs]) => [
    name,
    {
      rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
      p95: runs.reduce((s, r) => s + r.p95, 0) / runs.length,
      errors: runs.reduce((s, r) => s + r.errors, 0),
    },
  ]),
);
console.log(`\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS}s each\n`);
console.log('target    req/s     p95 ms  errors');
for (const [name, r] of Object.entries(summary)) {
  console.log(
    `${name.padEnd(8)} ${r.rps.toFixed(0).padStart(7)} ${r.p95.toFixed(2).padStart(9)} ${String(r.errors).padStart(7)}`,
  );
}
const ratio = summary.gateway.rps / summary.direct.rps;
console.log(`\ngateway ÷ direct (req/s): ${ratio.toFixed(2)}   (target ≥ 0.60)`);
console.log(`direct ÷ hello-world (req/s): ${(summary.direct.rps / summary.hello.rps).toFixed(2)}`);
console.log(`gateway p95 ÷ direct p95: ${(summary.gateway.p95 / summary.direct.p95).toFixed(2)}`);
process.exit(0);
