#!/usr/bin/env node
// The exam-day benchmark: runs bench/exam-day/scenario.js (a k6 script) with the project's own
// Node load generator (./k6, the k6 modules over undici) against the whole product, and in the
// same run pgbench with a single-row upsert on the same PostgreSQL as the baseline.
//   npm run build && npm run bench:exam-day                 # full: about 12 minutes
//   npm run bench:exam-day -- --quick                       # smoke run: about 2 minutes
//   npm run bench:exam-day -- --cohorts 1000,2500,5000 --exam-seconds 60 --lobby-seconds 30
//   npm run bench:exam-day -- --profile ...                 # CPU profiles of the save and start phases
// Report: saves/s through the gateway ÷ pgbench TPS, students per core within the save
// objectives (p95 < 200 ms, p99 < 500 ms, errors < 0.1 %), p95 of the synchronized start,
// duplicate attempts and lost acknowledged saves (both checked in the database), and the server's
// CPU time per save and per start.
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool, request } from 'undici';
import { bootServer, json, root } from '../harness.mjs';
import { formatSummary as formatProfile, summarise } from '../profile.mjs';
import { formatSummary, runScript } from './k6/runner.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');
const { TokenIssuer, loadOrCreatePrivateKeyPem } = require(join(root, 'libs/auth/dist/index.js'));

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const QUICK = flag('quick');
const COHORTS = value('cohorts', QUICK ? '100' : '1000,2500,5000')
  .split(',')
  .map(Number);
const LOBBY = Number(value('lobby-seconds', QUICK ? 5 : 30));
const EXAM = Number(value('exam-seconds', QUICK ? 15 : 60));
const FINISH_WINDOW = Number(value('finish-seconds', QUICK ? 3 : 15));
const THROUGHPUT_VUS = Number(value('throughput-vus', QUICK ? 8 : 32));
const THROUGHPUT_SECONDS = Number(value('throughput-seconds', QUICK ? 5 : 20));
const PGBENCH_CLIENTS = Number(value('pgbench-clients', THROUGHPUT_VUS));
const CONNECTIONS = Number(value('connections', 512));
const START_STUDENTS = Number(value('start-students', QUICK ? 100 : 1000));
const PROFILE = flag('profile');
const QUESTIONS = 10;
const SCENARIO = new URL('./scenario.js', import.meta.url).pathname;
const CORES = cpus().length;

const log = (...parts) => console.log(`[exam-day] ${parts.join(' ')}`);

// ---- the CPU time of the server side (the platform's process and its PostgreSQL) ----------------
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
/**
 * CPU seconds (user + system) used so far by `pid` and every process below it, ended ones
 * included: `product` is the process itself (the platform), `postgres` the processes below it
 * (the embedded PostgreSQL and its backends).
 */
function treeCpuSeconds(pid) {
  const parent = new Map();
  const ticks = new Map();
  let own = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      // utime + stime, and cutime + cstime: the reaped children (PostgreSQL's ended backends).
      ticks.set(
        Number(entry),
        Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      );
      if (Number(entry) === pid) own = Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (p) => {
    for (let at = p, hops = 0; at > 1 && hops < 64; at = parent.get(at), hops++) if (at === pid) return true;
    return false;
  };
  let total = 0;
  for (const [p, t] of ticks) if (inTree(p)) total += t;
  return { total: total / TICKS, product: own / TICKS, postgres: (total - own) / TICKS };
}

// ---- the product, its demo campus, the cohort ---------------------------------------------------
if (!existsSync(join(root, 'services/all-in-one/dist/platform.js'))) {
  console.error('bench:exam-day runs the built product: run `npm run build` first');
  process.exit(1);
}
const { server, info } = await bootServer(new URL('./server.mjs', import.meta.url));
process.on('SIGINT', () => {
  server.kill('SIGTERM');
  process.exit(130);
});
let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
process.exit(exitCode);

