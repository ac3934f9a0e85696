import { createEnvelope, type EventDataMap, type EventType } from '@lms/events';
import { attributesDoc as body, errorPointers, EVENT_FACTORIES } from '@lms/testing';
import { one, RpsHarness } from './support/harness';

type Client = Awaited<ReturnType<RpsHarness['as']>>;
type Row = Record<string, unknown>;

/**
 * CPMK measurement (issue 19): scores projected from the exam and task events (duplicates and
 * late, older events harmless), the lecturer's mapping of assessments to CPMK with weights, the
 * three stages computed on a worked example whose numbers are worked out by hand below (not by
 * the code under test), who may do what, another campus 404, bad input a 422 changing nothing.
 *
 * The worked example. The plan: CPL-1, CPL-2, CPL-3; CPMK-1 serves CPL-1, CPMK-2 serves CPL-1 and
 * CPL-2. The mapping: Tugas 1 → CPMK-1 weight 20, UTS → CPMK-1 weight 30, UTS → CPMK-2 weight 10,
 * UAS → CPMK-2 weight 30. The scores:
 *
 *   student | Tugas 1          | UTS (best attempt)      | UAS
 *   Ani     | 80               | 70 (attempts 50, 70)    | 90
 *   Budi    | 60 (group member)| 55                      | —  (counts 0)
 *   Citra   | 40 (group member)| —  (counts 0)           | 75
 *
 * Stage 1, CPMK-1 = (20·Tugas + 30·UTS) / 50, CPMK-2 = (10·UTS + 30·UAS) / 40:
 *   Ani   CPMK-1 (1600 + 2100)/50 = 74      CPMK-2 (700 + 2700)/40 = 85
 *   Budi  CPMK-1 (1200 + 1650)/50 = 57      CPMK-2 (550 + 0)/40    = 13.75
 *   Citra CPMK-1 (800 + 0)/50     = 16      CPMK-2 (0 + 2250)/40   = 56.25
 * Stage 2 score: CPMK-1 mean (74 + 57 + 16)/3 = 49; CPMK-2 (85 + 13.75 + 56.25)/3 = 51.666… = 51.67.
 * Stage 2 threshold: CPMK-1 the default 60: Ani only, 1 of 3 = 33.33 %; CPMK-2 set to 55: Ani (85)
 *   and Citra (56.25), 2 of 3 = 66.67 %.
 * Stage 3, CPMK weights their mapped weights: CPMK-1 20 + 30 = 50, CPMK-2 10 + 30 = 40:
 *   CPL-1 score (50·49 + 40·51.67)/90 = 4516.8/90 = 50.186… = 50.19;
 *         reached (50·33.33 + 40·66.67)/90 = 4333.3/90 = 48.147… = 48.15
 *   CPL-2 (CPMK-2 only) 51.67 and 66.67; CPL-3 (no CPMK measured) null.
 */
