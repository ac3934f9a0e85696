import { createEnvelope } from '@lms/events';
import { CourseHarness } from './support/harness';

const MINUTE = 60_000;
const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * MINUTE).toISOString();

/**
 * What the course service learns of students' exam attempts and task answers (src/work): the facts
 * the to-do reads and the entries of the timeline, each applied once however often it arrives.
 */
describe('work facts from attempt and answer events', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const attemptRow = async (studentExamId: number) =>
    (await h.ds.query(`SELECT * FROM exam_attempt_facts WHERE student_exam_id = $1`, [studentExamId]))[0] as
      Record<string, unknown> | undefined;
  const answerRow = async (answerId: number) =>
    (await h.ds.query(`SELECT * FROM task_answer_facts WHERE answer_id = $1`, [answerId]))[0] as
      Record<string, unknown> | undefined;
  const entries = async (userId: number) =>
    (await h.ds.query(
      `SELECT kind, item_id, subject_id, actor_id, detail FROM timeline_entries WHERE user_id = $1 ORDER BY occurred_at, id`,
      [userId],
    )) as Array<{
      kind: string;
      item_id: number;
      subject_id: number;
      actor_id: number | null;
      detail: unknown;
    }>;

  it('applies an attempt start delivered twice once, and its finish', async () => {
    const studentId = h.nextId();
    const n = h.nextId();
    const started = createEnvelope({
      type: 'exam.attempt.started',
      tenantId: 1,
      actorId: studentId,
      data: {
        examId: n,
        courseId: n,
        studentExamId: n,
        studentId,
        attempt: 1,
        package: 1,
        startAt: at(-30),
        endAt: at(15),
      },
    });
    expect(await h.deliver(started)).toBe(true);
    expect(await h.deliver(started)).toBe(true);
    expect(await attemptRow(n)).toMatchObject({ finished_at: null, attempt: 1 });

    const finishedAt = at(-5);
    await h.publish('exam.attempt.finished', 1, {
      examId: n,
      courseId: n,
      studentExamId: n,
      studentId,
      attempt: 1,
      reason: 'student',
      finishedAt,
    });
    expect((await attemptRow(n))?.finished_at).toEqual(new Date(finishedAt));
    expect((await entries(studentId)).map((entry) => entry.kind)).toEqual(['exam_started', 'exam_finished']);

    // The same facts republished for a backfill (new envelopes) add no timeline entry.
    await h.publish('exam.attempt.started', 1, started.data);
    expect((await entries(studentId)).map((entry) => entry.kind)).toEqual(['exam_started', 'exam_finished']);
    expect((await attemptRow(n))?.finished_at).not.toBeNull();
  });

  it('runs an attempt again after a reset, and ignores the earlier run’s finish arriving late', async () => {
    const studentId = h.nextId();
    const n = h.nextId();
    const facts = { examId: n, courseId: n, studentExamId: n, studentId, attempt: 1 };
    await h.publish('exam.attempt.started', 1, { ...facts, package: 1, startAt: at(-60), endAt: null });
    await h.publish('exam.attempt.started', 1, { ...facts, package: 1, startAt: at(-10), endAt: null });
    await h.publish('exam.attempt.finished', 1, { ...facts, reason: 'deadline', finishedAt: at(-30) });
    expect(await attemptRow(n)).toMatchObject({ finished_at: null });
    await h.publish('exam.attempt.finished', 1, { ...facts, reason: 'stopped', finishedAt: at(-1) }, 999);
    expect((await attemptRow(n))?.finished_at).not.toBeNull();
    const stopped = (await entries(studentId)).at(-1);
    expect(stopped).toMatchObject({
      kind: 'exam_finished',
      actor_id: 999,
      detail: { attempt: 1, reason: 'stopped' },
    });
  });

  it('keeps a finish known before its start, and takes the start and deadline when the start comes', async () => {
    const studentId = h.nextId();
    const n = h.nextId();
    const facts = { examId: n, courseId: n, studentExamId: n, studentId, attempt: 1 };
    const [startAt, deadline, finishedAt] = [at(-60), at(-20), at(-30)];
    await h.publish('exam.attempt.finished', 1, { ...facts, reason: 'student', finishedAt });
    await h.publish('exam.attempt.started', 1, { ...facts, package: 1, startAt, endAt: deadline });
    expect(await attemptRow(n)).toMatchObject({
      started_at: new Date(startAt),
      deadline_at: new Date(deadline),
      finished_at: new Date(finishedAt),
    });
    expect((await entries(studentId)).map((entry) => entry.kind)).toEqual(['exam_started', 'exam_finished']);
  });

  it('follows an answer through send, change request and send again, on every member’s timeline', async () => {
    const [a, b] = [h.nextId(), h.nextId()];
    const n = h.nextId();
    const answer = { answerId: n, taskId: n, courseId: n, studentId: null, groupId: 7, memberIds: [a, b] };
    const sent = createEnvelope({
      type: 'task.answer.submitted',
      tenantId: 1,
      actorId: a,
      data: { ...answer, sentBy: a, isLate: false, sentAt: at(-60) },
    });
    await h.deliver(sent);
    await h.deliver(sent);
    expect(await answerRow(n)).toMatchObject({ is_sent: true, member_ids: [String(a), String(b)] });

    await h.publish('task.answer.reopened', 1, { ...answer, reopenedAt: at(-30) }, 500);
    expect(await answerRow(n)).toMatchObject({ is_sent: false });
    // The first send, republished later, does not undo the change request.
    await h.publish('task.answer.submitted', 1, sent.data);
    expect(await answerRow(n)).toMatchObject({ is_sent: false });

    await h.publish('task.answer.submitted', 1, { ...answer, sentBy: b, isLate: true, sentAt: at(-10) });
    expect(await answerRow(n)).toMatchObject({ is_sent: true, is_late: true });

    expect((await entries(a)).map((entry) => [entry.kind, entry.actor_id])).toEqual([
      ['task_sent', null],
      ['task_reopened', 500],
      ['task_sent', b],
    ]);
    expect((await entries(b)).map((entry) => [entry.kind, entry.actor_id])).toEqual([
      ['task_sent', a],
      ['task_reopened', 500],
      ['task_sent', null],
    ]);
  });
});
