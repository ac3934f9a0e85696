import { Server as NetServer } from 'node:net';
import type { Socket } from 'socket.io-client';
import type { JsonResource } from '@lms/testing';
import {
  connected,
  nextEvent,
  openSocket,
  record,
  refused,
  sleep,
} from '../../../libs/realtime/test/harness';
import { ExamHarness, list, one } from './support/harness';

/** A wire date in the test campus's zone (Asia/Jakarta, UTC+7). */
const wire = (time: number) => new Date(time + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const PATH = '/socket/exam';
const HOSTS = { 1: 'campus-one.test', 2: 'campus-two.test' } as const;

interface Progress {
  exam_id: number;
  data: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
}

/**
 * The live monitor's pushes (issue 13): staff of an exam `watch` it on `/socket/exam` and get the
 * changed rows of its monitor — a start, saves, a signal, the finish with its score — batched to at
 * most about one push a second; nobody else may watch (another campus's exam: 404, not its staff:
 * 403), and a socket that does not watch hears nothing.
 */
describe('the live monitor over socket.io', () => {
  const h = new ExamHarness();
  const sockets: Socket[] = [];
  beforeAll(async () => {
    await h.start();
    await h.given.campus({ id: 1, domain: HOSTS[1] });
    await h.given.campus({ id: 2, domain: HOSTS[2] });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await h.stop();
  });

  type Course = Awaited<ReturnType<ExamHarness['course']>>;

  async function socketOf(user: { id: number; role: string; tenantId: number }) {
    const socket = openSocket(h.baseUrl, PATH, {
      token: await h.token(user as Parameters<ExamHarness['token']>[0]),
      host: HOSTS[user.tenantId as 1 | 2],
    });
    sockets.push(socket);
    return connected(socket);
  }

  /** An open exam with one choice question. */
  async function exam(c: Course) {
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Midterm',
      start_at: wire(Date.now() - 3_600_000),
      end_at: wire(Date.now() + 3_600_000),
      package: 1,
      is_published: true,
      is_show_score: true,
    });
    expect(created.status).toBe(201);
    const examId = Number(one(created.body).id);
    const question = await c.asLecturer.post('/api/exam/questions', {
      exam_id: examId,
      package: 1,
      questions_type: 'multiple_choices',
      question: '1 + 1?',
      answers: [
        { answer: '2', point: 1 },
        { answer: '3', point: 0 },
      ],
    });
    expect(question.status).toBe(201);
    return examId;
  }

  /** The next push for the exam whose row of `attempt` satisfies `check`. */
  async function pushed(socket: Socket, attempt: number, check: (row: Record<string, unknown>) => boolean) {
    for (;;) {
      const [update] = (await nextEvent(socket, 'progress', 4000)) as [Progress];
      const row = update.data.find((candidate) => Number(candidate.id) === attempt);
      if (row && check(row.attributes)) return { update, row };
    }
  }

  it('serves its sockets on its own HTTP port only (the events microservice starts no socket.io of its own)', () => {
    const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
    const listening = handles
      .filter((handle): handle is NetServer => handle instanceof NetServer && handle.listening)
      .map((server) => (server.address() as { port: number }).port);
    expect(listening).toEqual([Number(new URL(h.baseUrl).port)]);
  });

  it('pushes a start, saves, a signal and the finish to the exam’s staff', async () => {
    const c = await h.course();
    const examId = await exam(c);
    const lecturer = await socketOf(c.lecturer);
    expect(await lecturer.emitWithAck('watch', { exam_id: examId })).toEqual({
      exam_id: examId,
      watching: true,
    });
    const bystander = await socketOf(c.assistant); // staff too, but not watching
    const heardByBystander = record(bystander, 'progress');

    const started = await c.asStudent.get(`/api/exam/exams/${examId}/generate`);
    expect(started.status).toBe(200);
    const attemptId = Number(one(started.body).id);
    const start = await pushed(lecturer, attemptId, (row) => row.status === 'started');
    expect(start.update.exam_id).toBe(examId);
    expect(start.row).toMatchObject({ type: 'attempt-progress', id: String(attemptId) });
    expect(start.row.attributes).toMatchObject({
      student_exam_id: attemptId,
      student_id: c.student.id,
      student_name: c.student.name,
      answered: 0,
      total: 1,
    });

    const [question] = list(
      (await c.asStudent.get(`/api/exam/studentquestions?filter[student_exam_id]=${attemptId}`)).body,
    ) as JsonResource[];
    const saved = await c.asStudent.patch(`/api/exam/studentquestions/${question.id}`, {
      answer: { answer_index: [1] },
      seq: 1,
    });
    expect(saved.status).toBe(200);
    const save = await pushed(lecturer, attemptId, (row) => row.answered === 1);
    // an instant: each watcher shows it in their own zone
    expect(new Date(save.row.attributes.last_saved_at as string).toISOString()).toBe(
      save.row.attributes.last_saved_at,
    );

    expect(
      (await c.asStudent.patch(`/api/exam/studentexams/${attemptId}/indexes`, { current_index: 1 })).status,
    ).toBe(200);

    const signal = await c.asStudent.post(`/api/exam/studentexams/${attemptId}/signals`, {
      kind: 'tab_hidden',
    });
    expect(signal.status).toBe(201);
    await pushed(lecturer, attemptId, (row) => row.signals === 1);

    expect((await c.asStudent.post(`/api/v2/exam/finish/${attemptId}`, {})).status).toBe(200);
    const finish = await pushed(lecturer, attemptId, (row) => row.status === 'finished');
    expect(finish.row.attributes).toMatchObject({ score: 100 });
    expect(heardByBystander).toEqual([]);

    // after unwatch, nothing more
    expect(await lecturer.emitWithAck('unwatch', { exam_id: examId })).toEqual({
      exam_id: examId,
      watching: false,
    });
    const heardAfter = record(lecturer, 'progress');
    await c.asLecturer.patch(`/api/exam/studentexams/${attemptId}`, { action: 'reset' });
    await sleep(1500);
    expect(heardAfter).toEqual([]);
  });

  it('batches a burst of saves into pushes at least a second apart', async () => {
    const c = await h.course();
    const examId = await exam(c);
    const lecturer = await socketOf(c.lecturer);
    await lecturer.emitWithAck('watch', { exam_id: examId });
    const attemptId = Number(one((await c.asStudent.get(`/api/exam/exams/${examId}/generate`)).body).id);
    await pushed(lecturer, attemptId, (row) => row.status === 'started');
    const [question] = list(
      (await c.asStudent.get(`/api/exam/studentquestions?filter[student_exam_id]=${attemptId}`)).body,
    ) as JsonResource[];
    const times: number[] = [];
    lecturer.on('progress', () => times.push(Date.now()));
    for (let seq = 1; seq <= 20; seq++) {
      const response = await c.asStudent.patch(`/api/exam/studentquestions/${question.id}`, {
        answer: { answer_index: [(seq % 2) + 1] },
        seq,
      });
      expect(response.status).toBe(200);
    }
    await sleep(2200);
    expect(times.length).toBeGreaterThanOrEqual(1);
    expect(times.length).toBeLessThan(20);
    for (let n = 1; n < times.length; n++) expect(times[n] - times[n - 1]).toBeGreaterThanOrEqual(900);
  });

  it('lets only the exam’s staff watch: 403 for others of the campus, 404 for another campus', async () => {
    const c = await h.course();
    const examId = await exam(c);
    const student = await socketOf(c.student);
    const asStudent = (await student.emitWithAck('watch', { exam_id: examId })) as {
      errors: Array<{ status: string }>;
    };
    expect(asStudent.errors[0].status).toBe('403');
    const stranger = await socketOf(c.stranger);
    const asStranger = (await stranger.emitWithAck('watch', { exam_id: examId })) as {
      errors: Array<{ status: string }>;
    };
    expect(asStranger.errors[0].status).toBe('403');
    const elsewhere = await socketOf(c.elsewhere);
    const asElsewhere = (await elsewhere.emitWithAck('watch', { exam_id: examId })) as {
      errors: Array<{ status: string }>;
    };
    expect(asElsewhere.errors[0].status).toBe('404');
    const bad = (await student.emitWithAck('watch', { exam_id: 'x' })) as {
      errors: Array<{ status: string; source?: { pointer?: string } }>;
    };
    expect(bad.errors[0]).toMatchObject({ status: '422', source: { pointer: '/exam_id' } });

    // what they would have heard: nothing
    const heard = [student, stranger, elsewhere].map((socket) => record(socket, 'progress'));
    await c.asStudent.get(`/api/exam/exams/${examId}/generate`);
    await sleep(1500);
    expect(heard.flat()).toEqual([]);

    // a token of another campus is refused at the handshake of this campus's host
    const wrongHost = openSocket(h.baseUrl, PATH, { token: await h.token(c.elsewhere), host: HOSTS[1] });
    sockets.push(wrongHost);
    expect((await refused(wrongHost)).message).toBeTruthy();
  });
});