describe('CPMK measurement', () => {
  const h = new RpsHarness();
  let d: Awaited<ReturnType<RpsHarness['department']>>;
  let course: number;
  let ani: number;
  let budi: number;
  let citra: number;
  const exams = { uts: 0, uas: 0, removed: 0 };
  let tugas = 0;

  /** Delivers an event at the given offset from now (ms), returning its envelope. */
  async function deliverAt<T extends EventType>(type: T, data: EventDataMap[T], offset: number) {
    const envelope = {
      ...createEnvelope({ type, tenantId: 1, actorId: null, data }),
      occurredAt: new Date(Date.now() + offset).toISOString(),
    };
    expect(await h.deliver(envelope)).toBe(true);
    return envelope;
  }
  const attempt = (examId: number, studentId: number, score: number, studentExamId = h.nextId()) => ({
    ...EVENT_FACTORIES['exam.attempt.scored'](studentExamId),
    examId,
    courseId: course,
    studentId,
    score,
  });

  beforeAll(async () => {
    await h.start();
    await h.campuses();
    d = await h.department();
    course = d.course.id;
    const enrol = async (name: string) => {
      const user = await h.given.user(1, 'student', { name });
      await h.given.enrolment(1, { courseId: course, classId: d.course.classes[0].id, userId: user.id });
      return user.id;
    };
    [ani, budi, citra] = [await enrol('Ani Lestari'), await enrol('Budi Santoso'), await enrol('Citra Dewi')];
    const plan = await d.asLecturer.post('/api/rps/v1/rps', body({ course_id: course, curriculum: '2024' }));
    const stage = (slug: string, attributes: Row) =>
      d.asLecturer.patch(`/api/rps/v1/rps/${one(plan.body).id}/stages/${slug}`, body(attributes));
    const cpl = ['CPL-1', 'CPL-2', 'CPL-3'].map((code) => ({ code, description: `Capaian ${code}` }));
    expect((await stage('cpl', { cpl })).status).toBe(200);
    const cpmk = [
      { code: 'CPMK-1', description: 'Memilih struktur data', cpl: ['CPL-1'], sub_cpmk: [] },
      { code: 'CPMK-2', description: 'Menganalisis algoritma', cpl: ['CPL-1', 'CPL-2'], sub_cpmk: [] },
    ];
    expect((await stage('cpmk', { cpmk })).status).toBe(200);
    // the students enrolled in the harness's department (Ani of d) are not part of the example
    await h.given.enrolment(1, {
      courseId: course,
      classId: d.course.classes[0].id,
      userId: (
        await h.ds.query(`SELECT user_id FROM course_students WHERE course_id = $1 LIMIT 1`, [course])
      )[0].user_id,
      enrolled: false,
    });
  });
  afterAll(() => h.stop());

  const query = (path: string, id = course) => `/api/cpmk/measurement/${path}?course_id=${id}`;
  const stage1 = (client: Client, mappings: Row[], courseId = course) =>
    client.post('/api/cpmk/calculate/stage1', body({ course_id: courseId, mappings }));
  const mapping = (assessment_type: string, assessment_id: number, cpmk: string, weight: number) => ({
    assessment_type,
    assessment_id,
    cpmk,
    weight,
  });
  const MAPPING = () => [
    mapping('task', tugas, 'CPMK-1', 20),
    mapping('exam', exams.uts, 'CPMK-1', 30),
    mapping('exam', exams.uts, 'CPMK-2', 10),
    mapping('exam', exams.uas, 'CPMK-2', 30),
  ];
  const scoresOf = (doc: { data?: unknown }) =>
    Object.fromEntries(
      (one(doc).attributes.students as Array<{ student_id: number; scores: Row }>).map((row) => [
        row.student_id,
        row.scores,
      ]),
    );

  it('projects the exams, tasks and scores from their events: duplicates and older events change nothing', async () => {
    const requests = await h.events('platform.snapshot.requested');
    expect(requests.flatMap((event) => event.data.topics)).toEqual(
      expect.arrayContaining(['exam.exam', 'exam.attempt', 'task.task', 'task.answer']),
    );
    exams.uts = (await h.project('exam.exam.upserted', 1, { courseId: course, name: 'UTS' })).id;
    exams.uas = (await h.project('exam.exam.upserted', 1, { courseId: course, name: 'UAS' })).id;
    exams.removed = (await h.project('exam.exam.upserted', 1, { courseId: course, name: 'Kuis lama' })).id;
    await deliverAt('exam.exam.deleted', { id: exams.removed, courseId: course }, 60_000);
    tugas = (
      await h.project('task.task.upserted', 1, { courseId: course, name: 'Tugas 1', tasksType: 'GROUP' })
    ).id;

    // Ani's two UTS attempts (the best counts); a recalculation older than the score arrives late
    await deliverAt('exam.attempt.scored', attempt(exams.uts, ani, 50), 0);
    const second = attempt(exams.uts, ani, 70);
    const scored = await deliverAt('exam.attempt.scored', second, 0);
    expect(await h.deliver(scored)).toBe(true); // redelivered: applied once
    await deliverAt('exam.attempt.scored', { ...second, score: 20, reason: 'recalculated' }, -60_000);
    await deliverAt('exam.attempt.scored', attempt(exams.uts, budi, 55), 0);
    await deliverAt('exam.attempt.scored', attempt(exams.uas, ani, 90), 0);
    await deliverAt('exam.attempt.scored', attempt(exams.uas, citra, 75), 0);
    // Tugas 1: Ani's own answer; Budi and Citra's group answer, an older version of it arriving late
    const own = EVENT_FACTORIES['task.answer.scored'](h.nextId());
    await deliverAt(
      'task.answer.scored',
      {
        ...own,
        taskId: tugas,
        courseId: course,
        score: 80,
        students: [{ studentId: ani, score: 80, isPassed: true }],
      },
      0,
    );
    const group = {
      ...EVENT_FACTORIES['task.answer.scored'](h.nextId()),
      taskId: tugas,
      courseId: course,
      groupId: 9,
      score: 50,
      students: [
        { studentId: budi, score: 60, isPassed: true },
        { studentId: citra, score: 40, isPassed: false },
      ],
    };
    await deliverAt('task.answer.scored', group, 0);
    await deliverAt(
      'task.answer.scored',
      { ...group, students: [{ studentId: budi, score: 100, isPassed: true }] },
      -120_000,
    );

    const rows: Array<{ assessment_type: string; student_id: string; score: number }> = await h.ds.query(
      `SELECT assessment_type, student_id, score::float AS score FROM cpmk_scores WHERE course_id = $1
        ORDER BY assessment_type, assessment_id, student_id, score`,
      [course],
    );
    expect(rows.map((row) => [row.assessment_type, Number(row.student_id), row.score])).toEqual([
      ['exam', ani, 50],
      ['exam', ani, 70],
      ['exam', budi, 55],
      ['exam', ani, 90],
      ['exam', citra, 75],
      ['task', ani, 80],
      ['task', budi, 60],
      ['task', citra, 40],
    ]);
    const read = await d.asLecturer.get(query('stage1'));
    expect(read.status).toBe(200);
    expect(one(read.body).attributes).toMatchObject({
      course_id: course,
      assessments: [
        { type: 'exam', id: exams.uas, title: 'UAS' },
        { type: 'exam', id: exams.uts, title: 'UTS' },
        { type: 'task', id: tugas, title: 'Tugas 1' },
      ],
      cpmk: [
        { code: 'CPMK-1', cpl: ['CPL-1'] },
        { code: 'CPMK-2', cpl: ['CPL-1', 'CPL-2'] },
      ],
      mappings: [],
      students: [],
      computed_at: null,
    });
  });

  it('refuses bad mappings with a 422 at the item and keeps what was saved', async () => {
    expect((await stage1(d.asLecturer, MAPPING())).status).toBe(200);
    const bad = await stage1(d.asLecturer, [
      mapping('exam', exams.removed, 'CPMK-1', 10),
      mapping('exam', exams.uts, 'CPMK-9', 10),
      mapping('task', tugas, 'CPMK-1', 10),
      mapping('task', tugas, 'CPMK-1', 10),
    ]);
    expect(bad.status).toBe(422);
    expect(errorPointers(bad.body)).toEqual([
      '/data/attributes/mappings/0/assessment_id',
      '/data/attributes/mappings/1/cpmk',
      '/data/attributes/mappings/3/cpmk',
    ]);
    const malformed = await stage1(d.asLecturer, [mapping('quiz', exams.uts, 'CPMK-1', 0)]);
    expect(malformed.status).toBe(422);
    expect((await stage1(d.asLecturer, [])).status).toBe(422);
    const noPlan = await stage1(d.asLecturer, MAPPING(), d.nextCourse.id);
    expect(noPlan.status).toBe(422);
    expect(errorPointers(noPlan.body)).toEqual(['/data/attributes/course_id']);
    expect((one((await d.asLecturer.get(query('stage1'))).body).attributes.mappings as Row[]).length).toBe(4);
    expect((await d.asLecturer.get('/api/cpmk/measurement/stage1')).status).toBe(400);
  });

  it('stage 1: each student attainment per CPMK is the weighted mean of their best scores (worked example)', async () => {
    const computed = await stage1(d.asAssistant, MAPPING());
    expect(computed.status).toBe(200);
    expect(scoresOf(computed.body)).toEqual({
      [ani]: { 'CPMK-1': 74, 'CPMK-2': 85 },
      [budi]: { 'CPMK-1': 57, 'CPMK-2': 13.75 },
      [citra]: { 'CPMK-1': 16, 'CPMK-2': 56.25 },
    });
    expect(one(computed.body).attributes.computed_at).not.toBeNull();
    expect(scoresOf((await d.asApprover.get(query('stage1'))).body)).toEqual(scoresOf(computed.body));
  });

  it('stage 2: the class mean and the share of students at the threshold (default 60, or the lecturer’s)', async () => {
    const config = await d.asLecturer.get(query('stage2/config'));
    expect(one(config.body).attributes).toMatchObject({
      default_threshold: 60,
      thresholds: [
        { cpmk: 'CPMK-1', threshold: 60, is_default: true },
        { cpmk: 'CPMK-2', threshold: 60, is_default: true },
      ],
    });
    const score = await d.asLecturer.post('/api/cpmk/calculate/stage2/score', body({ course_id: course }));
    expect(score.status).toBe(200);
    expect(one(score.body).attributes.results).toEqual([
      expect.objectContaining({ cpmk: 'CPMK-1', students: 3, mean_score: 49, reached: null }),
      expect.objectContaining({ cpmk: 'CPMK-2', students: 3, mean_score: 51.67, reached: null }),
    ]);
    const badThreshold = await d.asLecturer.post(
      '/api/cpmk/calculate/stage2/threshold',
      body({ course_id: course, thresholds: [{ cpmk: 'CPMK-9', threshold: 50 }] }),
    );
    expect(badThreshold.status).toBe(422);
    expect(errorPointers(badThreshold.body)).toEqual(['/data/attributes/thresholds/0/cpmk']);
    const threshold = await d.asLecturer.post(
      '/api/cpmk/calculate/stage2/threshold',
      body({ course_id: course, thresholds: [{ cpmk: 'CPMK-2', threshold: 55 }] }),
    );
    expect(threshold.status).toBe(200);
    expect(one(threshold.body).attributes.results).toEqual([
      {
        cpmk: 'CPMK-1',
        description: 'Memilih struktur data',
        students: 3,
        mean_score: 49,
        threshold: 60,
        reached: 1,
        reached_percent: 33.33,
      },
      {
        cpmk: 'CPMK-2',
        description: 'Menganalisis algoritma',
        students: 3,
        mean_score: 51.67,
        threshold: 55,
        reached: 2,
        reached_percent: 66.67,
      },
    ]);
    expect(
      (one((await d.asLecturer.get(query('stage2/config'))).body).attributes.thresholds as Row[])[1],
    ).toEqual({ cpmk: 'CPMK-2', threshold: 55, is_default: false });
    expect(one((await d.asAdmin.get(query('stage2'))).body).attributes.results).toEqual(
      one(threshold.body).attributes.results,
    );
  });

  it('stage 3: each CPL the weighted mean of the CPMK serving it', async () => {
    const read = await d.asLecturer.get(query('stage3'));
    expect(read.status).toBe(200);
    expect(one(read.body).attributes.results).toEqual([
      {
        cpl: 'CPL-1',
        description: 'Capaian CPL-1',
        cpmk: [
          { cpmk: 'CPMK-1', weight: 50 },
          { cpmk: 'CPMK-2', weight: 40 },
        ],
        score: 50.19,
        reached_percent: 48.15,
      },
      {
        cpl: 'CPL-2',
        description: 'Capaian CPL-2',
        cpmk: [{ cpmk: 'CPMK-2', weight: 40 }],
        score: 51.67,
        reached_percent: 66.67,
      },
      { cpl: 'CPL-3', description: 'Capaian CPL-3', cpmk: [], score: null, reached_percent: null },
    ]);
  });

  it('lets the course staff compute, the approvers read; anyone else, another campus included, gets a 404', async () => {
    for (const path of ['stage1', 'stage2', 'stage2/config', 'stage3']) {
      for (const reader of [d.asLecturer, d.asAssistant, d.asApprover, d.asAdmin])
        expect((await reader.get(query(path))).status).toBe(200);
      for (const outsider of [d.asStudent, d.asStranger, d.asElsewhere])
        expect((await outsider.get(query(path))).status).toBe(404);
    }
    expect((await d.asLecturer.get(query('stage1', 999_999_999))).status).toBe(404);
    expect((await stage1(d.asApprover, MAPPING())).status).toBe(403);
    expect((await stage1(d.asStudent, MAPPING())).status).toBe(404);
    expect((await stage1(d.asElsewhere, MAPPING())).status).toBe(404);
    const clear = (client: Client) => client.send('DELETE', `/api/cpmk/measurement?course_id=${course}`);
    expect((await clear(d.asApprover)).status).toBe(403);
    expect((await clear(d.asStudent)).status).toBe(404);
    expect((await clear(d.asElsewhere)).status).toBe(404);
    expect(scoresOf((await d.asLecturer.get(query('stage1'))).body)[ani]).toEqual({
      'CPMK-1': 74,
      'CPMK-2': 85,
    });
  });

  it('clears the computed measurement, keeping the mapping and thresholds; stage 2 then waits for stage 1', async () => {
    expect((await d.asLecturer.send('DELETE', `/api/cpmk/measurement?course_id=${course}`)).status).toBe(204);
    const read = one((await d.asLecturer.get(query('stage1'))).body).attributes;
    expect(read.students).toEqual([]);
    expect(read.mappings).toHaveLength(4);
    expect(one((await d.asLecturer.get(query('stage2'))).body).attributes.results).toEqual([]);
    const early = await d.asLecturer.post('/api/cpmk/calculate/stage2/score', body({ course_id: course }));
    expect(early.status).toBe(409);
    expect(
      (one((await d.asLecturer.get(query('stage2/config'))).body).attributes.thresholds as Row[])[1],
    ).toMatchObject({ threshold: 55 });
  });
});
