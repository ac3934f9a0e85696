// Child process of the course-list benchmark: the platform (built dist) with its demo data on an
// ephemeral embedded PostgreSQL, 10 000 courses of the demo lecturer and 10 000 contents in one
// demo activity bulk-inserted with SQL, plus a bare Fastify hello-world as the floor and a small
// control server that captures the SQL one request runs and EXPLAIN ANALYZEs it.
// Prints the URLs and the seed facts as one JSON line, then waits.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDatabase, startBenchPlatform, stopOnSignal } from '../platform.mjs';

const require = createRequire(import.meta.url);
const { DataSource } = require('typeorm');
const Fastify = require('fastify');
const { request } = require('undici');
const { profiler } = await import('../profile.mjs');

const COURSES = Number(process.env.BENCH_COURSES ?? 10_000);
const CONTENTS = Number(process.env.BENCH_CONTENTS ?? 10_000);

const { dir, pg, platform } = await startBenchPlatform();

// ---- bulk seed, straight into the course service's database ------------------------------------
const { db, one } = await benchDatabase(pg, 'lms_course');

const seedStarted = performance.now();
const demo = await one(
  `SELECT c.id AS course_id, c.tenant_id, c.lecturer_id, a.id AS activity_id,
          (SELECT u.id FROM users u WHERE u.tenant_id = c.tenant_id AND u.username = 'assistant') AS assistant_id
     FROM courses c JOIN modules m ON m.course_id = c.id JOIN activities a ON a.module_id = m.id
    WHERE c.code = 'IF101' ORDER BY m.index, a.index LIMIT 1`,
);
await db.query('BEGIN');
// Eight periods (four years, odd and even semesters) besides the demo one.
const periods = (
  await db.query(
    `INSERT INTO periods (tenant_id, name, year, type, is_active)
     SELECT $1, y || '/' || (y + 1) || CASE t WHEN 'GANJIL' THEN ' Odd' ELSE ' Even' END || ' Semester',
            y, t, false
       FROM generate_series(extract(year FROM now())::int - 4, extract(year FROM now())::int - 1) AS y,
            unnest(ARRAY['GANJIL', 'GENAP']) AS t
     RETURNING id`,
    [demo.tenant_id],
  )
).rows.map((row) => row.id);
// Courses: names "<subject> <level> — section <n>", periods round-robin, updated_at spread over a
// year (deterministic), every fifth one assisted by the demo assistant (a one-to-many join).
const subjects = [
  'Algorithms',
  'Calculus',
  'Physics',
  'Chemistry',
  'Biology',
  'Statistics',
  'Economics',
  'Databases',
  'Computer Networks',
  'Linear Algebra',
  'World History',
  'Philosophy',
  'Accounting',
  'Marketing',
  'Civil Law',
  'Anatomy',
];
await db.query(
  `INSERT INTO courses (tenant_id, name, code, description, period_id, lecturer_id, is_active,
                        start_at, end_at, is_open, created_at, updated_at)
   SELECT $1, ($4::text[])[1 + i % array_length($4::text[], 1)]
              || ' ' || (ARRAY['I', 'II', 'III'])[1 + (i / 16) % 3] || ' — section ' || i,
          'BX' || lpad(i::text, 5, '0'), 'Bench course ' || i,
          ($3::bigint[])[1 + i % array_length($3::bigint[], 1)], $2, i % 10 <> 0,
          now() - interval '120 days', now() + interval '60 days', i % 3 = 0,
          now() - ((i * 7919) % 525600) * interval '1 minute' - interval '1 day',
          now() - ((i * 104729) % 525600) * interval '1 minute'
     FROM generate_series(1, $5::int) AS i`,
  [demo.tenant_id, demo.lecturer_id, periods, subjects, COURSES],
);
await db.query(
  `INSERT INTO course_assistants (course_id, user_id, is_coordinator)
   SELECT id, $2, false FROM courses WHERE tenant_id = $1 AND code LIKE 'BX%' AND id % 5 = 0`,
  [demo.tenant_id, demo.assistant_id],
);
// Contents: all in the demo course's first activity, after its five demo contents.
const kinds = ['text', 'link', 'file', 'video', 'zoom'];
await db.query(
  `INSERT INTO contents (tenant_id, course_id, contentable_type, contentable_id, index, name, type,
                         content, size, mime, created_by, created_at, updated_at)
   SELECT $1, $2, 'activities', $3, 4 + i, k || ' ' || ($5::text[])[1 + i % 16] || ' #' || i, k,
          CASE k WHEN 'text' THEN '<p>Reading ' || i || '</p>' WHEN 'file' THEN 'bench/' || i || '.pdf'
                 ELSE 'https://example.org/' || k || '/' || i END,
          CASE k WHEN 'file' THEN 1000 + i END, CASE k WHEN 'file' THEN 'application/pdf' END, $4,
          now() - ((i * 7919) % 525600) * interval '1 minute' - interval '1 day',
          now() - ((i * 104729) % 525600) * interval '1 minute'
     FROM generate_series(1, $6::int) AS i, LATERAL (SELECT ($7::text[])[1 + i % 5] AS k) AS kind`,
  [demo.tenant_id, demo.course_id, demo.activity_id, demo.lecturer_id, subjects, CONTENTS, kinds],
);
await db.query('COMMIT');
await db.query('ANALYZE');
const counts = await one(
  `SELECT (SELECT count(*) FROM courses)::int AS courses, (SELECT count(*) FROM contents)::int AS contents,
          (SELECT count(*) FROM course_assistants)::int AS course_assistants`,
);
const seedMs = performance.now() - seedStarted;

