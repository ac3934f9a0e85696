// Child process of the gradebook benchmark: the platform (built dist) with its demo data on an
// ephemeral embedded PostgreSQL, and the demo course grown to BENCH_STUDENTS students in
// BENCH_CLASSES classes with 40 gradeables (exams, tasks, custom activities), their scores, weights
// summing to 100 and bands A–E — bulk-inserted with SQL straight into the course service's tables,
// as the exam and task services' events would have written the projections. Also serves the
// baseline: the same scores read with one plain SELECT through the course service's own pool.
// Prints the URLs and the seed facts as one JSON line, then waits.
import { createRequire } from 'node:module';
import { benchDatabase, startBenchPlatform, stopOnSignal } from '../platform.mjs';

const require = createRequire(import.meta.url);
const { DataSource } = require('typeorm');
const Fastify = require('fastify');

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1000);
const CLASSES = Number(process.env.BENCH_CLASSES ?? 4);
const EXAMS = 12;
const TASKS = 18;
const ACTIVITIES = 10; // 40 gradeables in all

const { pg, platform } = await startBenchPlatform({
  pgPort: process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined,
});

// ---- bulk seed, straight into the course service's database ------------------------------------
const { db, one } = await benchDatabase(pg, 'lms_course');

const seedStarted = performance.now();
const demo = await one(`SELECT id AS course_id, tenant_id FROM courses WHERE code = 'IF101'`);
const [t, c] = [demo.tenant_id, demo.course_id];
await db.query('BEGIN');
// Students: projections of identity's users (ids far above the demo's), each in one new class.
const classIds = (
  await db.query(
    `INSERT INTO classes (tenant_id, course_id, name)
     SELECT $1, $2, 'Bench class ' || chr(64 + i) FROM generate_series(1, $3::int) AS i RETURNING id`,
    [t, c, CLASSES],
  )
).rows.map((row) => row.id);
await db.query(
  `INSERT INTO users (id, tenant_id, username, name, email, role, active, nim, source_updated_at)
   SELECT 9000000 + i, $1, 'bench' || i, 'Bench Student ' || lpad(i::text, 4, '0'),
          'bench' || i || '@example.org', 'STUDENT', true, '24' || lpad(i::text, 6, '0'), now()
     FROM generate_series(1, $2::int) AS i`,
  [t, STUDENTS],
);
await db.query(
  `INSERT INTO class_students (class_id, user_id)
   SELECT ($1::bigint[])[1 + i % array_length($1::bigint[], 1)], 9000000 + i FROM generate_series(1, $2::int) AS i`,
  [classIds, STUDENTS],
);
// Exams (ids far above the demo's): one or two scored attempts per student, one in ten absent.
await db.query(
  `INSERT INTO exam_projections (id, tenant_id, course_id, title, exams_type, is_published, is_finished, as_of)
   SELECT 9000000 + e, $1, $2, 'Bench exam ' || e, CASE WHEN e % 4 = 0 THEN 'UAS' ELSE 'QUIZ' END, true, true, now()
     FROM generate_series(1, $3::int) AS e`,
  [t, c, EXAMS],
);
await db.query(
  `INSERT INTO exam_attempt_scores (student_exam_id, tenant_id, exam_id, course_id, student_id, attempt, score, as_of)
   SELECT row_number() OVER () + 9000000, $1, 9000000 + e, $2, 9000000 + i, a,
          ((i * 37 + e * 101 + a * 13) % 10001) / 100.0, now()
     FROM generate_series(1, $3::int) AS i, generate_series(1, $4::int) AS e, generate_series(1, 2) AS a
    WHERE (i + e) % 10 <> 0 AND (a = 1 OR (i + e) % 3 = 0)`,
  [t, c, STUDENTS, EXAMS],
);
// Tasks: one scored answer per student, one in eight not handed in; every third task a group task
// (one answer of four students, each with their member score).
await db.query(
  `INSERT INTO task_projections (id, tenant_id, course_id, taskable_type, taskable_id, title, tasks_type, assessment_method, as_of)
   SELECT 9000000 + k, $1, $2, 'courses', $2, 'Bench task ' || k, CASE WHEN k % 3 = 0 THEN 'group' ELSE 'individual' END, 'manual', now()
     FROM generate_series(1, $3::int) AS k`,
  [t, c, TASKS],
);
await db.query(
  `INSERT INTO task_answers_scored (answer_id, tenant_id, task_id, course_id, group_id, score, as_of)
   SELECT DISTINCT ON (answer_id) answer_id, $1, 9000000 + k, $2, CASE WHEN k % 3 = 0 THEN answer_id END,
          ((i * 53 + k * 7) % 10001) / 100.0, now()
     FROM generate_series(1, $3::int) AS i, generate_series(1, $4::int) AS k,
          LATERAL (SELECT 9000000 + k * 100000 + CASE WHEN k % 3 = 0 THEN i / 4 ELSE i END AS answer_id) AS x
    WHERE (i + k) % 8 <> 0`,
  [t, c, STUDENTS, TASKS],
);
await db.query(
  `INSERT INTO task_answer_scores (answer_id, student_id, task_id, course_id, score)
   SELECT 9000000 + k * 100000 + CASE WHEN k % 3 = 0 THEN i / 4 ELSE i END, 9000000 + i, 9000000 + k, $1,
          ((i * 53 + k * 7) % 10001) / 100.0
     FROM generate_series(1, $2::int) AS i, generate_series(1, $3::int) AS k
    WHERE (i + k) % 8 <> 0 AND EXISTS (SELECT 1 FROM task_answers_scored a
                                        WHERE a.answer_id = 9000000 + k * 100000 + CASE WHEN k % 3 = 0 THEN i / 4 ELSE i END)`,
  [c, STUDENTS, TASKS],
);
// Custom activities: typed-in scores, one in five left empty.
const activityIds = (
  await db.query(
    `INSERT INTO custom_activities (tenant_id, course_id, title)
     SELECT $1, $2, 'Bench activity ' || j FROM generate_series(1, $3::int) AS j RETURNING id`,
    [t, c, ACTIVITIES],
  )
).rows.map((row) => row.id);
const lecturer = await one(`SELECT lecturer_id FROM courses WHERE id = $1`, [c]);
await db.query(
  `INSERT INTO custom_activity_scores (activity_id, student_id, score, updated_by)
   SELECT a, 9000000 + i, ((i * 29 + a * 3) % 101), $3
     FROM generate_series(1, $1::int) AS i, unnest($2::bigint[]) AS a WHERE (i + a) % 5 <> 0`,
  [STUDENTS, activityIds, lecturer.lecturer_id],
);
// Mixed weights summing to exactly 100: 40 gradeables, ten weighted 0 (shown but not counted).
await db.query(`DELETE FROM grades WHERE course_id = $1`, [c]);
await db.query(
  `WITH g AS (
     SELECT 'exams' AS type, 9000000 + e AS id, CASE WHEN e % 4 = 0 THEN 10 WHEN e <= 8 THEN 2.5 ELSE 0 END AS pct
       FROM generate_series(1, $3::int) AS e
     UNION ALL
     SELECT 'tasks', 9000000 + k, CASE WHEN k <= 15 THEN 2 ELSE 0 END FROM generate_series(1, $4::int) AS k
     UNION ALL
     SELECT 'courseactivities', a, 0 FROM unnest($5::bigint[]) AS a
   )
   INSERT INTO grades (tenant_id, course_id, gradeable_type, gradeable_id, percentage)
   SELECT $1, $2, type, id, pct FROM g`,
  [t, c, EXAMS, TASKS, activityIds],
);
// exams: 3 × 10 (the UAS) + 6 × 2.5 = 45; tasks: 15 × 2 = 30; activities take the remaining 25.
await db.query(
  `UPDATE grades SET percentage = CASE WHEN gradeable_id = $2 THEN 10 ELSE 2.5 END
    WHERE course_id = $1 AND gradeable_type = 'courseactivities' AND gradeable_id = ANY($3::bigint[])`,
  [c, activityIds[0], activityIds.slice(0, 7)],
);
await db.query(`DELETE FROM index_bands WHERE course_id = $1`, [c]);
await db.query(
  `INSERT INTO index_bands (tenant_id, course_id, index, min, max)
   VALUES ($1, $2, 'E', 0, 39.99), ($1, $2, 'D', 40, 54.99), ($1, $2, 'C', 55, 69.99),
          ($1, $2, 'B', 70, 84.99), ($1, $2, 'A', 85, 100)`,
  [t, c],
);
await db.query('COMMIT');
await db.query('ANALYZE');
const counts = await one(
  `SELECT (SELECT count(DISTINCT cs.user_id) FROM class_students cs JOIN classes cl ON cl.id = cs.class_id WHERE cl.course_id = $1)::int AS students,
          (SELECT count(*) FROM classes WHERE course_id = $1)::int AS classes,
          (SELECT count(*) FROM exam_projections WHERE course_id = $1)::int AS exams,
          (SELECT count(*) FROM task_projections WHERE course_id = $1)::int AS tasks,
          (SELECT count(*) FROM custom_activities WHERE course_id = $1)::int AS activities,
          (SELECT sum(percentage) FROM grades WHERE course_id = $1)::float AS weights_total,
          (SELECT count(*) FROM exam_attempt_scores WHERE course_id = $1)::int AS exam_attempts,
          (SELECT count(*) FROM task_answer_scores WHERE course_id = $1)::int AS task_scores,
          (SELECT count(*) FROM custom_activity_scores WHERE activity_id = ANY($2::bigint[]))::int AS activity_scores`,
  [c, activityIds],
);
const seedMs = performance.now() - seedStarted;

