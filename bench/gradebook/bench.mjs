#!/usr/bin/env node
// The gradebook of a course with 1 000 students and 40 gradeables (issue 15: p95 < 200 ms), through
// the gateway as the demo lecturer: the whole grid, one class, a name search (the filters the web
// page sends) and the xlsx export — against a baseline measured in the same run, the same scores
// read with one plain SELECT through the course service's own pool (the machines are shared and
// noisy: the ratios matter). Two phases: one client at a time (latency) and --connections at once.
//   npm run build && npm run bench:gradebook [-- --seconds 5 --rounds 2 --connections 4]
import { mkdirSync, writeFileSync } from 'node:fs';
import { Pool, request } from 'undici';
import { arg, bootServer, json, load, root, signIn } from '../harness.mjs';

const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 4);
const ROUNDS = arg('rounds', 2);
const WARMUP = arg('warmup', 1);
const BUDGET_MS = 200;

const { server, info: boot } = await bootServer(new URL('./server.mjs', import.meta.url));
process.on('exit', () => server.kill('SIGTERM')); // also when a check below throws
const { seed } = boot;
console.log(
  `seeded ${seed.students} students in ${seed.classes} classes, ${seed.exams} exams, ${seed.tasks} tasks, ` +
    `${seed.activities} custom activities (weights ${seed.weights_total}), ${seed.exam_attempts} attempts, ` +
    `${seed.task_scores} task scores, ${seed.activity_scores} activity scores in ${(seed.ms / 1000).toFixed(1)} s`,
);

const gatewayPool = new Pool(boot.gateway, { connections: CONNECTIONS });
const auth = await signIn(gatewayPool, 'lecturer');
const grid = `/api/gradebook?course_id=${seed.course_id}`;
const targets = {
  baseline: { pool: new Pool(boot.control, { connections: CONNECTIONS }), path: '/baseline', headers: {} },
  grid: { pool: gatewayPool, path: grid, headers: auth },
  class: { pool: gatewayPool, path: `${grid}&class_id=${seed.class_id}`, headers: auth },
  name: { pool: gatewayPool, path: `${grid}&student_name=student%2001`, headers: auth },
  export: { pool: gatewayPool, path: `/api/gradebook/export?course_id=${seed.course_id}`, headers: auth },
};
const GRIDS = ['grid', 'class', 'name'];

// Sanity: every target answers 200; the grid holds every student and 40 columns with weights
// summing to 100; the export's link downloads a workbook.
for (const [name, target] of Object.entries(targets)) {
  const started = performance.now();
  const res = await json(target.pool, 'GET', target.path, undefined, target.headers);
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  if (GRIDS.includes(name)) {
    const { meta, data } = res.body;
    if (data.length === 0) throw new Error(`${name}: no rows`);
    console.log(
      `${name}: ${data.length} rows × ${meta.columns.length} columns, weights ${meta.weights_total}, first ${ms.toFixed(0)} ms  GET ${target.path}`,
    );
    if (
      name === 'grid' &&
      (data.length < seed.students || meta.columns.length < 40 || meta.weights_total !== 100)
    )
      throw new Error(
        `grid: ${data.length} rows, ${meta.columns.length} columns, weights ${meta.weights_total}`,
      );
  } else if (name === 'export') {
    const { url } = res.body.data.attributes; // a path of the gateway (local disk) or a MinIO URL
    const file = await request(new URL(url, boot.gateway), { headers: { host: 'localhost' } });
    const bytes = Buffer.from(await file.body.arrayBuffer());
    if (file.statusCode !== 200 || bytes.subarray(0, 2).toString() !== 'PK')
      throw new Error(`export: the link answered ${file.statusCode}`);
    console.log(`export: ${(bytes.length / 1024).toFixed(0)} KiB workbook, first ${ms.toFixed(0)} ms`);
  } else console.log(`${name}: ${res.body.data.length} scores, first ${ms.toFixed(0)} ms`);
}

const phases = { latency: 1, load: CONNECTIONS };
const results = {};
try {
  for (const target of Object.values(targets)) await load(target, WARMUP, 1);
  for (const [phase, connections] of Object.entries(phases)) {
    results[phase] = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const name of Object.keys(targets))
        results[phase][name].push(await load(targets[name], SECONDS, connections));
  }
} finally {
  server.kill('SIGTERM');
}

const mean = (runs, key) => runs.reduce((s, r) => s + r[key], 0) / runs.length;
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
        requests: runs.reduce((s, r) => s + r.n, 0),
      },
    ]),
  );
  for (const r of Object.values(summary)) {
    r.p50_vs_baseline = r.p50 / summary.baseline.p50;
    r.p95_vs_baseline = r.p95 / summary.baseline.p95;
  }
  summaries[phase] = { connections, targets: summary };
  console.log(
    `\n${phase}: ${connections} connection(s), ${ROUNDS} rounds of ${SECONDS}s (means over rounds)`,
  );
  console.log('target      req/s    p50 ms    p95 ms  p50÷baseline  p95÷baseline  errors');
  for (const [name, r] of Object.entries(summary)) {
    console.log(
      [
        name.padEnd(9),
        r.rps.toFixed(1).padStart(8),
        r.p50.toFixed(1).padStart(9),
        r.p95.toFixed(1).padStart(9),
        r.p50_vs_baseline.toFixed(2).padStart(13),
        r.p95_vs_baseline.toFixed(2).padStart(13),
        String(r.errors).padStart(7),
      ].join(' '),
    );
  }
}
console.log('');
for (const { connections, targets: summary } of Object.values(summaries)) {
  const verdict = summary.grid.p95 < BUDGET_MS ? 'within' : 'OVER';
  console.log(
    `whole grid p95 at ${connections} connection(s): ${summary.grid.p95.toFixed(1)} ms, ${verdict} the ${BUDGET_MS} ms budget`,
  );
}

mkdirSync(`${root}artifacts/bench`, { recursive: true });
const out = `${root}artifacts/bench/gradebook.json`;
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
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwritten ${out.slice(root.length)}`);
process.exit(0);
