#!/usr/bin/env node
// List endpoints at 10 000 rows (issue #5): a filtered, sorted page of the lecturer's courses and of
// one activity's contents, through the gateway, against baselines measured in the same run — a bare
// Fastify hello-world, the gateway's own GET /api/time and the proxied GET /api/login/me — reported
// as p95 ratios plus the absolute figures (the machines are shared and noisy). Two phases: under
// load (--connections) and one client at a time (latency). Prints the SQL plans of each list once.
//   npm run build && npm run bench:course-list [-- --seconds 5 --rounds 2 --connections 16]
//   --no-plans           do not print the SQL and plans (they are still written to the JSON)
//   --profile me,courses CPU-profile the server during one extra load phase per named target, write
//                        artifacts/bench/course-list-<target>.cpuprofile and print its top frames
import { mkdirSync, writeFileSync } from 'node:fs';
import { Pool, request } from 'undici';
import { arg, bootServer, json, load, root, signIn } from '../harness.mjs';
import { formatSummary, summarise } from '../profile.mjs';

const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 16);
const ROUNDS = arg('rounds', 2);
const WARMUP = arg('warmup', 1);
const BUDGET_MS = 50;
const PLANS = !process.argv.includes('--no-plans');
const PROFILE = process.argv.includes('--profile')
  ? (process.argv[process.argv.indexOf('--profile') + 1] ?? '').split(',').filter(Boolean)
  : [];

const { server, info: boot } = await bootServer(new URL('./server.mjs', import.meta.url));
const { seed } = boot;
console.log(`seeded ${seed.courses} courses, ${seed.contents} contents in ${(seed.ms / 1000).toFixed(1)} s`);

const gatewayPool = new Pool(boot.gateway, { connections: CONNECTIONS });
const auth = await signIn(gatewayPool, 'lecturer');

const targets = {
  hello: { pool: new Pool(boot.hello, { connections: CONNECTIONS }), path: '/hello', headers: {} },
  time: { pool: gatewayPool, path: '/api/time', headers: { host: 'localhost' } },
  me: { pool: gatewayPool, path: '/api/login/me', headers: auth },
  courses: {
    pool: gatewayPool,
    path: '/api/course/courses?filter[name][like]=calc&sort=-updated_at&page[limit]=9&page[offset]=90&include=lecturer',
    headers: auth,
  },
  contents: {
    pool: gatewayPool,
    path:
      `/api/course/contents?filter[contentable_type][is]=activities&filter[contentable_id][is]=${seed.activity_id}` +
      '&filter[type][is]=link&sort=-updated_at&page[limit]=20&page[offset]=100',
    headers: auth,
  },
};
const LISTS = ['courses', 'contents'];

/** CPU ms so far: the server process, PostgreSQL, and this process (the load generator). */
async function cpuNow() {
  const res = await request(`${boot.control}/cpu`);
  const server = await res.body.json();
  const { user, system } = process.cpuUsage();
  return { ...server, client: (user + system) / 1000 };
}

/** `load()` plus the CPU each side spent per request meanwhile (ms). */
async function measure(target, seconds, connections) {
  const before = await cpuNow();
  const run = await load(target, seconds, connections);
  const after = await cpuNow();
  const per = (key) =>
    before[key] === null || after[key] === null ? null : (after[key] - before[key]) / run.n;
  return { ...run, cpu: { platform: per('platform'), postgres: per('postgres'), client: per('client') } };
}

// Sanity: every target answers 200 and the lists hold what the seed put there.
for (const [name, target] of Object.entries(targets)) {
  const res = await json(target.pool, 'GET', target.path, undefined, target.headers);
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  if (LISTS.includes(name)) {
    if (res.body.data.length === 0) throw new Error(`${name}: empty page`);
    console.log(
      `${name}: ${res.body.data.length} rows, meta.total ${res.body.meta.total}  GET ${target.path}`,
    );
  }
}

// The SQL of one request of each list, with EXPLAIN (ANALYZE, BUFFERS). The outbox relay polls
// on its own timer; its statements are recorded but are not the request's.
const background = (sql) =>
  /\boutbox\b/i.test(sql) || /^\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)\s*$/i.test(sql);
