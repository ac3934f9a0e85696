import { type JsonDocument, type JsonResource, ServiceHarness } from '@lms/testing';
import { taskService } from '../src/service';
import { ESSAY_RUBRIC, GradingFixtures } from './support/grading-fixtures';

const one = (doc: { data?: unknown }) => doc.data as JsonResource;
const scoreBody = (attributes: Record<string, unknown>) => ({ data: { type: 'task-answers', attributes } });

/**
 * `PUT /course/task/answers/score` on PostgreSQL (docs/task-scoring.md): a typed score or rubric
 * levels, personal and group answers, who may score, and `task.answer.scored`.
 */
describe('scoring task answers', () => {
  const h = new ServiceHarness(taskService);
  const f = new GradingFixtures(h);
  let c: Awaited<ReturnType<GradingFixtures['course']>>;
  beforeAll(async () => {
    await h.start();
    c = await f.course();
  });
  afterAll(() => h.stop());

  const scored = (answerId: number) =>
    h.ds.query(`SELECT score, rubrics, scored_at, scored_by FROM task_answers WHERE id = $1`, [answerId]);
  const eventsOf = async (answerId: number) =>
    (await h.events('task.answer.scored')).filter((event) => event.data.answerId === answerId);

  describe('a personal answer', () => {
    it('takes a score sent as a string, stores it and tells the gradebook', async () => {
      const taskId = await f.task(c, { passingGrade: 70 });
      const answerId = await f.answer(1, taskId, { studentId: c.student.id });
      const response = await c.asLecturer.send<JsonDocument>('PUT', '/api/course/task/answers/score', {
        ...scoreBody({ answer_id: answerId, score: '72.5' }),
      });
      expect(response.status).toBe(200);
      expect(one(response.body)).toMatchObject({
        type: 'task-answers',
        id: String(answerId),
        attributes: {
          task_id: taskId,
          student_id: c.student.id,
          group_id: null,
          score: 72.5,
          rubrics: null,
          scored_by: c.lecturer.id,
          is_passed: true,
          members: [],
        },
      });
      const [row] = await scored(answerId);
      expect(row).toMatchObject({ score: '72.50', rubrics: null, scored_by: c.lecturer.id });
      expect(row.scored_at).toBeInstanceOf(Date);
      const [event, ...more] = await eventsOf(answerId);
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        tenantId: 1,
        actorId: c.lecturer.id,
        data: {
          answerId,
          taskId,
          courseId: c.course.id,
          groupId: null,
          score: 72.5,
          passingGrade: 70,
          students: [{ studentId: c.student.id, score: 72.5, isPassed: true }],
          reason: 'scored',
        },
      });
    });

    it('takes "" or no score as 0 (spec 02 §5) and a number as it is; the assistant scores too', async () => {
      const taskId = await f.task(c);
      const answerId = await f.answer(1, taskId, { studentId: c.classmate.id });
      for (const [asked, stored] of [
        [{ score: '' }, 0],
        [{ score: 55 }, 55],
        [{}, 0],
        [{ score: null }, 0],
        ['100', 100],
      ] as const) {
        const attributes = typeof asked === 'string' ? { score: asked } : asked;
        const response = await c.asAssistant.send<JsonDocument>(
          'PUT',
          '/api/course/task/answers/score',
          scoreBody({ answer_id: answerId, ...attributes }),
        );
        expect(response.status).toBe(200);
        expect(one(response.body).attributes).toMatchObject({ score: stored, scored_by: c.assistant.id });
      }
      expect((await eventsOf(answerId)).map((event) => event.data.score)).toEqual([0, 55, 0, 0, 100]);
    });

    it.each([['101'], [-5], ['eighty'], [true]])(
      'refuses the score %p with a pointer at it',
      async (score) => {
        const taskId = await f.task(c);
        const answerId = await f.answer(1, taskId, { studentId: c.third.id });
        const response = await c.asLecturer.send<JsonDocument>(
          'PUT',
          '/api/course/task/answers/score',
          scoreBody({ answer_id: answerId, score }),
        );
        expect(response.status).toBe(422);
        expect(response.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/score' });
        expect((await scored(answerId))[0].score).toBeNull();
        expect(await eventsOf(answerId)).toEqual([]);
      },
    );

    it('refuses a missing answer_id, and rubric levels for a task scored by number', async () => {
      const missing = await c.asLecturer.send<JsonDocument>(
        'PUT',
        '/api/course/task/answers/score',
        scoreBody({ score: 50 }),
      );
      expect(missing.status).toBe(422);
      expect(missing.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/answer_id' });
      const taskId = await f.task(c);
      const answerId = await f.answer(1, taskId, { studentId: c.fourth.id });
      const rubric = await c.asLecturer.send<JsonDocument>(
        'PUT',
        '/api/course/task/answers/score',
        scoreBody({ answer_id: answerId, rubrics: [{ criterion: 0, level: 0 }] }),
      );
      expect(rubric.status).toBe(422);
      expect(rubric.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/rubrics' },
        detail: 'the task is scored by a number, not by rubric: send score',
      });
    });

    it('leaves a draft to its student: 409 not_sent', async () => {
      const taskId = await f.task(c);
      const answerId = await f.answer(1, taskId, { studentId: c.student.id }, { isSent: false });
      const response = await c.asLecturer.send<JsonDocument>(
        'PUT',
        '/api/course/task/answers/score',
        scoreBody({ answer_id: answerId, score: 90 }),
      );
      expect(response.status).toBe(409);
      expect(response.body.errors?.[0].code).toBe('not_sent');
      expect((await scored(answerId))[0].score).toBeNull();
    });
  });

  describe('by rubric', () => {
    it('scores Σ weight × point / 100 from the levels chosen: 40 × 80 + 35 × 70 + 25 × 90 → 79', async () => {
      const taskId = await f.task(c, { assessmentMethod: 'rubric', rubric: ESSAY_RUBRIC, passingGrade: 80 });
      const answerId = await f.answer(1, taskId, { studentId: c.student.id });
      const response = await c.asLecturer.send<JsonDocument>(
        'PUT',
        '/api/course/task/answers/score',
        scoreBody({
          answer_id: answerId,
          score: '12',
          rubrics: [
            { criterion: 1, level: 1, point: '70' },
            { criterion: 0, level: 1 },
            { criterion: 2, level: 1 },
          ],
        }),
      );
      expect(response.status).toBe(200);
      const rubrics = [
        { criterion: 0, level: 1, point: 80 },
        { criterion: 1, level: 1, point: 70 },
        { criterion: 2, level: 1, point: 90 },
      ];
      expect(one(response.body).attributes).toMatchObject({ score: 79, rubrics, is_passed: false });
      expect((await scored(answerId))[0]).toMatchObject({ score: '79.00', rubrics });
      expect((await eventsOf(answerId))[0].data.students).toEqual([
        { studentId: c.student.id, score: 79, isPassed: false },
      ]);
    });

    it('points at what is wrong: no levels, a level unknown, a typed value out of its range', async () => {
      const taskId = await f.task(c, { assessmentMethod: 'rubric', rubric: ESSAY_RUBRIC });
      const answerId = await f.answer(1, taskId, { studentId: c.classmate.id });
      const put = (attributes: Record<string, unknown>) =>
        c.asLecturer.send<JsonDocument>(
          'PUT',
          '/api/course/task/answers/score',
          scoreBody({ answer_id: answerId, ...attributes }),
        );
      const none = await put({ score: 80 });
      expect(none.status).toBe(422);
      expect(none.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/rubrics' },
        detail: 'rubrics is required: the task is scored by its rubric',
      });
      const wrong = await put({
        rubrics: [
          { criterion: 0, level: 5 },
          { criterion: 1, level: 1, point: 95 },
          { criterion: 2, level: 0 },
        ],
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors?.map((error) => error.source?.pointer)).toEqual([
        '/data/attributes/rubrics/0/level',
        '/data/attributes/rubrics/1/point',
      ]);
      const shape = await put({ rubrics: [{ criterion: 'first', level: 0 }] });
      expect(shape.status).toBe(422);
      expect(shape.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/rubrics/0/criterion' });
      expect((await scored(answerId))[0].score).toBeNull();
    });
  });

  describe('a group answer', () => {
    it('scores the group and tells each member’s score: 70 % × group + 30 % × the peers’ mean', async () => {
      const taskId = await f.task(c, {
        taskType: 'GROUP',
        lecturerPercentage: 70,
        studentPercentage: 30,
        passingGrade: 82,
      });
      const groupId = await f.group(1, taskId, 'Team 1', [c.student.id, c.classmate.id, c.third.id]);
      const answerId = await f.answer(1, taskId, { groupId, by: c.student.id });
      // Ana got 80 and 70 from the others (mean 75), Budi 100 from Ana only, Citra nothing yet
      for (const [assessor, rated, score] of [
        [c.classmate.id, c.student.id, 80],
        [c.third.id, c.student.id, 70],
        [c.student.id, c.classmate.id, 100],
      ])
        await h.ds.query(
          `INSERT INTO group_assessments (tenant_id, answer_id, student_id, assessor_id, rubrics, score)
           VALUES (1, $1, $2, $3, '[]', $4)`,
          [answerId, rated, assessor, score],
        );
      const response = await c.asLecturer.send<JsonDocument>(
        'PUT',
        '/api/course/task/answers/score',
        scoreBody({ answer_id: answerId, score: '84' }),
      );
      expect(response.status).toBe(200);
      expect(one(response.body).attributes).toMatchObject({
        group_id: groupId,
        student_id: null,
        score: 84,
        is_passed: true,
        members: [
          { id: c.student.id, name: 'Ana Lestari', ratings: 2, peer_mean: 75, score: 81.3, is_passed: false },
          {
            id: c.classmate.id,
            name: 'Budi Santoso',
            ratings: 1,
            peer_mean: 100,
            score: 88.8,
            is_passed: true,
          },
          { id: c.third.id, name: 'Citra Dewi', ratings: 0, peer_mean: null, score: 84, is_passed: true },
        ],
      });
      expect((await eventsOf(answerId))[0].data).toMatchObject({
        groupId,
        score: 84,
        students: [
          { studentId: c.student.id, score: 81.3, isPassed: false },
          { studentId: c.classmate.id, score: 88.8, isPassed: true },
          { studentId: c.third.id, score: 84, isPassed: true },
        ],
      });
    });

    it('gives every member the group’s score when the task has no peer assessment', async () => {
      const taskId = await f.task(c, { taskType: 'GROUP' });
      const groupId = await f.group(1, taskId, 'Solo pair', [c.student.id, c.fourth.id]);
      const answerId = await f.answer(1, taskId, { groupId, by: c.fourth.id });
      const response = await c.asLecturer.send<JsonDocument>(
        'PUT',
        '/api/course/task/answers/score',
        scoreBody({ answer_id: answerId, score: 66 }),
      );
      expect(response.status).toBe(200);
      expect(
        (one(response.body).attributes.members as Array<{ score: number }>).map((member) => member.score),
      ).toEqual([66, 66]);
    });
  });

  describe('who may score', () => {
    let answerId: number;
    beforeAll(async () => {
      answerId = await f.answer(1, await f.task(c), { studentId: c.student.id });
    });
    const put = (client: typeof c.asLecturer, id = answerId) =>
      client.send<JsonDocument>(
        'PUT',
        '/api/course/task/answers/score',
        scoreBody({ answer_id: id, score: 100 }),
      );

    it('refuses students — the answer’s own too — and a lecturer who does not teach the course (403)', async () => {
      for (const client of [c.asStudent, c.asClassmate, c.asOutsider, c.asStranger])
        expect((await put(client)).status).toBe(403);
      expect((await scored(answerId))[0].score).toBeNull();
    });

    it('does not know an answer of another campus, an unknown one, or one of a deleted task (404)', async () => {
      expect((await put(c.asElsewhere)).status).toBe(404);
      expect((await put(c.asLecturer, 999_999)).status).toBe(404);
      const deleted = await f.answer(1, await f.task(c, { deleted: true }), { studentId: c.student.id });
      expect((await put(c.asLecturer, deleted)).status).toBe(404);
      const other = await f.course(2);
      const theirs = await f.answer(2, await f.task(other), { studentId: other.student.id });
      expect((await put(c.asLecturer, theirs)).status).toBe(404);
      expect((await put(other.asLecturer, theirs)).status).toBe(200);
    });
  });
});
