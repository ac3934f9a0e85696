import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ApiClient, type JsonResource, type ProjectedUser } from '@lms/testing';
import { ExamHarness, list, one } from './support/harness';

const root = join(__dirname, '../../..');
const STUDENTS = 10;
const KILLS = 3;

/** The newest modification time of the files under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time;
}

/** The local ports of a process's TCP sockets (its connections to PostgreSQL among them), from /proc. */
function tcpPortsOf(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length > 9 && inodes.has(columns[9])) ports.push(parseInt(columns[1].split(':')[1], 16));
    }
  }
  return ports;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 13's durability proof: students keep saving answers while the exam service — its own
 * process, from its build — is killed with SIGKILL three times, each time replaced by a new process
 * (started beforehand, as a replacement pod is), and once has the PostgreSQL backends serving it
 * terminated. At the end every save the service acknowledged
 * (2xx) is in the database with at least its sequence number (the answer sent with it when the
 * numbers are equal), and nobody has two attempts, though every start was a double click and the
 * students resumed after each outage.
 */
describe('durability of saved answers (exam service killed while students save)', () => {
  const h = new ExamHarness();
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-durability-'));
  let service: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let output = '';
  /** Where the students send their requests: the process serving now. */
  let base = '';

  beforeAll(async () => {
    for (const pkg of ['services/exam', 'libs/platform', 'libs/events', 'libs/database', 'libs/auth']) {
      if (newest(join(root, pkg, 'src')) > newest(join(root, pkg, 'dist')))
        throw new Error(`${pkg}/dist is missing or older than its sources: run 'npm run build' first`);
    }
    await h.start();
  });

  afterAll(async () => {
    service?.kill('SIGKILL');
    next?.child.kill('SIGKILL');
    await Promise.all([exited, next?.exit]);
    await h.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * A service process on a port of its own, started while the one serving still serves (as a
   * replacement pod is; starting takes seconds on a busy machine, so the outages stay short and
   * the test bounded). Resolves with its address once it listens.
   */
  function replacement() {
    const child = spawn(process.execPath, [join(__dirname, 'support/exam-process.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: h.config.databaseUrl,
        JWT_PUBLIC_KEY: h.issuer.publicKeyPem,
        INTERNAL_TOKEN: h.internalToken,
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (chunk) => (output += chunk));
    const exit = new Promise((resolve) => child.once('exit', resolve));
    const listening = new Promise<string>((resolve, reject) => {
      child.once('exit', (code, signal) =>
        reject(new Error(`the exam service exited (${signal ?? code}):\n${output}`)),
      );
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('{"port"')) resolve(`http://127.0.0.1:${JSON.parse(line).port}`);
      });
    });
    // One killed unused at the end rejects; nobody waits for it then.
    listening.catch(() => undefined);
    return { child, exit, listening };
  }
  let next: ReturnType<typeof replacement> | undefined;

  /** The replacement takes over (the students' address changes) and the next one starts. */
  async function startService(): Promise<void> {
    const current = next ?? replacement();
    base = await current.listening;
    service = current.child;
    exited = current.exit;
    next = replacement();
  }

  async function killService(): Promise<void> {
    service?.kill('SIGKILL');
    await exited;
  }

  it(`keeps every acknowledged save through ${KILLS} SIGKILLs and a terminated database backend, and makes one attempt per student`, async () => {
    const c = await h.course();
    const students: ProjectedUser[] = [];
    for (let i = 0; i < STUDENTS; i++) {
      const student = await h.given.user(1, 'student');
      await h.given.enrolment(1, { courseId: c.course.id, classId: c.classA, userId: student.id });
      students.push(student);
    }
    const day = 86_400_000;
    const wire = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    const exam = one(
      (
        await c.asLecturer.post('/api/exam/exams', {
          course_id: c.course.id,
          name: 'Final',
          type: 'final',
          start_at: wire(Date.now() - day),
          end_at: wire(Date.now() + day),
          package: 1,
          is_published: true,
          class_ids: [c.classA],
        })
      ).body,
    );
    const examId = Number(exam.id);
    const kinds = [
      { questions_type: 'multiple_choices', answers: [{ answer: 'a', point: 1 }, { answer: 'b' }] },
      { questions_type: 'essay' },
      { questions_type: 'exact' },
      { questions_type: 'multiple_answers', answers: [{ answer: 'a', point: 1 }, { answer: 'b' }] },
    ];
    for (const [i, kind] of kinds.entries()) {
      const created = await c.asLecturer.post('/api/exam/questions', {
        data: { attributes: { exam_id: examId, package: 1, question: `Question ${i + 1}`, ...kind } },
      });
      expect(created.status).toBe(201);
    }

    await startService();

    // What the service acknowledged: per student question, the highest seq and its answer.
    const acknowledged = new Map<number, { seq: number; answer: unknown }>();
    // Successful saves per outage epoch (0 before the first kill): the service came back each time.
    const savedInEpoch: number[] = [0];
    let epoch = 0;
    let failures = 0;
    let stopping = false;
    const attemptIds = new Map<number, Set<string>>();

    const answerFor = (question: JsonResource, seq: number): unknown => {
      const q = question.attributes.question as {
        questions_type: string;
        answers?: Array<{ index: number }>;
      };
      const options = q.answers ?? [];
      if (q.questions_type === 'essay') return { text: `<p>draft ${seq}</p>` };
      if (q.questions_type === 'exact') return { value: String(seq) };
      return { answer_index: [options[seq % options.length].index] };
    };

    async function generate(api: () => ApiClient, studentId: number): Promise<string | null> {
      try {
        const started = await api().get(`/api/exam/exams/${examId}/generate`);
        if (started.status !== 200) return null;
        const id = one(started.body).id;
        attemptIds.get(studentId)!.add(id);
        return id;
      } catch {
        return null; // the service is down: try again
      }
    }

    async function simulate(student: ProjectedUser): Promise<void> {
      const token = await h.token(student);
      // The address of the process serving now, at each request.
      const api = () => new ApiClient(base).as(token);
      attemptIds.set(student.id, new Set());
      let attemptId: string | null = null;
      let questions: JsonResource[] = [];
      while (!questions.length && !stopping) {
        // A double click: two starts at once.
        const [first] = await Promise.all([generate(api, student.id), generate(api, student.id)]);
        attemptId = first;
        if (attemptId) {
          const listed = await api()
            .get(`/api/exam/studentquestions?filter[student_exam_id]=${attemptId}`)
            .catch(() => null);
          if (listed?.status === 200) questions = list(listed.body);
        }
        if (!questions.length) await sleep(50);
      }
      const seqs = new Map<number, number>();
      let failedInARow = 0;
      for (let n = 0; !stopping; n++) {
        const question = questions[n % questions.length];
        const id = Number(question.id);
        const seq = (seqs.get(id) ?? 0) + 1;
        seqs.set(id, seq);
        const answer = answerFor(question, seq);
        const at = epoch;
        try {
          const saved = await api().patch(`/api/exam/studentquestions/${id}`, {
            data: { attributes: { answer, seq } },
          });
          if (saved.status === 200) {
            if ((acknowledged.get(id)?.seq ?? 0) < seq) acknowledged.set(id, { seq, answer });
            savedInEpoch[at] += 1;
            failedInARow = 0;
            continue;
          }
          failures += 1;
        } catch {
          failures += 1;
        }
        // After an outage the client resumes its attempt, as the taking screen does on reconnect.
        failedInARow += 1;
        await sleep(25);
        if (failedInARow === 1) await generate(api, student.id);
      }
    }

    const running = students.map((student) => simulate(student));
    /** Until 50 more saves of this epoch were acknowledged: the service serves again. */
    const waitForSaves = async () => {
      const before = savedInEpoch[epoch];
      const deadline = Date.now() + 20_000;
      while (savedInEpoch[epoch] < before + 50) {
        if (Date.now() > deadline)
          throw new Error(`no saves acknowledged for 20 s in epoch ${epoch}; the service said:\n${output}`);
        await sleep(25);
      }
    };

    await waitForSaves();
    for (let kill = 0; kill < KILLS; kill++) {
      await killService();
      epoch += 1;
      savedInEpoch[epoch] = 0;
      await startService();
      await waitForSaves();
    }
    // The backends serving the service go (a failover, an administrator's kill): its pool must recover.
    const terminated: Array<{ pid: number }> = await h.ds.query(
      `SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
          WHERE datname = current_database() AND client_port = ANY($1::int[])`,
      [tcpPortsOf(service!.pid!)],
    );
    expect(terminated.length).toBeGreaterThan(0);
    epoch += 1;
    savedInEpoch[epoch] = 0;
    await waitForSaves();
    stopping = true;
    await Promise.all(running);

    expect(savedInEpoch.length).toBe(KILLS + 2);
    expect(savedInEpoch.every((saves) => saves >= 50)).toBe(true);
    expect(failures).toBeGreaterThan(0); // the kills did cut saves off

    const stored: Array<{ student_question_id: number; seq: number; answer: unknown }> = await h.ds.query(
      `SELECT student_question_id, seq, answer FROM student_answers WHERE student_question_id = ANY($1::bigint[])`,
      [[...acknowledged.keys()]],
    );
    const byId = new Map(stored.map((row) => [Number(row.student_question_id), row]));
    const lost = [...acknowledged].filter(([id, ack]) => !(Number(byId.get(id)?.seq ?? 0) >= ack.seq));
    expect(lost).toEqual([]);
    for (const [id, ack] of acknowledged) {
      const row = byId.get(id)!;
      if (Number(row.seq) === ack.seq) expect(row.answer).toEqual(ack.answer);
    }

    const attempts: Array<{ student_id: number; n: number }> = await h.ds.query(
      `SELECT student_id, count(*)::int AS n FROM student_exams WHERE exam_id = $1 GROUP BY student_id`,
      [examId],
    );
    expect(attempts).toHaveLength(STUDENTS);
    expect(attempts.every((row) => row.n === 1)).toBe(true);
    for (const ids of attemptIds.values()) expect(ids.size).toBe(1);
  }, 85_000);
});
