#!/usr/bin/env node
// The student's dashboard with 10 courses (issue 21: the whole page under 300 ms p95), through the
// gateway as the demo student: every request the web client's student dashboard makes (its
// counters, each card's own request, the clock), sent together as the page does, timed until the
// last answers — against a baseline measured in the same run, a trivial authenticated GET
// (`/api/login/me`): the machines are shared and noisy, so the ratio matters.
//   npm run build && npm run bench:dashboard [-- --seconds 5 --rounds 2 --pages 1]
import { mkdirSync, writeFileSync } from 'node:fs';
import { Pool } from 'undici';
import { arg, bootServer, json, load, root, signIn } from '../harness.mjs';

const SECONDS = arg('seconds', 5);
const ROUNDS = arg('rounds', 2);
const PAGES = arg('pages', 1); // pages loading at once
const WARMUP = arg('warmup', 1);
const BUDGET_MS = 300;

const { server, info: boot } = await bootServer(new URL('./server.mjs', import.meta.url));
process.on('exit', () => server.kill('SIGTERM')); // also when a check below throws
const { seed } = boot;
console.log(
  `seeded student1 into ${seed.courses} courses: ${seed.exams} exams, ${seed.tasks} tasks, ${seed.contents} contents, ` +
    `${seed.exam_scores} exam scores, ${seed.task_scores} task scores, ${seed.completions} completions ` +
    `in ${(seed.ms / 1000).toFixed(1)} s`,
);

// a page's requests go out at once, as a browser's (6 connections per host)
const pool = new Pool(boot.gateway, { connections: 6 * PAGES });
const auth = await signIn(pool, 'student1');
const me = `/api/login/me`;
/** What web/src/dashboard's student page asks for (DashboardPage, StudentCards, ActivityCard). */
const PAGE = {
  courses: '/api/course/courses?page[limit]=1&page[offset]=0',
  activeCourses: '/api/course/courses?filter[is_active][is]=true&page[limit]=1&page[offset]=0',
  time: '/api/time',
  exams: '/api/todo?filter[todo_type][is]=exam&page[limit]=5',
  tasks: '/api/course/dashboard/tasks?page[limit]=5',
  grades: '/api/course/dashboard/grades?page[limit]=5',
  progress: '/api/course/dashboard/progress?page[limit]=50',
  messages: `/api/course/messages?filter[receiver_id][is]=${seed.student_id}&filter[read_at][null]=true&sort=-created_at&include=sender&page[limit]=3`,
  chats: '/api/message/unread',
  announcements: '/api/course/announcements?sort=-start_at&page[limit]=-1',
  activityChart: '/api/timeline/statistic/me?weeks=8',
  activity: '/api/timeline/me?page[limit]=4',
};

// Sanity: every request answers 200; the cards hold the seeded data.
for (const [name, path] of Object.entries(PAGE)) {
  const res = await json(pool, 'GET', path, undefined, auth);
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  const rows = Array.isArray(res.body.data) ? res.body.data.length : 1;
  console.log(`${name.padEnd(13)} ${String(rows).padStart(3)} rows  GET ${path}`);
  if (['exams', 'tasks', 'grades'].includes(name) && rows === 0) throw new Error(`${name}: empty card`);
  if (name === 'progress' && rows !== seed.courses)
    throw new Error(`progress: ${rows} of ${seed.courses} courses`);
}

/** One page load: every request at once; the page's time is its slowest answer's. */
async function loadPage(perRequest) {
  const started = performance.now();
  let errors = 0;
  await Promise.all(
    Object.entries(PAGE).map(async ([name, path]) => {
      const at = performance.now();
      const res = await pool.request({ method: 'GET', path, headers: auth });
      await res.body.dump();
      if (res.statusCode !== 200) errors += 1;
      perRequest[name].push(performance.now() - at);
    }),
  );
  return { ms: performance.now() - started, errors };
}

const quantiles = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
};

/** `PAGES` clients loading the dashboard back to back for `seconds`. */
async function pages(seconds) {
  const perRequest = Object.fromEntries(Object.keys(PAGE).map((name) => [name, []]));
  const times = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const page = await loadPage(perRequest);
      times.push(page.ms);
      errors += page.errors;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: PAGES }, client));
  const elapsed = (performance.now() - started) / 1000;
  return {
    pagesPerSecond: times.length / elapsed,
    ...quantiles(times),
    errors,
    requests: Object.fromEntries(Object.entries(perRequest).map(([name, ms]) => [name, quantiles(ms)])),
  };
}

const baselineTarget = { pool, path: me, headers: auth };
const results = { baseline: [], page: [] };
try {
  await load(baselineTarget, WARMUP, 1);
  await pages(WARMUP);
  for (let round = 0; round < ROUNDS; round++) {
    results.baseline.push(await load(baselineTarget, SECONDS, PAGES));
    results.page.push(await pages(SECONDS));
  }
} finally {
  server.kill('SIGTERM');
}

const mean = (runs, pick) => runs.reduce((s, r) => s + pick(r), 0) / runs.length;
const summary = {
  baseline: { p50: mean(results.baseline, (r) => r.p50), p95: mean(results.baseline, (r) => r.p95) },
  page: {
    pages_per_second: mean(results.page, (r) => r.pagesPerSecond),
    p50: mean(results.page, (r) => r.p50),
    p95: mean(results.page, (r) => r.p95),
    errors: results.page.reduce((s, r) => s + r.errors, 0),
    loads: results.page.reduce((s, r) => s + r.n, 0),
  },
  requests: Object.fromEntries(
    Object.keys(PAGE).map((name) => [
      name,
      {
        p50: mean(results.page, (r) => r.requests[name].p50),
        p95: mean(results.page, (r) => r.requests[name].p95),
      },
    ]),
  ),
};
summary.page.p95_vs_baseline = summary.page.p95 / summary.baseline.p95;

console.log(`\n${PAGES} page(s) at once, ${ROUNDS} rounds of ${SECONDS}s (means over rounds)`);
console.log('request          p50 ms    p95 ms  (inside a page load)');
for (const [name, r] of Object.entries(summary.requests))
  console.log(`${name.padEnd(13)} ${r.p50.toFixed(1).padStart(9)} ${r.p95.toFixed(1).padStart(9)}`);
console.log(
  `\nbaseline GET ${me}: p50 ${summary.baseline.p50.toFixed(1)} ms, p95 ${summary.baseline.p95.toFixed(1)} ms`,
);
console.log(
  `whole dashboard (${Object.keys(PAGE).length} requests): ${summary.page.pages_per_second.toFixed(1)} pages/s, ` +
    `p50 ${summary.page.p50.toFixed(1)} ms, p95 ${summary.page.p95.toFixed(1)} ms ` +
    `(${summary.page.p95_vs_baseline.toFixed(2)} × the baseline's p95), ${summary.page.errors} errors`,
);
console.log(
  `whole dashboard p95 ${summary.page.p95.toFixed(1)} ms: ${summary.page.p95 < BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms objective`,
);

mkdirSync(`${root}artifacts/bench`, { recursive: true });
const out = `${root}artifacts/bench/dashboard.json`;
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      options: { seconds: SECONDS, rounds: ROUNDS, pages: PAGES, warmup: WARMUP },
      seed,
      paths: { baseline: me, ...PAGE },
      budget_p95_ms: BUDGET_MS,
      summary,
      rounds: results,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwritten ${out.slice(root.length)}`);
process.exit(0);