// ---- baseline: the same scores, one plain SELECT through the course service's pool -------------
const courseData = platform.services.course.get(DataSource);
const BASELINE_SQL = `
  SELECT student_id, 'exams:' || exam_id AS key, score FROM exam_attempt_scores WHERE course_id = $1
  UNION ALL
  SELECT student_id, 'tasks:' || task_id, score FROM task_answer_scores WHERE course_id = $1
  UNION ALL
  SELECT s.student_id, 'courseactivities:' || s.activity_id, s.score
    FROM custom_activity_scores s JOIN custom_activities a ON a.id = s.activity_id WHERE a.course_id = $1`;
const control = Fastify({ logger: false });
control.get('/baseline', async () => ({ data: await courseData.query(BASELINE_SQL, [c]) }));
await control.listen({ port: 0, host: '127.0.0.1' });

const port = (app) => app.getHttpServer().address().port;
console.log(
  JSON.stringify({
    gateway: `http://127.0.0.1:${port(platform.gateway)}`,
    control: `http://127.0.0.1:${control.server.address().port}`,
    seed: { ...counts, course_id: Number(c), class_id: Number(classIds[0]), ms: seedMs },
  }),
);
stopOnSignal(
  { pg, platform },
  () => control.close(),
  () => db.end(),
);