async function main() {
  const gateway = new Pool(info.gateway, { connections: 4 });
  const db = new pg.Client({ connectionString: `${info.postgres}/lms_exam` });
  await db.connect();
  const one = async (sql, params) => (await db.query(sql, params)).rows[0];

  // The demo course and its class, as the exam service knows them (its projections, filled by
  // the demo seed's events shortly after the start).
  let demo;
  for (let waited = 0; !demo; waited += 500) {
    demo = await one(
      `SELECT c.id AS course_id, c.tenant_id, cl.id AS class_id
         FROM courses c JOIN course_classes cl ON cl.course_id = c.id
        WHERE c.code = 'IF101' ORDER BY cl.id LIMIT 1`,
    );
    if (!demo && waited > 60_000) throw new Error('the demo course IF101 has not reached the exam service');
    if (!demo) await new Promise((r) => setTimeout(r, 500));
  }
  const maxStudents = Math.max(...COHORTS, THROUGHPUT_VUS, START_STUDENTS);
  // Students of the campus enrolled in the class, written where identity's and course's events
  // would put them (users and course_students of lms_exam): ids far above the demo's.
  await db.query(
    `INSERT INTO users (id, tenant_id, username, name, role, active, source_updated_at)
     SELECT 9000000 + n, $1, 'bench' || n, 'Bench Student ' || n, 'student', true, now()
       FROM generate_series(1, $2) AS n`,
    [demo.tenant_id, maxStudents],
  );
  await db.query(
    `INSERT INTO course_students (class_id, user_id, course_id, tenant_id, enrolled, as_of)
     SELECT $1, 9000000 + n, $2, $3, true, now() FROM generate_series(1, $4) AS n`,
    [demo.class_id, demo.course_id, demo.tenant_id, maxStudents],
  );
  const issuer = TokenIssuer.fromPem(loadOrCreatePrivateKeyPem(info.dataDir), 4 * 3600);
  const students = [];
  for (let n = 1; n <= maxStudents; n++) {
    const userId = 9000000 + n;
    students.push({
      token: await issuer.issue({
        userId,
        tenantId: Number(demo.tenant_id),
        role: 'student',
        studentId: userId,
        lecturerId: null,
        sessionId: `bench-${n}`,
        timeZone: 'Asia/Jakarta',
      }),
    });
  }
  const login = await json(gateway, 'POST', '/api/user/auth/login', {
    username: 'lecturer',
    password: 'lms-demo',
  });
  if (login.status !== 200) throw new Error(`lecturer sign-in: ${JSON.stringify(login.body)}`);
  const lecturer = { authorization: `Bearer ${login.body.data.attributes.access_token}` };
  log(`product up at ${info.gateway}; ${maxStudents} students enrolled in IF101`);

  /** A published exam open now of the demo course's class, with QUESTIONS questions of four types. */
  const wire = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const createExam = async (name) => {
    const exam = await json(
      gateway,
      'POST',
      '/api/exam/exams',
      {
        data: {
          attributes: {
            course_id: Number(demo.course_id),
            name,
            type: 'final',
            start_at: wire(Date.now() - 86_400_000),
            end_at: wire(Date.now() + 86_400_000),
            package: 1,
            is_published: true,
            class_ids: [Number(demo.class_id)],
          },
        },
      },
      lecturer,
    );
    if (exam.status !== 201) throw new Error(`exam not created: ${JSON.stringify(exam.body)}`);
    const examId = Number(exam.body.data.id);
    const kinds = ['multiple_choices', 'multiple_answers', 'essay', 'exact', 'true_false'];
    for (let i = 0; i < QUESTIONS; i++) {
      const type = kinds[i % kinds.length];
      const attributes = {
        exam_id: examId,
        package: 1,
        questions_type: type,
        question: `<p>Question ${i + 1}</p>`,
      };
      if (type === 'multiple_choices')
        attributes.answers = [{ answer: 'a', point: 1 }, { answer: 'b' }, { answer: 'c' }, { answer: 'd' }];
      if (type === 'multiple_answers')
        attributes.answers = [{ answer: 'a', point: 1 }, { answer: 'b', point: 1 }, { answer: 'c' }];
      const q = await json(gateway, 'POST', '/api/exam/questions', { data: { attributes } }, lecturer);
      if (q.status !== 201) throw new Error(`question not created: ${JSON.stringify(q.body)}`);
    }
    return examId;
  };

  const dir = mkdtempSync(join(tmpdir(), 'lms-exam-day-'));
  const cohortFile = (examId, count) => {
    const file = join(dir, `cohort-${examId}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        base_url: info.gateway,
        host: 'localhost',
        exam_id: examId,
        students: students.slice(0, count),
        staff: [{ token: login.body.data.attributes.access_token }],
      }),
    );
    return file;
  };

  // Every save the product acknowledged (2xx): the highest sequence number per question.
  const acknowledged = new Map();
  // Failed exchanges of the current run by request name and status (0: no answer), with an example.
  let failures = new Map();
  const onResponse = (response) => {
    if (response.status < 200 || response.status > 399) {
      const name = `${response.request.method} ${new URL(response.url).pathname.replace(/\/\d+/g, '/{id}')} → ${response.status}`;
      const seen = failures.get(name) ?? { count: 0, example: response.error || response.body.slice(0, 300) };
      seen.count += 1;
      failures.set(name, seen);
    }
    if (response.request.method !== 'PATCH' || response.status < 200 || response.status > 299) return;
    const m = /\/api\/exam\/studentquestions\/(\d+)$/.exec(new URL(response.url).pathname);
    if (!m) return;
    const seq = JSON.parse(response.request.body).data.attributes.seq;
    if ((acknowledged.get(m[1]) ?? 0) < seq) acknowledged.set(m[1], seq);
  };

  /**
   * Runs the scenario with `env`; the summary, the server side's CPU cores used, and the audit.
   * With --profile and a `profile` name, the product's process is CPU-profiled meanwhile: the
   * profile is written to artifacts/bench/exam-day-<name>.cpuprofile and its top frames printed.
   */
  const run = async (label, env, profile) => {
    if (PROFILE && profile) await control('start');
    const cpu0 = treeCpuSeconds(server.pid);
    const self0 = process.cpuUsage();
    const t0 = performance.now();
    failures = new Map();
    const summary = await runScript(SCENARIO, { env, connections: CONNECTIONS, onResponse });
    const wall = (performance.now() - t0) / 1000;
    const cpu1 = treeCpuSeconds(server.pid);
    const serverCores = (cpu1.total - cpu0.total) / wall;
    const productCores = (cpu1.product - cpu0.product) / wall;
    const self = process.cpuUsage(self0);
    const generatorCores = (self.user + self.system) / 1e6 / wall;
    if (PROFILE && profile) {
      const cpuProfile = await control('stop');
      const dir = join(root, 'artifacts/bench');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `exam-day-${profile}.cpuprofile`);
      writeFileSync(file, JSON.stringify(cpuProfile));
      console.log(formatProfile(`profile of the product during ${label}`, summarise(cpuProfile, 30)));
      log(`profile written to ${file.slice(root.length)}`);
    }
    log(
      `${label}: ${wall.toFixed(0)} s, server side ${serverCores.toFixed(2)} cores (product ${productCores.toFixed(2)}, PostgreSQL ${(serverCores - productCores).toFixed(2)}), load generator ${generatorCores.toFixed(2)} cores`,
    );
    console.log(formatSummary(summary));
    for (const [name, { count, example }] of failures) console.log(`  failed: ${name} ×${count}: ${example}`);
    return {
      summary,
      serverCores,
      productCores,
      generatorCores,
      wall,
      productMs: (cpu1.product - cpu0.product) * 1000,
      postgresMs: (cpu1.postgres - cpu0.postgres) * 1000,
    };
  };

  const m = (summary, name, key) => summary.metrics[name]?.values[key] ?? 0;

  // ---- 1. save throughput through the gateway, then pgbench on the same server -------------------
  const throughputExam = await createExam('Bench: save throughput');
  const throughput = await run(
    `throughput (${THROUGHPUT_VUS} students saving back to back)`,
    {
      COHORT_FILE: cohortFile(throughputExam, THROUGHPUT_VUS),
      PHASE: 'throughput',
      THROUGHPUT_VUS: String(THROUGHPUT_VUS),
      THROUGHPUT_DURATION: `${THROUGHPUT_SECONDS}s`,
    },
    'saves',
  );
  const savesPerSecond = m(throughput.summary, 'saves', 'count') / THROUGHPUT_SECONDS;
  // What one save costs the server side in CPU time, whatever share of the machine it got.
  const cpuMsPerSave =
    (throughput.serverCores * throughput.wall * 1000) / Math.max(1, m(throughput.summary, 'saves', 'count'));
  const productMsPerSave =
    (throughput.productCores * throughput.wall * 1000) / Math.max(1, m(throughput.summary, 'saves', 'count'));
  // pgbench is not below the product's process: the server side's CPU meanwhile is PostgreSQL's
  // own cost of the upserts (the product idles), the same measure as PostgreSQL's share of a save.
  const pgCpu0 = treeCpuSeconds(server.pid);
  const pgbenchTps = await pgbench(info.postgres, info.postgresLocal, PGBENCH_CLIENTS, THROUGHPUT_SECONDS);
  const pgbenchPgMs = pgbenchTps
    ? ((treeCpuSeconds(server.pid).postgres - pgCpu0.postgres) * 1000) / (pgbenchTps * THROUGHPUT_SECONDS)
    : null;
  const savePgMs = cpuMsPerSave - productMsPerSave;
  const floorPerSecond = await floor();

  // ---- 2. the synchronized start alone: what one start costs ------------------------------------
  const startExam = await createExam(`Bench: start of ${START_STUDENTS}`);
  const starts = await run(
    `synchronized start of ${START_STUDENTS} students alone`,
    {
      COHORT_FILE: cohortFile(startExam, START_STUDENTS),
      PHASE: 'start',
      STUDENTS: String(START_STUDENTS),
      LOBBY: '2s',
    },
    'start',
  );
  const started = m(starts.summary, 'exam_start_duration', 'count');
  const startCpu = {
    product: starts.productMs / Math.max(1, started),
    postgres: starts.postgresMs / Math.max(1, started),
    p95: m(starts.summary, 'exam_start_duration', 'p(95)'),
    failed: m(starts.summary, 'exam_start_failed', 'rate'),
  };

  // ---- 3. exam days of growing cohorts ----------------------------------------------------------
  const steps = [];
  for (const size of COHORTS) {
    const examId = await createExam(`Bench: exam day of ${size}`);
    const result = await run(`exam day of ${size} students`, {
      COHORT_FILE: cohortFile(examId, size),
      STUDENTS: String(size),
      LOBBY: `${LOBBY}s`,
      EXAM: `${EXAM}s`,
      FINISH_WINDOW: `${FINISH_WINDOW}s`,
      STAFF: '1',
    });
    const s = result.summary;
    const duplicates = Number(
      (
        await one(
          `SELECT count(*) AS n FROM (SELECT student_id FROM student_exams WHERE exam_id = $1
             GROUP BY student_id HAVING count(*) > 1) AS twice`,
          [examId],
        )
      ).n,
    );
    const attempts = Number(
      (await one(`SELECT count(*) AS n FROM student_exams WHERE exam_id = $1`, [examId])).n,
    );
    const saveErrors = m(s, 'save_failed', 'rate');
    const step = {
      size,
      examId,
      attempts,
      duplicates,
      saves: m(s, 'saves', 'count'),
      saveP95: m(s, 'save_duration', 'p(95)'),
      saveP99: m(s, 'save_duration', 'p(99)'),
      saveErrors,
      startP95: m(s, 'exam_start_duration', 'p(95)'),
      startFailed: m(s, 'exam_start_failed', 'rate'),
      finishFailed: m(s, 'finish_failed', 'rate'),
      requests: m(s, 'http_reqs', 'count'),
      cpuMsPerRequest: (result.serverCores * result.wall * 1000) / Math.max(1, m(s, 'http_reqs', 'count')),
      productMsPerRequest: result.productMs / Math.max(1, m(s, 'http_reqs', 'count')),
      interrupted: s.interrupted,
      serverCores: result.serverCores,
      generatorCores: result.generatorCores,
    };
    step.ok =
      step.saveP95 < 200 &&
      step.saveP99 < 500 &&
      saveErrors < 0.001 &&
      step.startFailed < 0.001 &&
      step.finishFailed < 0.001 &&
      step.saves > 0;
    steps.push(step);
    log(
      `cohort ${size}: ${step.ok ? 'within' : 'OUTSIDE'} the objectives; ${attempts} attempts, ${duplicates} duplicated`,
    );
  }

  // ---- 4. lost acknowledged saves, in the database ----------------------------------------------
  const ids = [...acknowledged.keys()];
  const stored = new Map();
  for (let i = 0; i < ids.length; i += 10_000) {
    const { rows } = await db.query(
      `SELECT student_question_id AS id, seq FROM student_answers WHERE student_question_id = ANY($1::bigint[])`,
      [ids.slice(i, i + 10_000)],
    );
    for (const row of rows) stored.set(String(row.id), Number(row.seq));
  }
  const lost = ids.filter((id) => (stored.get(id) ?? 0) < acknowledged.get(id));
  await db.end();
  await gateway.close();

  // ---- report -----------------------------------------------------------------------------------
  const best = steps.filter((s) => s.ok).at(-1);
  const biggest = steps.at(-1);
  const ratio = pgbenchTps ? savesPerSecond / pgbenchTps : null;
  const lines = [
    '',
    `exam-day report (${CORES} cores shared by the product, PostgreSQL and the load generator)`,
    `  saves/s through the gateway (${THROUGHPUT_VUS} students back to back): ${savesPerSecond.toFixed(0)}`,
    pgbenchTps
      ? `  pgbench single-row upsert TPS (${PGBENCH_CLIENTS} clients, same server): ${pgbenchTps.toFixed(0)}`
      : '  pgbench: not installed (scripts/prepare.sh pgbench installs it): baseline skipped',
    `  saves/s ÷ pgbench TPS: ${ratio === null ? 'n/a' : ratio.toFixed(2)}   (target ≥ 0.5)`,
    `  HTTP floor: a bare Fastify route answering the same PATCH (no gateway, token, pipeline or database), ` +
      `same load generator: ${floorPerSecond.toFixed(0)}/s` +
      (pgbenchTps
        ? `, ÷ pgbench TPS: ${(floorPerSecond / pgbenchTps).toFixed(2)} (no Node service can do more here)`
        : ''),
    `  server CPU per save (throughput phase): ${cpuMsPerSave.toFixed(2)} ms ` +
      `(product ${productMsPerSave.toFixed(2)} ms, PostgreSQL ${savePgMs.toFixed(2)} ms)`,
    pgbenchPgMs
      ? `  PostgreSQL CPU per pgbench upsert: ${pgbenchPgMs.toFixed(2)} ms; the database's capacity for saves ÷ ` +
        `for pgbench's upserts (the inverse ratio of their PostgreSQL CPU): ${(pgbenchPgMs / savePgMs).toFixed(2)}`
      : '',
    `  server CPU per start (${started} students alone, generate with the questions, one in ten doubled): ` +
      `${(startCpu.product + startCpu.postgres).toFixed(2)} ms (product ${startCpu.product.toFixed(2)} ms, ` +
      `PostgreSQL ${startCpu.postgres.toFixed(2)} ms); start p95 ${startCpu.p95.toFixed(0)} ms, ` +
      `${(startCpu.failed * 100).toFixed(1)} % failed`,
    '  cohort  save p95  save p99  save err  start p95  start err  server cores  CPU ms/request (product)  within',
    ...steps.map(
      (s) =>
        `  ${String(s.size).padStart(6)} ${s.saveP95.toFixed(0).padStart(6)} ms ${s.saveP99.toFixed(0).padStart(6)} ms ` +
        `${(s.saveErrors * 100).toFixed(2).padStart(6)} % ${s.startP95.toFixed(0).padStart(7)} ms ` +
        `${(s.startFailed * 100).toFixed(1).padStart(7)} % ${s.serverCores.toFixed(2).padStart(12)} ` +
        `${s.cpuMsPerRequest.toFixed(2).padStart(15)} (${s.productMsPerRequest.toFixed(2).padStart(5)})  ${s.ok ? 'yes' : 'no'}` +
        (s.interrupted ? `  (${s.interrupted} students still waiting at the graceful stop)` : ''),
    ),
    best
      ? `  students per core within the objectives: ${(best.size / CORES).toFixed(0)} per machine core ` +
        `(${best.size} on ${CORES}), ${(best.size / best.serverCores).toFixed(0)} per core the server side used   (target ≥ 2,500)`
      : '  students per core within the objectives: none of the cohorts met them',
    // A student sends a save every 5 s and an index move every second save: 0.3 requests/s.
    `  CPU-bound ceiling from the cost of a save: ${(1000 / (cpuMsPerSave * 0.3)).toFixed(0)} students per core ` +
      '(an estimate that assumes the server side gets whole cores; not a measured latency objective)',
    `  synchronized start of ${biggest.size} students, p95: ${biggest.startP95.toFixed(0)} ms of those started, ` +
      `${(biggest.startFailed * 100).toFixed(1)} % failed to start   (target ≤ 1,000 ms, none failed)`,
    `  duplicate attempts: ${steps.reduce((n, s) => n + s.duplicates, 0)}   (target 0)`,
    `  lost acknowledged saves: ${lost.length} of ${ids.length} questions with acknowledged saves   (target 0)`,
  ];
  console.log(lines.join('\n'));
  if (lost.length)
    console.log(
      `  lost, e.g.: ${lost
        .slice(0, 5)
        .map((id) => `${id} (acked ${acknowledged.get(id)}, stored ${stored.get(id) ?? 'none'})`)
        .join(', ')}`,
    );
}

/**
 * The HTTP floor: the throughput phase's load (same virtual users, seconds and load generator)
 * against a bare Fastify server in its own process (floor-server.mjs); its answers per second.
 */
async function floor() {
  const { server: bare, info: floorInfo } = await bootServer(new URL('./floor-server.mjs', import.meta.url));
  try {
    const summary = await runScript(new URL('./floor-scenario.js', import.meta.url).pathname, {
      env: {
        BASE_URL: floorInfo.gateway,
        FLOOR_VUS: String(THROUGHPUT_VUS),
        FLOOR_DURATION: `${THROUGHPUT_SECONDS}s`,
      },
      connections: CONNECTIONS,
    });
    const perSecond = (summary.metrics.saves?.values.count ?? 0) / THROUGHPUT_SECONDS;
    log(
      `HTTP floor (bare Fastify, ${THROUGHPUT_VUS} clients back to back): ${perSecond.toFixed(0)} answers/s`,
    );
    return perSecond;
  } finally {
    bare.kill('SIGTERM');
  }
}

/** Starts (`start`) or stops (`stop`: the profile) the CPU profiler of the product's process. */
async function control(action) {
  const res = await request(`${info.control}/profile/${action}`, { method: 'POST' });
  if (res.statusCode !== 200) throw new Error(`profile ${action}: ${await res.body.text()}`);
  return res.body.json();
}

/**
 * pgbench's TPS for a single-row upsert shaped like student_answers, on its own database; through
 * the server's Unix-domain socket (`localUrl`) when the product uses it too.
 */
async function pgbench(serverUrl, localUrl, clients, seconds) {
  const binary = findPgbench();
  if (!binary) {
    log(
      'pgbench is not installed: the baseline is skipped (install it with `bash scripts/prepare.sh pgbench`)',
    );
    return null;
  }
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bench_pgbench');
  await admin.query('CREATE DATABASE bench_pgbench');
  await admin.end();
  const target = new pg.Client({ connectionString: `${serverUrl}/bench_pgbench` });
  await target.connect();
  await target.query(
    `CREATE TABLE student_answers (student_question_id bigint PRIMARY KEY, answer jsonb NOT NULL,
       seq bigint NOT NULL, saved_at timestamptz NOT NULL)`,
  );
  await target.end();
  const script = join(mkdtempSync(join(tmpdir(), 'lms-pgbench-')), 'upsert.sql');
  writeFileSync(
    script,
    [
      '\\set q random(1, 100000)',
      `INSERT INTO student_answers (student_question_id, answer, seq, saved_at)
         VALUES (:q, '{"answer_index": [2]}', (extract(epoch FROM clock_timestamp()) * 1000000)::bigint, now())
         ON CONFLICT (student_question_id) DO UPDATE SET answer = excluded.answer, seq = excluded.seq,
           saved_at = excluded.saved_at WHERE student_answers.seq < excluded.seq;`.replace(/\s+/g, ' '),
      '',
    ].join('\n'),
  );
  const url = new URL(localUrl ?? serverUrl);
  const result = spawnSync(
    binary,
    [
      '-n',
      '-f',
      script,
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, CORES)),
      '-T',
      String(seconds),
      '-M',
      'prepared',
      'bench_pgbench',
    ],
    {
      env: {
        ...process.env,
        PGHOST: decodeURIComponent(url.hostname),
        PGPORT: url.port,
        PGUSER: decodeURIComponent(url.username),
        PGPASSWORD: decodeURIComponent(url.password),
      },
      encoding: 'utf8',
    },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout ?? '');
  if (!tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  log(`pgbench: ${Number(tps[1]).toFixed(0)} TPS (${clients} clients, ${seconds} s, single-row upsert)`);
  return Number(tps[1]);
}

function findPgbench() {
  const tools =
    process.env.TOOLS_DIR ??
    join(process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? '', '.cache'), 'lms/tools');
  for (const candidate of ['pgbench', join(tools, 'bin/pgbench')]) {
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}