// ---- hello-world floor ------------------------------------------------------------------------
const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

// ---- control: the SQL of one request, and its plans -------------------------------------------
const port = (app) => app.getHttpServer().address().port;
const gatewayUrl = `http://127.0.0.1:${port(platform.gateway)}`;
const courseData = platform.services.course.get(DataSource);

async function explain(path, headers) {
  const captured = [];
  const logger = courseData.logger;
  const original = logger.logQuery;
  logger.logQuery = function capture(query, parameters, ...rest) {
    captured.push({ query, parameters: parameters ?? [] });
    return original.call(this, query, parameters, ...rest);
  };
  let status;
  try {
    const res = await request(`${gatewayUrl}${path}`, { headers });
    status = res.statusCode;
    await res.body.dump();
  } finally {
    logger.logQuery = original;
  }
  const queries = [];
  for (const { query, parameters } of captured) {
    const entry = { sql: query, parameters };
    if (/^\s*(SELECT|WITH)\b/i.test(query)) {
      const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, parameters);
      entry.plan = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    }
    queries.push(entry);
  }
  return { status, queries };
}

// CPU time used so far, in ms: this process (gateway and services) and the PostgreSQL server (its
// postmaster and every backend, from /proc). Unlike req/s and latency, CPU per request hardly
// depends on how busy the shared machine is; Linux only (elsewhere postgres is null).
const postmaster = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const TICK_MS = 10; // USER_HZ is 100 on Linux
function postgresCpuMs() {
  try {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      // Fields after the command name: state ppid … utime stime cutime cstime (14th–17th); the
      // postmaster's cutime/cstime hold the backends that have exited.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === postmaster) {
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } else if (Number(fields[1]) === postmaster) {
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    }
    return ticks * TICK_MS;
  } catch {
    return null;
  }
}

const control = Fastify({ logger: false });
control.get('/cpu', async () => {
  const { user, system } = process.cpuUsage();
  return { platform: (user + system) / 1000, postgres: postgresCpuMs() };
});
control.post('/explain', async (req) => explain(req.body.path, req.body.headers ?? {}));
// CPU profile of this process (gateway, identity and course share it) around one load phase.
const cpu = profiler();
control.post('/profile/start', async () => {
  await cpu.start();
  return { started: true };
});
control.post('/profile/stop', async () => cpu.stop());
await control.listen({ port: 0, host: '127.0.0.1' });

console.log(
  JSON.stringify({
    gateway: gatewayUrl,
    hello: `http://127.0.0.1:${hello.server.address().port}`,
    control: `http://127.0.0.1:${control.server.address().port}`,
    database: `${pg.url}/lms_course`,
    seed: {
      ...counts,
      activity_id: Number(demo.activity_id),
      course_id: Number(demo.course_id),
      ms: seedMs,
    },
  }),
);
stopOnSignal(
  { pg, platform },
  () => control.close(),
  () => hello.close(),
  () => db.end(),
);
