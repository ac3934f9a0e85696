import { type JsonDocument, type JsonResource, ServiceHarness } from '@lms/testing';
import { taskService } from '../src/service';
import { GradingFixtures } from './support/grading-fixtures';

const one = (doc: { data?: unknown }) => doc.data as JsonResource;
const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
const rating = (attributes: Record<string, unknown>) => ({ data: { type: 'group-assessments', attributes } });
/** Levels (0–4: 40, 50, 60, 80, 100) of the bundled peer review's five criteria. */
const levels = (...chosen: number[]) => chosen.map((level, criterion) => ({ criterion, level }));
const PATH = '/api/course/task/answer/group/assesments';

/**
 * The group peer assessment on PostgreSQL (docs/task-scoring.md): members rate each other on
 * the bundled Group Peer Review Evaluation while it is open, read what they gave, and their
 * member scores follow.
 */
describe('group peer assessment', () => {
  const h = new ServiceHarness(taskService);
  const f = new GradingFixtures(h);
  let c: Awaited<ReturnType<GradingFixtures['course']>>;
  let taskId: number;
  let groupId: number;
  let answerId: number;
  let otherAnswerId: number;
  beforeAll(async () => {
    await h.start();
    c = await f.course();
    taskId = await f.task(c, {
      taskType: 'GROUP',
      isAssessmentOpen: true,
      lecturerPercentage: 70,
      studentPercentage: 30,
    });
    groupId = await f.group(1, taskId, 'Team 1', [c.student.id, c.classmate.id, c.third.id]);
    const otherGroup = await f.group(1, taskId, 'Team 2', [c.fourth.id]);
    answerId = await f.answer(1, taskId, { groupId, by: c.student.id });
    otherAnswerId = await f.answer(1, taskId, { groupId: otherGroup, by: c.fourth.id });
  });
  afterAll(() => h.stop());

  it('lets a member rate another member: the score is the rubric’s, a second rating changes the first', async () => {
    // Agree, Agree, Strongly Agree, Neutral, Agree: (80 + 80 + 100 + 60 + 80) / 5 = 80
    const first = await c.asClassmate.post(
      PATH,
      rating({ task_group_answer_id: answerId, student_id: c.student.id, rubrics: levels(3, 3, 4, 2, 3) }),
    );
    expect(first.status).toBe(201);
    expect(one(first.body)).toMatchObject({
      type: 'group-assessments',
      attributes: {
        task_group_answer_id: answerId,
        task_id: taskId,
        group_id: groupId,
        student_id: c.student.id,
        student_name: 'Ana Lestari',
        assessor_id: c.classmate.id,
        score: 80,
        rubrics: [
          { criterion: 0, level: 3, point: 80 },
          { criterion: 1, level: 3, point: 80 },
          { criterion: 2, level: 4, point: 100 },
          { criterion: 3, level: 2, point: 60 },
          { criterion: 4, level: 3, point: 80 },
        ],
      },
    });
    // (80 + 80 + 80 + 60 + 50) / 5 = 70
    const again = await c.asClassmate.post(
      PATH,
      rating({ task_group_answer_id: answerId, student_id: c.student.id, rubrics: levels(3, 3, 3, 2, 1) }),
    );
    expect(again.status).toBe(200);
    expect(one(again.body)).toMatchObject({ id: one(first.body).id, attributes: { score: 70 } });
    const rows = await h.ds.query(
      `SELECT score FROM group_assessments WHERE answer_id = $1 AND assessor_id = $2 AND student_id = $3`,
      [answerId, c.classmate.id, c.student.id],
    );
    expect(rows).toEqual([{ score: '70.00' }]);
    // an unscored group answer: no member score to tell the gradebook yet
    expect((await h.events('task.answer.scored')).filter((e) => e.data.answerId === answerId)).toEqual([]);
  });

  it('refuses a rating of oneself or of someone not in the group, and levels that are not the rubric’s', async () => {
    const post = (attributes: Record<string, unknown>) =>
      c.asStudent.post(
        PATH,
        rating({ task_group_answer_id: answerId, rubrics: levels(4, 4, 4, 4, 4), ...attributes }),
      );
    const self = await post({ student_id: c.student.id });
    expect(self.status).toBe(422);
    expect(self.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/student_id' });
    const outsider = await post({ student_id: c.fourth.id });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors?.[0]).toMatchObject({
      source: { pointer: '/data/attributes/student_id' },
      detail: 'student_id is not a member of your group',
    });
    const partial = await post({ student_id: c.third.id, rubrics: levels(4, 4) });
    expect(partial.status).toBe(422);
    expect(partial.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/rubrics' });
    const level = await post({ student_id: c.third.id, rubrics: levels(4, 4, 4, 4, 5) });
    expect(level.status).toBe(422);
    expect(level.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/rubrics/4/level' });
  });

  it('does not know another group’s answer, or a personal one, to a member (404); staff do not rate (403)', async () => {
    const body = rating({
      task_group_answer_id: otherAnswerId,
      student_id: c.fourth.id,
      rubrics: levels(4, 4, 4, 4, 4),
    });
    expect((await c.asStudent.post(PATH, body)).status).toBe(404);
    expect((await c.asOutsider.post(PATH, body)).status).toBe(404);
    expect((await c.asElsewhere.post(PATH, body)).status).toBe(404);
    const personal = await f.answer(1, await f.task(c), { studentId: c.student.id });
    expect(
      (
        await c.asStudent.post(
          PATH,
          rating({
            task_group_answer_id: personal,
            student_id: c.classmate.id,
            rubrics: levels(4, 4, 4, 4, 4),
          }),
        )
      ).status,
    ).toBe(404);
    const staff = await c.asLecturer.post(
      PATH,
      rating({ task_group_answer_id: answerId, student_id: c.student.id, rubrics: levels(4, 4, 4, 4, 4) }),
    );
    expect(staff.status).toBe(403);
  });

  it('refuses ratings once the assessment is closed (403 closed)', async () => {
    await h.ds.query(`UPDATE tasks SET is_assessment_open = false WHERE id = $1`, [taskId]);
    try {
      const closed = await c.asThird.post(
        PATH,
        rating({ task_group_answer_id: answerId, student_id: c.student.id, rubrics: levels(4, 4, 4, 4, 4) }),
      );
      expect(closed.status).toBe(403);
      expect(closed.body.errors?.[0].code).toBe('closed');
    } finally {
      await h.ds.query(`UPDATE tasks SET is_assessment_open = true WHERE id = $1`, [taskId]);
    }
  });

  it('changes the members’ scores of a scored group answer, and tells the gradebook again', async () => {
    const score = await c.asLecturer.send<JsonDocument>('PUT', '/api/course/task/answers/score', {
      data: { attributes: { answer_id: answerId, score: 84 } },
    });
    expect(score.status).toBe(200);
    // Ana has 70 from Budi so far: 70 % × 84 + 30 % × 70 = 79.8; Citra now gives her 80: mean 75 → 81.3
    const members = one(score.body).attributes.members as Array<{ id: number; score: number }>;
    expect(members.find((m) => m.id === c.student.id)?.score).toBe(79.8);
    const rated = await c.asThird.post(
      PATH,
      rating({ task_group_answer_id: answerId, student_id: c.student.id, rubrics: levels(3, 3, 3, 3, 3) }),
    );
    expect(rated.status).toBe(201);
    const events = (await h.events('task.answer.scored')).filter((e) => e.data.answerId === answerId);
    expect(events.map((e) => e.data.reason)).toEqual(['scored', 'peer_assessed']);
    expect(events[1].data.students).toEqual([
      { studentId: c.student.id, score: 81.3, isPassed: true },
      { studentId: c.classmate.id, score: 84, isPassed: true },
      { studentId: c.third.id, score: 84, isPassed: true },
    ]);
  });

  describe('reading ratings', () => {
    it('shows a member the ratings they gave, and staff every rating of the answer', async () => {
      const mine = await c.asClassmate.get(`${PATH}?filter[answer_id]=${answerId}`);
      expect(mine.status).toBe(200);
      expect(list(mine.body).map((r) => [r.attributes.assessor_id, r.attributes.student_id])).toEqual([
        [c.classmate.id, c.student.id],
      ]);
      const rated = await c.asStudent.get(`${PATH}?filter[answer_id]=${answerId}`);
      expect(list(rated.body)).toEqual([]);
      const all = await c.asAssistant.get(`${PATH}?filter[answer_id]=${answerId}&page[limit]=0`);
      expect(all.status).toBe(200);
      expect(list(all.body).map((r) => [r.attributes.assessor_id, r.attributes.score])).toEqual([
        [c.classmate.id, 70],
        [c.third.id, 80],
      ]);
      expect(all.body.meta).toMatchObject({ total: 2 });
      const about = await c.asAssistant.get(
        `${PATH}?filter[answer_id]=${answerId}&filter[assessor_id]=${c.third.id}`,
      );
      expect(list(about.body)).toHaveLength(1);
    });

    it('needs filter[answer_id] (400) and hides other groups and campuses (404)', async () => {
      expect((await c.asLecturer.get(PATH)).status).toBe(400);
      expect((await c.asFourth.get(`${PATH}?filter[answer_id]=${answerId}`)).status).toBe(404);
      expect((await c.asOutsider.get(`${PATH}?filter[answer_id]=${answerId}`)).status).toBe(404);
      expect((await c.asElsewhere.get(`${PATH}?filter[answer_id]=${answerId}`)).status).toBe(404);
      expect((await c.asStranger.get(`${PATH}?filter[answer_id]=${answerId}`)).status).toBe(404);
    });
  });

  it('tells the gradebook again when the shares or the group’s members change after scoring', async () => {
    const scored = async () =>
      (await h.events('task.answer.scored')).filter((e) => e.data.answerId === answerId);
    const before = (await scored()).length;
    const scoreOf = (event: { data: { students: unknown } }, id: number) =>
      (event.data.students as Array<{ studentId: number; score: number }>).find((s) => s.studentId === id)
        ?.score;

    // a rename changes no score: nothing is told
    const renamed = await c.asLecturer.patch(`/api/course/tasks/${taskId}`, {
      data: { attributes: { name: 'Team project (final)' } },
    });
    expect(renamed.status).toBe(200);
    expect(await scored()).toHaveLength(before);

    // 50/50: Ana's peer mean 75 → 50 % × 84 + 50 % × 75 = 79.5
    const shares = await c.asLecturer.patch(`/api/course/tasks/${taskId}`, {
      data: { attributes: { student_percentage: 50, lecturer_percentage: 50 } },
    });
    expect(shares.status).toBe(200);
    let events = await scored();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)!.data.reason).toBe('peer_assessed');
    expect(scoreOf(events.at(-1)!, c.student.id)).toBe(79.5);

    // Citra leaves the group: her rating no longer counts, Ana's mean is Budi's 70 → 77
    const members = await c.asLecturer.patch(`/api/course/task/${taskId}/groups/${groupId}`, {
      data: { attributes: { student_ids: [c.student.id, c.classmate.id] } },
    });
    expect(members.status).toBe(200);
    events = await scored();
    expect(events).toHaveLength(before + 2);
    expect(events.at(-1)!.data).toMatchObject({ reason: 'peer_assessed', groupId });
    expect(
      (events.at(-1)!.data.students as Array<{ studentId: number }>).map((s) => s.studentId).sort(),
    ).toEqual([c.student.id, c.classmate.id].sort());
    expect(scoreOf(events.at(-1)!, c.student.id)).toBe(77);
    // the other group's answer is not scored: nothing about it
    expect((await h.events('task.answer.scored')).some((e) => e.data.answerId === otherAnswerId)).toBe(false);
  });
});
