// Exam day, as a k6 script (k6 ≥ 0.52: async VU code, http.asyncRequest). One file for both
// runners: `k6 run bench/exam-day/scenario.js` against a cluster, and the project's Node load
// generator (`npm run bench:exam-day`, bench/exam-day/run.mjs) here.
//
// PHASE=exam-day (default)
//   students  a cohort arrives in the lobby over LOBBY (ramping-vus stages), each signs in and
//             opens the exam's lobby (take); at one instant for all (the start barrier) every
//             student starts (generate, its questions included); then saves an answer every
//             SAVE_EVERY seconds, with its own increasing sequence number per question, moving
//             to the next question every second save; at the end of EXAM all finish within
//             FINISH_WINDOW (the finish rush).
//   staff     STAFF lecturers poll the live monitor every MONITOR_EVERY seconds meanwhile.
// PHASE=throughput
//   saves     THROUGHPUT_VUS students each save back to back for THROUGHPUT_DURATION (the
//             highest save rate through the gateway, compared with pgbench by run.mjs).
// PHASE=start
//   starts    the synchronized start alone: STUDENTS students start at one instant LOBBY after
//             the setup (generate with the questions, one in ten a double click), nothing else
//             (what one start costs the server: run.mjs divides its CPU time by the starts).
//
// The cohort is a JSON file (COHORT_FILE, default ./cohort.json beside this script):
//   { "base_url": "https://lms.example.edu", "host": "lms.example.edu", "exam_id": 42,
//     "students": [{ "username": "s0001", "password": "…" } | { "token": "<access token>" }, …],
//     "staff":    [{ "username": "lecturer", "password": "…" } | { "token": "…" }] }
// Environment: BASE_URL, EXAM_ID override the file; STUDENTS (how many of the file's students),
// LOBBY (60s), EXAM (5m), SAVE_EVERY (5), FINISH_WINDOW (30s), STAFF (2), MONITOR_EVERY (5),
// DOUBLE_CLICK (0.1), THROUGHPUT_VUS (32), THROUGHPUT_DURATION (30s).
//
// Per-VU state lives in the iteration (a student's whole exam is one iteration) or in maps keyed
// by __VU: in k6 every VU has its own copy of this module, in the Node runner they share one.
import http from 'k6/http';
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';

const cohort = JSON.parse(open(__ENV.COHORT_FILE || './cohort.json'));
const BASE_URL = (__ENV.BASE_URL || cohort.base_url).replace(/\/$/, '');
// (k6 has no global URL: the host is cut from the address.)
const HOST = __ENV.HOST || cohort.host || BASE_URL.replace(/^[a-z]+:\/\//, '').split('/')[0];
const EXAM_ID = Number(__ENV.EXAM_ID || cohort.exam_id);
const PHASE = __ENV.PHASE || 'exam-day';
const STUDENTS = Math.min(Number(__ENV.STUDENTS || cohort.students.length), cohort.students.length);
const STAFF = Math.min(Number(__ENV.STAFF || 2), (cohort.staff || []).length);
const SAVE_EVERY = Number(__ENV.SAVE_EVERY || 5);
const MONITOR_EVERY = Number(__ENV.MONITOR_EVERY || 5);
// The share of students whose start is a double click (two generate requests at once).
const DOUBLE_CLICK = Number(__ENV.DOUBLE_CLICK || 0.1);
const THROUGHPUT_VUS = Math.min(Number(__ENV.THROUGHPUT_VUS || 32), cohort.students.length);

/** '1m30s' → seconds. */
function seconds(text) {
  const part = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  for (let m = part.exec(String(text)); m; m = part.exec(String(text)))
    total += Number(m[1]) * { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2]];
  return total;
}
const LOBBY = seconds(__ENV.LOBBY || '60s');
const EXAM = seconds(__ENV.EXAM || '5m');
const FINISH_WINDOW = seconds(__ENV.FINISH_WINDOW || '30s');
// The students' stage outlasts the finish rush by this much (the last finishes need time).
const DRAIN = 10;

export const startDuration = new Trend('exam_start_duration', true);
export const startFailed = new Rate('exam_start_failed');
export const saveDuration = new Trend('save_duration', true);
export const saveFailed = new Rate('save_failed');
export const saves = new Counter('saves');
export const finishDuration = new Trend('finish_duration', true);
export const finishFailed = new Rate('finish_failed');
export const monitorDuration = new Trend('monitor_duration', true);

