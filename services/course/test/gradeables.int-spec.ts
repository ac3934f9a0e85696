import { createEnvelope, type EventDataMap, EVERY_CAMPUS, type EventType } from '@lms/events';
import { EVENT_FACTORIES } from '@lms/testing';
import { CourseHarness } from './support/harness';

/**
 * The course service's projections of the exam and task services' gradeables and scores
 * (src/gradeables): applied once, a newer event of the same exam, task, attempt or answer wins,
 * an older one arriving late changes nothing.
 */
describe('gradeables: exams, tasks and their scores as the course service knows them', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** Delivers an event of the given time (ISO), returning its envelope. */
  async function deliverAt<T extends EventType>(
    type: T,
    data: EventDataMap[T],
    occurredAt: string,
    tenantId = 1,
  ) {
    const envelope = { ...createEnvelope({ type, tenantId, actorId: null, data }), occurredAt };
    expect(await h.deliver(envelope)).toBe(true);
    return envelope;
  }
  const examRow = async (id: number) =>
    (
      await h.ds.query(
        `SELECT title, course_id, deleted, class_ids, passing_grade FROM exam_projections WHERE id = $1`,
        [id],
      )
    )[0];

  it('asks the exam, task and presence services once for their exams, tasks, scores and sent sessions', async () => {
    const requests = await h.events('platform.snapshot.requested');
    expect(requests).toHaveLength(1);
    expect(requests[0].tenantId).toBe(EVERY_CAMPUS);
    expect(requests[0].data).toEqual({
      requestedBy: 'course',
      topics: ['exam.exam', 'exam.attempt', 'task.task', 'task.answer', 'presence.session'],
    });
  });

  it('keeps an exam, the newer of two versions, and hides it once deleted', async () => {
    const id = h.nextId();
    const exam = { id, courseId: 7, name: 'Quiz 2', classIds: [3, 4], passingGrade: 65.5 };
    await h.project('exam.exam.upserted', 1, { ...exam, name: 'Quiz 1' });
    expect(await examRow(id)).toEqual({
      title: 'Quiz 1',
      course_id: 7,
      deleted: false,
      class_ids: ['3', '4'],
      passing_grade: '65.50',
    });
    const data = { ...EVENT_FACTORIES['exam.exam.upserted'](id), ...exam };
    const renamed = await deliverAt('exam.exam.upserted', data, new Date(Date.now() + 60_000).toISOString());
    expect((await examRow(id)).title).toBe('Quiz 2');
    // redelivered: applied once (the inbox), nothing changes
    expect(await h.deliver(renamed)).toBe(true);
    // an older version arriving late changes nothing
    await deliverAt(
      'exam.exam.upserted',
      { ...data, name: 'Stale' },
      new Date(Date.now() - 60_000).toISOString(),
    );
    expect((await examRow(id)).title).toBe('Quiz 2');
    await deliverAt('exam.exam.deleted', { id, courseId: 7 }, new Date(Date.now() + 120_000).toISOString());
    expect((await examRow(id)).deleted).toBe(true);
  });

  it("keeps whether an exam's scores are released, which an event of an older version does not tell", async () => {
    const id = h.nextId();
    const data = { ...EVENT_FACTORIES['exam.exam.upserted'](id), courseId: 7, isShowScore: true };
    await deliverAt('exam.exam.upserted', data, new Date(Date.now() - 60_000).toISOString());
    const released = async () =>
      (
        (await h.ds.query(`SELECT is_show_score FROM exam_projections WHERE id = $1`, [id])) as Array<{
          is_show_score: boolean;
        }>
      )[0].is_show_score;
    expect(await released()).toBe(true);
    // an exam service before the field: the rest is applied, the release kept
    const { isShowScore: _dropped, ...older } = data;
    await deliverAt('exam.exam.upserted', { ...older, name: 'Renamed' }, new Date().toISOString());
    expect((await examRow(id)).title).toBe('Renamed');
    expect(await released()).toBe(true);
    await deliverAt(
      'exam.exam.upserted',
      { ...data, isShowScore: false },
      new Date(Date.now() + 60_000).toISOString(),
    );
    expect(await released()).toBe(false);
  });

  it('keeps a task with its placement and window, a deletion included', async () => {
    const task = await h.project('task.task.upserted', 1, {
      courseId: 7,
      name: 'Essay',
      taskableType: 'activity',
      taskableId: 12,
      startAt: '2026-11-01T00:00:00.000Z',
      endAt: '2026-11-08T00:00:00.000Z',
    });
    const [row] = await h.ds.query(`SELECT * FROM task_projections WHERE id = $1`, [task.id]);
    expect(row).toMatchObject({
      course_id: 7,
      title: 'Essay',
      taskable_type: 'activity',
      taskable_id: 12,
      deleted: false,
      start_at: new Date('2026-11-01T00:00:00.000Z'),
    });
    await h.project('task.task.upserted', 1, { ...task, deleted: true });
    expect(
      (await h.ds.query(`SELECT deleted FROM task_projections WHERE id = $1`, [task.id]))[0].deleted,
    ).toBe(true);
  });

  it('applies an attempt score once, and a recalculation replaces it', async () => {
    const attempt = { examId: 41, courseId: 7, studentExamId: h.nextId(), studentId: 501, attempt: 1 };
    const scored = {
      ...attempt,
      score: 70,
      isPassed: true,
      pending: 0,
      reason: 'finished' as const,
    };
    const first = await deliverAt('exam.attempt.scored', scored, new Date(Date.now()).toISOString());
    expect(await h.deliver(first)).toBe(true); // twice: one row, one score
    const scores = () =>
      h.ds.query(`SELECT score FROM exam_attempt_scores WHERE student_exam_id = $1`, [attempt.studentExamId]);
    expect(await scores()).toEqual([{ score: '70.00' }]);
    await deliverAt(
      'exam.attempt.scored',
      { ...scored, score: 82.456, reason: 'recalculated' },
      new Date(Date.now() + 1000).toISOString(),
    );
    expect(await scores()).toEqual([{ score: '82.46' }]);
    await deliverAt(
      'exam.attempt.scored',
      { ...scored, score: 10 },
      new Date(Date.now() - 60_000).toISOString(),
    );
    expect(await scores()).toEqual([{ score: '82.46' }]);
  });

  it("replaces a group answer's member scores with the newer event's", async () => {
    const answerId = h.nextId();
    const answer = {
      answerId,
      taskId: 51,
      courseId: 7,
      groupId: 9,
      score: 80,
      passingGrade: 60,
      reason: 'scored' as const,
      students: [
        { studentId: 601, score: 80, isPassed: true },
        { studentId: 602, score: 80, isPassed: true },
      ],
    };
    const rows = () =>
      h.ds.query(
        `SELECT student_id, score FROM task_answer_scores WHERE answer_id = $1 ORDER BY student_id`,
        [answerId],
      );
    const first = await deliverAt('task.answer.scored', answer, new Date().toISOString());
    expect(await h.deliver(first)).toBe(true);
    expect(await rows()).toEqual([
      { student_id: 601, score: '80.00' },
      { student_id: 602, score: '80.00' },
    ]);
    // a peer rating changed the members' scores; 602 has left the group since
    await deliverAt(
      'task.answer.scored',
      { ...answer, reason: 'peer_assessed', students: [{ studentId: 601, score: 84.5, isPassed: true }] },
      new Date(Date.now() + 1000).toISOString(),
    );
    expect(await rows()).toEqual([{ student_id: 601, score: '84.50' }]);
    await deliverAt('task.answer.scored', answer, new Date(Date.now() - 60_000).toISOString());
    expect(await rows()).toEqual([{ student_id: 601, score: '84.50' }]);
  });
});
