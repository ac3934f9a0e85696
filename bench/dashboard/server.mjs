// Child process of the dashboard benchmark: the platform (built dist) with its demo data on an
// ephemeral embedded PostgreSQL, and the demo student (`student1`) put into BENCH_COURSES courses
// in all (the demo's IF101 and new ones of the demo lecturer), each with BENCH_CLASSMATES other
// students, completion tracked over 30 contents, and 6 exams and 8 tasks — open, upcoming and
// ended, their attempts, answers and scores — bulk-inserted with SQL straight into the course
// service's tables, as the exam and task services' events would have written the projections.
// Prints the gateway's URL and the seed facts as one JSON line, then waits.
import { benchDatabase, startBenchPlatform, stopOnSignal } from '../platform.mjs';

const COURSES = Number(process.env.BENCH_COURSES ?? 10);
const CLASSMATES = Number(process.env.BENCH_CLASSMATES ?? 40);
const CONTENTS = 30;
const EXAMS = 6;
const TASKS = 8;

const { pg, platform } = await startBenchPlatform({
  pgPort: process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined,
});

const { db, one } = await benchDatabase(pg, 'lms_course');

const seedStarted = performance.now();
const demo = await one(
  `SELECT c.id AS course_id, c.tenant_id, c.lecturer_id, c.period_id, u.id AS student_id
     FROM courses c JOIN users u ON u.tenant_id = c.tenant_id AND u.username = 'student1'
    WHERE c.code = 'IF101'`,
);
const t = demo.tenant_id;
await db.query('BEGIN');
// Courses: the demo's IF101 and COURSES - 1 new ones, each with one class holding student1 and
// CLASSMATES bench students (projections of identity's users, ids far above the demo's).
const newCourses = (
  await db.query(
    `INSERT INTO courses (tenant_id, name, code, description, period_id, lecturer_id, is_active, is_open,
                          completion_tracking, start_at, end_at)
     SELECT $1, 'Bench course ' || i, 'BD' || lpad(i::text, 3, '0'), 'Dashboard bench', $2, $3, true, false,
            true, now() - interval '60 days', now() + interval '60 days'
       FROM generate_series(1, $4::int) AS i RETURNING id`,
    [t, demo.period_id, demo.lecturer_id, COURSES - 1],
  )
).rows.map((row) => row.id);
const courses = [demo.course_id, ...newCourses];
await db.query(`UPDATE courses SET completion_tracking = true WHERE id = $1`, [demo.course_id]);
await db.query(
  `INSERT INTO users (id, tenant_id, username, name, email, role, active, nim, source_updated_at)
   SELECT 9100000 + i, $1, 'dash' || i, 'Dashboard Student ' || i, 'dash' || i || '@example.org', 'STUDENT',
          true, '25' || lpad(i::text, 6, '0'), now()
     FROM generate_series(1, $2::int) AS i`,
  [t, CLASSMATES],
);
const classes = (
  await db.query(
    `INSERT INTO classes (tenant_id, course_id, name)
     SELECT $1, c, 'Bench class' FROM unnest($2::bigint[]) AS c RETURNING id, course_id`,
    [t, newCourses],
  )
).rows;
await db.query(
  `INSERT INTO class_students (class_id, user_id)
   SELECT cl, u FROM unnest($1::bigint[]) AS cl,
          LATERAL (SELECT $2::bigint AS u UNION ALL SELECT 9100000 + i FROM generate_series(1, $3::int) AS i) AS who`,
  [classes.map((row) => row.id), demo.student_id, CLASSMATES],
);
// Structure and contents: a module per course with CONTENTS text contents; student1 did a third.
await db.query(
  `INSERT INTO modules (course_id, index, name, is_active)
   SELECT c, 9, 'Bench module', true FROM unnest($1::bigint[]) AS c`,
  [courses],
);
await db.query(
  `INSERT INTO contents (tenant_id, course_id, contentable_type, contentable_id, index, name, type, content,
                         created_by)
   SELECT $1, m.course_id, 'modules', m.id, i, 'Reading ' || i, 'text', '<p>Reading ' || i || '</p>', $2
     FROM modules m, generate_series(1, $3::int) AS i
    WHERE m.course_id = ANY($4::bigint[]) AND m.name = 'Bench module'`,
  [t, demo.lecturer_id, CONTENTS, courses],
);
await db.query(
  `INSERT INTO completions (tenant_id, course_id, user_id, completionable_type, completionable_id)
   SELECT $1, c.course_id, u, 'contents', c.id
     FROM contents c,
          LATERAL (SELECT $2::bigint AS u UNION ALL SELECT 9100000 + i FROM generate_series(1, $3::int) AS i) AS who
    WHERE c.course_id = ANY($4::bigint[]) AND c.name LIKE 'Reading %' AND (c.id + u) % 3 = 0`,
  [t, demo.student_id, CLASSMATES, courses],
);
// Exams per course (ids far above the demo's): open now, upcoming, ended; scores shown or not.
await db.query(
  `INSERT INTO exam_projections (id, tenant_id, course_id, title, exams_type, start_at, end_at, is_published,
                                 is_finished, is_show_score, as_of)
   SELECT 9100000 + n * 100 + e, $1, c, 'Bench exam ' || e, 'QUIZ',
          now() + (e - 4) * interval '1 day', now() + (e - 3) * interval '1 day' + interval '2 hours',
          true, false, e % 2 = 0, now()
     FROM unnest($2::bigint[]) WITH ORDINALITY AS x(c, n), generate_series(1, $3::int) AS e`,
  [t, courses, EXAMS],
);
// Every student finished each ended exam once, scored (one in four with an essay waiting).
await db.query(
  `INSERT INTO exam_attempt_facts (student_exam_id, tenant_id, exam_id, course_id, student_id, attempt, started_at,
                                   finished_at, occurred_at)
   SELECT row_number() OVER () + 9100000, $1, e.id, e.course_id, u, 1, e.start_at, e.start_at + interval '1 hour', now()
     FROM exam_projections e,
          LATERAL (SELECT $2::bigint AS u UNION ALL SELECT 9100000 + i FROM generate_series(1, $3::int) AS i) AS who
    WHERE e.id >= 9100000 AND e.end_at < now()`,
  [t, demo.student_id, CLASSMATES],
);
await db.query(
  `INSERT INTO exam_attempt_scores (student_exam_id, tenant_id, exam_id, course_id, student_id, attempt, score,
                                    pending, is_passed, as_of)
   SELECT f.student_exam_id, f.tenant_id, f.exam_id, f.course_id, f.student_id, 1, (f.student_exam_id * 37) % 101,
          CASE WHEN f.student_exam_id % 4 = 0 THEN 1 ELSE 0 END, NULL, f.finished_at
     FROM exam_attempt_facts f WHERE f.exam_id >= 9100000`,
);
// Tasks per course: due soon, upcoming, ended; every student sent the ended ones, scored.
await db.query(
  `INSERT INTO task_projections (id, tenant_id, course_id, taskable_type, taskable_id, title, tasks_type,
                                 assessment_method, start_at, end_at, is_active, show_score, all_class, as_of)
   SELECT 9100000 + n * 100 + k, $1, c, 'module', 0, 'Bench task ' || k, 'PERSONAL', 'score',
          now() + (k - 5) * interval '1 day', now() + (k - 4) * interval '1 day', true, k % 2 = 0, true, now()
     FROM unnest($2::bigint[]) WITH ORDINALITY AS x(c, n), generate_series(1, $3::int) AS k`,
  [t, courses, TASKS],
);
await db.query(
  `INSERT INTO task_answer_facts (answer_id, tenant_id, task_id, course_id, member_ids, is_sent, sent_at,
                                  scored_at, occurred_at)
   SELECT row_number() OVER () + 9100000, $1, tp.id, tp.course_id, ARRAY[u], true, tp.start_at + interval '1 hour',
          tp.end_at + interval '1 hour', tp.start_at + interval '1 hour'
     FROM task_projections tp,
          LATERAL (SELECT $2::bigint AS u UNION ALL SELECT 9100000 + i FROM generate_series(1, $3::int) AS i) AS who
    WHERE tp.id >= 9100000 AND tp.start_at < now() - interval '1 day'`,
  [t, demo.student_id, CLASSMATES],
);
await db.query(
  `INSERT INTO task_answers_scored (answer_id, tenant_id, task_id, course_id, score, as_of)
   SELECT answer_id, tenant_id, task_id, course_id, (answer_id * 53) % 101, scored_at
     FROM task_answer_facts WHERE answer_id >= 9100000 AND scored_at < now()`,
);
await db.query(
  `INSERT INTO task_answer_scores (answer_id, student_id, task_id, course_id, score)
   SELECT s.answer_id, f.member_ids[1], s.task_id, s.course_id, s.score
     FROM task_answers_scored s JOIN task_answer_facts f ON f.answer_id = s.answer_id WHERE s.answer_id >= 9100000`,
);
await db.query('COMMIT');
await db.query('ANALYZE');
const counts = await one(
  `SELECT (SELECT count(DISTINCT cl.course_id) FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
            WHERE cs.user_id = $1)::int AS courses,
          (SELECT count(*) FROM exam_projections WHERE course_id = ANY($2::bigint[]))::int AS exams,
          (SELECT count(*) FROM task_projections WHERE course_id = ANY($2::bigint[]))::int AS tasks,
          (SELECT count(*) FROM contents WHERE course_id = ANY($2::bigint[]))::int AS contents,
          (SELECT count(*) FROM exam_attempt_scores WHERE course_id = ANY($2::bigint[]))::int AS exam_scores,
          (SELECT count(*) FROM task_answer_scores WHERE course_id = ANY($2::bigint[]))::int AS task_scores,
          (SELECT count(*) FROM completions WHERE course_id = ANY($2::bigint[]))::int AS completions`,
  [demo.student_id, courses],
);
const seedMs = performance.now() - seedStarted;

const port = (app) => app.getHttpServer().address().port;
console.log(
  JSON.stringify({
    gateway: `http://127.0.0.1:${port(platform.gateway)}`,
    seed: { ...counts, student_id: Number(demo.student_id), ms: seedMs },
  }),
);
stopOnSignal({ pg, platform }, () => db.end());