const examDay = {
  students: {
    executor: 'ramping-vus',
    exec: 'student',
    startVUs: 0,
    stages: [
      { duration: `${LOBBY}s`, target: STUDENTS }, // arrival in the lobby
      { duration: `${EXAM + FINISH_WINDOW + DRAIN}s`, target: STUDENTS }, // the exam, the rush
      { duration: '1s', target: 0 },
    ],
    gracefulRampDown: '30s',
    gracefulStop: '30s',
  },
  staff: {
    executor: 'constant-vus',
    exec: 'staff',
    vus: Math.max(STAFF, 0),
    duration: `${LOBBY + EXAM + FINISH_WINDOW}s`,
  },
};
if (STAFF === 0) delete examDay.staff;

const throughput = {
  saves: {
    executor: 'constant-vus',
    exec: 'saver',
    vus: THROUGHPUT_VUS,
    duration: __ENV.THROUGHPUT_DURATION || '30s',
  },
};

const starts = {
  starts: { executor: 'per-vu-iterations', exec: 'starter', vus: STUDENTS, iterations: 1, maxDuration: '5m' },
};

export const options = {
  scenarios: { throughput, start: starts }[PHASE] || examDay,
  thresholds:
    PHASE === 'throughput'
      ? { save_failed: ['rate<0.001'] }
      : PHASE === 'start'
        ? { exam_start_duration: ['p(95)<1000'], exam_start_failed: ['rate<0.001'] }
        : {
            save_duration: ['p(95)<200', 'p(99)<500'],
            save_failed: ['rate<0.001'],
            exam_start_duration: ['p(95)<1000'],
            exam_start_failed: ['rate<0.001'],
            finish_failed: ['rate<0.001'],
            http_req_failed: ['rate<0.001'],
          },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

/** The instants every student shares: the start barrier and the end of the writing time. */
export function setup() {
  const now = Date.now();
  const startAt = now + LOBBY * 1000 + 1000;
  return { startAt, finishAt: startAt + EXAM * 1000 };
}

async function call(method, path, body, headers, name) {
  return http.asyncRequest(method, `${BASE_URL}${path}`, body === null ? null : JSON.stringify(body), {
    headers: { ...(body === null ? {} : { 'content-type': 'application/json' }), host: HOST, ...headers },
    tags: { name },
    timeout: '60s',
  });
}

async function sleepUntil(instant) {
  const wait = instant - Date.now();
  if (wait > 0) await sleep(wait / 1000);
}

/** Authorization headers of a cohort entry: its token, or a sign-in through the gateway. */
async function signIn(who) {
  if (who.token) return { authorization: `Bearer ${who.token}` };
  const res = await call(
    'POST',
    '/api/user/auth/login',
    { username: who.username, password: who.password },
    {},
    'login',
  );
  check(res, { 'signed in': (r) => r.status === 200 });
  return { authorization: `Bearer ${res.json('data.attributes.access_token')}` };
}

/** A plausible answer of the question's type, different for each sequence number. */
function answerFor(question, seq) {
  const q = question.attributes.question || {};
  const options = q.answers || [];
  switch (q.questions_type) {
    case 'essay':
      return { text: `<p>Draft ${seq}: the invariant holds because every step keeps the sum.</p>` };
    case 'exact':
    case 'parameterized':
      return { value: String(10 + seq) };
    case 'multiple_answers':
      return { answer_index: options.slice(0, 1 + (seq % Math.max(options.length, 1))).map((o) => o.index) };
    default:
      return { answer_index: options.length ? [options[seq % options.length].index] : [] };
  }
}

/**
 * generate (start or resume) with the attempt's questions included — one request, as the web
 * client starts — the wait before the first question. A server that does not include them is
 * asked for the list as well.
 */
async function start(headers) {
  const generate = () =>
    call('GET', `/api/exam/exams/${EXAM_ID}/generate?include=studentquestions`, null, headers, 'generate');
  const [generated, twice] = await Promise.all([
    generate(),
    Math.random() < DOUBLE_CLICK ? generate() : null,
  ]);
  if (generated.status !== 200) return { generated };
  const document = generated.json();
  const attempt = document.data;
  if (twice)
    check(twice, {
      'a double click resumes the same attempt': (r) => r.status === 200 && r.json('data.id') === attempt.id,
    });
  const included = (document.included || []).filter((r) => r.type === 'studentquestions');
  if (included.length > 0)
    return {
      generated,
      attempt,
      questions: included.sort((a, b) => a.attributes.index - b.attributes.index),
    };
  const listed = await call(
    'GET',
    `/api/exam/studentquestions?filter[student_exam_id]=${attempt.id}&page[limit]=0`,
    null,
    headers,
    'questions',
  );
  return { generated, attempt, questions: listed.status === 200 ? listed.json('data') : null };
}

async function save(headers, question, seq) {
  const res = await call(
    'PATCH',
    `/api/exam/studentquestions/${question.id}`,
    { data: { attributes: { answer: answerFor(question, seq), seq } } },
    headers,
    'save',
  );
  const ok = res.status === 200;
  saves.add(1);
  saveFailed.add(!ok);
  saveDuration.add(res.timings.duration);
  return ok;
}

/** One student's exam: lobby, the start barrier, a save every SAVE_EVERY s, the finish rush. */
export async function student(data) {
  const me = exec.scenario.iterationInTest;
  if (me >= STUDENTS) {
    // A VU whose student is done waits out the scenario instead of spinning.
    await sleep(Math.max(1, (data.finishAt + (FINISH_WINDOW + DRAIN) * 1000 - Date.now()) / 1000));
    return;
  }
  const headers = await signIn(cohort.students[me]);
  await call('GET', `/api/exam/exams/${EXAM_ID}/take`, null, headers, 'take');

  await sleepUntil(data.startAt);
  const t0 = Date.now();
  const { generated, attempt, questions } = await start(headers);
  const started = Boolean(questions && questions.length);
  startFailed.add(!started);
  if (!started) {
    check(generated, { 'attempt started': () => false });
    return;
  }
  startDuration.add(Date.now() - t0);

  const finishAt = data.finishAt + Math.random() * FINISH_WINDOW * 1000;
  const seq = {};
  let current = 0;
  let next = Date.now() + Math.random() * SAVE_EVERY * 1000; // saves spread over the interval
  for (;;) {
    await sleepUntil(next);
    if (Date.now() >= finishAt) break;
    next += SAVE_EVERY * 1000;
    const question = questions[current];
    seq[question.id] = (seq[question.id] || 0) + 1;
    await save(headers, question, seq[question.id]);
    if (seq[question.id] % 2 === 0) {
      current = (current + 1) % questions.length;
      await call(
        'PATCH',
        `/api/exam/studentexams/${attempt.id}/indexes`,
        { data: { attributes: { current_index: questions[current].attributes.index } } },
        headers,
        'index',
      );
    }
  }
  await sleepUntil(finishAt);
  const finished = await call('POST', `/api/v2/exam/finish/${attempt.id}`, null, headers, 'finish');
  finishFailed.add(finished.status !== 200);
  finishDuration.add(finished.timings.duration);
}

/** A lecturer watching the live monitor (signed in once per VU). */
const staffHeaders = {};
export async function staff() {
  if (!staffHeaders[__VU])
    staffHeaders[__VU] = await signIn(cohort.staff[(exec.vu.idInTest - 1) % cohort.staff.length]);
  const headers = staffHeaders[__VU];
  const res = await call('GET', `/api/exam/exams/${EXAM_ID}/monitor`, null, headers, 'monitor');
  check(res, { 'monitor read': (r) => r.status === 200 });
  monitorDuration.add(res.timings.duration);
  await sleep(MONITOR_EVERY);
}

/** PHASE=start: one student's synchronized start, nothing before or after it. */
export async function starter(data) {
  const headers = await signIn(cohort.students[exec.scenario.iterationInTest]);
  await sleepUntil(data.startAt);
  const t0 = Date.now();
  const { questions } = await start(headers);
  const started = Boolean(questions && questions.length);
  startFailed.add(!started);
  if (started) startDuration.add(Date.now() - t0);
}

/** PHASE=throughput: a student saving back to back (its attempt and counters kept per VU). */
const savers = {};
export async function saver() {
  let state = savers[__VU];
  if (!state) {
    const who = cohort.students[(exec.vu.idInTest - 1) % cohort.students.length];
    const headers = await signIn(who);
    const { questions } = await start(headers);
    if (!questions || !questions.length) {
      startFailed.add(true);
      await sleep(1);
      return;
    }
    state = savers[__VU] = { headers, questions, seq: {}, n: 0 };
  }
  const question = state.questions[state.n++ % state.questions.length];
  state.seq[question.id] = (state.seq[question.id] || 0) + 1;
  await save(state.headers, question, state.seq[question.id]);
}