const plans = {};
for (const name of LISTS) {
  const res = await request(`${boot.control}/explain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: targets[name].path, headers: targets[name].headers }),
  });
  const { queries } = await res.body.json();
  plans[name] = queries.map((q) => ({ ...q, background: background(q.sql) }));
  const own = plans[name].filter((q) => !q.background);
  const executionMs = own.reduce(
    (s, q) => s + Number(/Execution Time: ([\d.]+)/.exec(q.plan ?? '')?.[1] ?? 0),
    0,
  );
  console.log(
    `${name}: ${own.length} SQL statements per request, ${executionMs.toFixed(1)} ms execution in EXPLAIN ANALYZE`,
  );
  if (!PLANS) continue;
  for (const [i, q] of own.entries()) {
    console.log(`\n--- ${name} query ${i + 1} ---\n${q.sql}\n-- parameters: ${JSON.stringify(q.parameters)}`);
    if (q.plan) console.log(q.plan);
  }
  console.log('');
}

// `--rounds 0`: only the profiles (and the plans), no measured phases.
const phases = ROUNDS > 0 ? { load: CONNECTIONS, latency: 1 } : {};
const results = {};
const profiles = {};
mkdirSync(`${root}artifacts/bench`, { recursive: true });
try {
  for (const target of Object.values(targets)) await load(target, WARMUP, CONNECTIONS);
  for (const name of PROFILE) {
    if (!targets[name]) throw new Error(`--profile: no target ${name} (${Object.keys(targets).join(', ')})`);
    await request(`${boot.control}/profile/start`, { method: 'POST' }).then((res) => res.body.dump());
    const run = await load(targets[name], SECONDS, CONNECTIONS);
    const res = await request(`${boot.control}/profile/stop`, { method: 'POST' });
    const profile = await res.body.json();
    const file = `${root}artifacts/bench/course-list-${name}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    profiles[name] = summarise(profile);
    // Busy (non-idle) time of the server's thread per request served while profiled.
    const busyMs = ((profile.endTime - profile.startTime) / 1000) * (1 - profiles[name].idleShare);
    profiles[name].busyMsPerRequest = busyMs / run.n;
    console.log(
      `${formatSummary(`\nprofile of ${name} (${CONNECTIONS} connections, ${SECONDS}s, ${run.rps.toFixed(0)} req/s while profiled, ${profiles[name].busyMsPerRequest.toFixed(2)} ms busy per request)`, profiles[name])}\n  written ${file.slice(root.length)}`,
    );
  }
  for (const [phase, connections] of Object.entries(phases)) {
    results[phase] = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of Object.keys(targets)) {
        results[phase][name].push(await measure(targets[name], SECONDS, connections));
      }
    }
  }
} finally {
  server.kill('SIGTERM');
}

const average = (values) => values.reduce((s, v) => s + v, 0) / values.length;
const mean = (runs, key) => average(runs.map((r) => r[key]));
const summaries = {};
for (const [phase, connections] of Object.entries(phases)) {
  const summary = Object.fromEntries(
    Object.entries(results[phase]).map(([name, runs]) => [
      name,
      {
        rps: mean(runs, 'rps'),
        p50: mean(runs, 'p50'),
        p95: mean(runs, 'p95'),
        errors: runs.reduce((s, r) => s + r.errors, 0),
        cpu_platform_ms: average(runs.map((r) => r.cpu.platform)),
        cpu_postgres_ms: runs.some((r) => r.cpu.postgres === null)
          ? null
          : average(runs.map((r) => r.cpu.postgres)),
        cpu_client_ms: average(runs.map((r) => r.cpu.client)),
        requests: runs.reduce((s, r) => s + r.n, 0),
      },
    ]),
  );
  for (const r of Object.values(summary)) {
    r.p95_vs_hello = r.p95 / summary.hello.p95;
    r.p95_vs_time = r.p95 / summary.time.p95;
    r.p95_vs_me = r.p95 / summary.me.p95;
    r.rps_vs_time = r.rps / summary.time.rps;
  }
  summaries[phase] = { connections, targets: summary };

  console.log(
    `\n${phase}: ${connections} connection(s), ${ROUNDS} rounds of ${SECONDS}s (means over rounds)`,
  );
  console.log(
    'target      req/s  req/s÷time    p50 ms    p95 ms  p95÷hello  p95÷time  p95÷me  errors   CPU ms/req: platform  postgres  client',
  );
  for (const [name, r] of Object.entries(summary)) {
    console.log(
      [
        name.padEnd(9),
        r.rps.toFixed(0).padStart(8),
        r.rps_vs_time.toFixed(2).padStart(11),
        r.p50.toFixed(2).padStart(9),
        r.p95.toFixed(2).padStart(9),
        r.p95_vs_hello.toFixed(1).padStart(10),
        r.p95_vs_time.toFixed(2).padStart(9),
        r.p95_vs_me.toFixed(2).padStart(7),
        String(r.errors).padStart(7),
        r.cpu_platform_ms.toFixed(3).padStart(22),
        (r.cpu_postgres_ms === null ? '–' : r.cpu_postgres_ms.toFixed(3)).padStart(9),
        r.cpu_client_ms.toFixed(3).padStart(7),
      ].join(' '),
    );
  }
}
console.log('');
for (const { connections, targets: summary } of Object.values(summaries)) {
  for (const name of LISTS) {
    const verdict = summary[name].p95 < BUDGET_MS ? 'within' : 'OVER';
    console.log(
      `${name} p95 at ${connections} connection(s): ${summary[name].p95.toFixed(1)} ms, ${verdict} the ${BUDGET_MS} ms budget`,
    );
  }
}

// Issue #10's targets, both from the load phase of this one run.
const ME_VS_TIME = 0.5;
if (summaries.load) {
  const { me, time } = summaries.load.targets;
  const ratio = me.rps / time.rps;
  console.log(
    `me at ${CONNECTIONS} connections: ${me.rps.toFixed(0)} req/s = ${ratio.toFixed(2)} × time (${time.rps.toFixed(0)} req/s), ${ratio > ME_VS_TIME ? 'above' : 'BELOW'} the ${ME_VS_TIME} target`,
  );
}

const out = `${root}artifacts/bench/course-list.json`;
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      options: { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, warmup: WARMUP },
      seed,
      paths: Object.fromEntries(Object.entries(targets).map(([name, t]) => [name, t.path])),
      budget_p95_ms: BUDGET_MS,
      summary: summaries,
      rounds: results,
      plans,
      profiles,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwritten ${out.slice(root.length)}`);
process.exit(0);
