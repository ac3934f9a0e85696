#!/usr/bin/env node
// Gateway overhead: requests/s and p95 latency of an authenticated GET /api/login/me through the
// gateway and straight to identity, and of a bare Fastify hello-world, measured in one run and
// reported as ratios (the machines are shared and noisy; absolute numbers mean little).
//   npm run bench:gateway [-- --seconds 10 --connections 32 --rounds 2]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 32);
const ROUNDS = arg('rounds', 2);

const root = new URL('../..', import.meta.url).pathname;
const server = spawn('node', [new URL('./server.mjs', import.meta.url).pathname], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const urls = await new Promise((resolve, reject) => {
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (line.startsWith('{')) resolve(JSON.parse(line));
  });
});

async function json(pool, method, path, body, headers = {}) {
  const res = await pool.request({
    method,
    path,
    headers: { 'content-type': 'application/json', host: 'localhost', ...headers },
    body: body && JSON.stringify(body),
  });
  return { status: res.statusCode, body: await res.body.json() };
}

const gatewayPool = new Pool(urls.gateway, { connections: CONNECTIONS });
const login = await json(gatewayPool, 'POST', '/api/user/auth/login', {
  username: 'student1',
  password: 'lms-demo',
});
if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
const token = login.body.data.attributes.access_token;
const auth = { authorization: `Bearer ${token}`, host: 'localhost' };

const targets = {
  hello: { pool: new Pool(urls.hello, { connections: CONNECTIONS }), path: '/hello', headers: {} },
  direct: {
    pool: new Pool(urls.identity, { connections: CONNECTIONS }),
    path: '/api/login/me',
    headers: auth,
  },
  gateway: { pool: gatewayPool, path: '/api/login/me', headers: auth },
};

async function load({ pool, path, headers }, seconds) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const res = await pool.request({ method: 'GET', path, headers });
        await res.body.dump();
        if (res.statusCode !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p95: latencies[Math.floor(latencies.length * 0.95)],
    errors,
    n: latencies.length,
  };
}

const results = { hello: [], direct: [], gateway: [] };
try {
  for (const target of Object.values(targets)) await load(target, 2); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of Object.keys(targets)) results[name].push(await load(targets[name], SECONDS));
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
