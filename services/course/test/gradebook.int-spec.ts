import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { formatWireDate } from '@lms/jsonapi';
import { createEnvelope, type EventDataMap } from '@lms/events';
import type { JsonDocument } from '@lms/testing';
import { CourseHarness, cast, list, one } from './support/harness';

type Client = Awaited<ReturnType<CourseHarness['as']>>;
const body = (attributes: Record<string, unknown>) => ({ data: { attributes } });
const DAY = 24 * 60 * 60 * 1000;

/**
 * The gradebook (issue 15, docs/gradebook.md): weights, index bands, custom activities with typed
 * scores, the publish rule, and GET /gradebook with its worked final scores and who sees what.
 */
describe('gradebook', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A course with two classes, three students, an exam, a task and a custom activity. */
  async function course() {
    const c = await cast(h);
    const ana = c.student; // class A
    const budi = await h.given.user(1, 'student', { name: 'Budi Santoso', nim: '2202' });
    const citra = await h.given.user(1, 'student', { name: 'Citra Dewi', nim: '2203' });
    await h.enrol(c.course.id, 1, [budi.id], c.courseClass);
    const classB = await h.enrol(c.course.id, 1, [citra.id], await h.courseClass(1, c.course.id, 'B'));
    const exam = await h.project('exam.exam.upserted', 1, { courseId: c.course.id, name: 'Midterm' });
    const task = await h.project('task.task.upserted', 1, { courseId: c.course.id, name: 'Essay' });
    const activity = one(
      (
        await c.asLecturer.post(
          '/api/course/courseactivities',
          body({ course_id: c.course.id, title: 'Lab work' }),
        )
      ).body,
    );
    return { ...c, ana, budi, citra, classB, exam, task, activityId: Number(activity.id) };
  }
  type Course = Awaited<ReturnType<typeof course>>;

  const attempt = (c: Course, studentId: number, n: number, score: number, at = new Date()) => {
    const data: EventDataMap['exam.attempt.scored'] = {
      examId: c.exam.id,
      courseId: c.course.id,
      studentExamId: h.nextId(),
      studentId,
      attempt: n,
      score,
      isPassed: score >= 60,
      pending: 0,
      reason: 'finished',
    };
    return {
      data,
      envelope: {
        ...createEnvelope({ type: 'exam.attempt.scored', tenantId: 1, actorId: null, data }),
        occurredAt: at.toISOString(),
      },
    };
  };

  async function weigh(c: Course, client: Client, weights: Array<[string, number, number]>) {
    for (const [type, id, percentage] of weights) {
      const response = await client.post(
        '/api/course/grades',
        body({ course_id: c.course.id, gradeable_type: type, gradeable_id: id, percentage }),
      );
      expect(response.status).toBe(201);
    }
  }

  describe('weights', () => {
    it('weighs a gradeable of the course once, with its title, and refuses anything else with a pointer', async () => {
      const c = await course();
      const created = await c.asAssistant.post(
        '/api/course/grades',
        body({ course_id: c.course.id, gradeable_type: 'exams', gradeable_id: c.exam.id, percentage: 30 }),
      );
      expect(created.status).toBe(201);
      expect(one(created.body).attributes).toEqual({
        course_id: c.course.id,
        gradeable_type: 'exams',
        gradeable_id: c.exam.id,
        percentage: 30,
        title: 'Midterm',
      });
      const again = await c.asLecturer.post(
        '/api/course/grades',
        body({ course_id: c.course.id, gradeable_type: 'exams', gradeable_id: c.exam.id, percentage: 10 }),
      );
      expect(again.status).toBe(422);
      expect(again.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/gradeable_id' },
        detail: `exams ${c.exam.id} already has a weight in this course`,
      });
      const elsewhere = await h.project('exam.exam.upserted', 1, { courseId: c.course.id + 1000 });
      const foreign = await c.asLecturer.post(
        '/api/course/grades',
        body({ course_id: c.course.id, gradeable_type: 'exams', gradeable_id: elsewhere.id }),
      );
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors?.[0].source?.pointer).toBe('/data/attributes/gradeable_id');
      const bad = await c.asLecturer.post(
        '/api/course/grades',
        body({ course_id: c.course.id, gradeable_type: 'quizzes', gradeable_id: 1, percentage: 101 }),
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.map((error) => error.source?.pointer)).toEqual([
        '/data/attributes/gradeable_type',
        '/data/attributes/percentage',
      ]);

      const id = one(created.body).id;
      const patched = await c.asLecturer.patch(`/api/course/grades/${id}`, body({ percentage: 45.5 }));
      expect(one(patched.body).attributes.percentage).toBe(45.5);
      const listed = await c.asLecturer.get(`/api/course/grades?filter[course_id][is]=${c.course.id}`);
      expect(list(listed.body).map((grade) => [grade.id, grade.attributes.percentage])).toEqual([[id, 45.5]]);
      expect((await c.asLecturer.send('DELETE', `/api/course/grades/${id}`)).status).toBe(204);
      expect(
        list((await c.asLecturer.get(`/api/course/grades?filter[course_id][is]=${c.course.id}`)).body),
      ).toEqual([]);
    });

    it('is for the staff: a student is refused, another campus and a stranger see no course', async () => {
      const c = await course();
      const path = `/api/course/grades?filter[course_id][is]=${c.course.id}`;
      expect((await c.asStudent.get(path)).status).toBe(403);
      expect((await c.asStranger.get(path)).status).toBe(404);
      expect((await c.asOutsider.get(path)).status).toBe(404);
      expect((await c.asLecturer.get('/api/course/grades')).status).toBe(400);
      const admin = await h.as(await h.given.user(1, 'admin'));
      expect((await admin.get(path)).status).toBe(200);
    });

    it('refuses to publish until the weights sum to 100', async () => {
      const c = await course();
      await weigh(c, c.asLecturer, [
        ['exams', c.exam.id, 30],
        ['tasks', c.task.id, 45.5],
      ]);
      const refused = await c.asLecturer.patch(
        `/api/course/courses/${c.course.id}`,
        body({ gradebook_publish: 1 }),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/gradebook_publish' },
        detail:
          'The weights of the gradebook sum to 75.5, not 100: they must sum to 100 before it is published',
      });
      await weigh(c, c.asLecturer, [['courseactivities', c.activityId, 24.5]]);
      const published = await c.asLecturer.patch(
        `/api/course/courses/${c.course.id}`,
        body({ gradebook_publish: 1 }),
      );
      expect(published.status).toBe(200);
      expect(one(published.body).attributes.gradebook_publish).toBe(true);
      // hiding it again needs no sum
      const hidden = await c.asLecturer.patch(
        `/api/course/courses/${c.course.id}`,
        body({ gradebook_publish: 0 }),
      );
      expect(hidden.status).toBe(200);
    });
  });

  describe('index bands', () => {
    const scale = [
      { index: 'B', min: 70, max: 84.99 },
      { index: 'A', min: 85, max: 100 },
      { index: 'C', min: 0, max: 69.99 },
    ];

    it('replaces every band at once, highest first, and refuses an overlap or a gap naming the band', async () => {
      const c = await course();
      const put = (data: unknown) =>
        c.asLecturer.send<JsonDocument>('PUT', '/api/course/index', { data, course_id: c.course.id });
      const saved = await put(scale);
      expect(saved.status).toBe(200);
      expect(list(saved.body).map((band) => band.attributes)).toEqual([
        { course_id: c.course.id, index: 'A', min: 85, max: 100 },
        { course_id: c.course.id, index: 'B', min: 70, max: 84.99 },
        { course_id: c.course.id, index: 'C', min: 0, max: 69.99 },
      ]);
      const overlap = await put([scale[0], { index: 'A', min: 84, max: 100 }]);
      expect(overlap.status).toBe(422);
      expect(overlap.body.errors).toEqual([
        expect.objectContaining({
          source: { pointer: '/data/1/min' },
          detail: 'band A (84–100) overlaps band B (70–84.99)',
        }),
      ]);
      const malformed = await put([{ index: '', min: 'x' }]);
      expect(malformed.body.errors?.map((error) => error.source?.pointer)).toEqual([
        '/data/0/index',
        '/data/0/min',
      ]);
      // nothing changed
      const read = await c.asStudent.get(`/api/course/index?filter[course_id][is]=${c.course.id}`);
      expect(list(read.body).map((band) => band.attributes.index)).toEqual(['A', 'B', 'C']);

      // one band at a time, checked against the others
      const gap = await c.asLecturer.post(
        '/api/course/index',
        body({ course_id: c.course.id, index: 'D', min: 101 }),
      );
      expect(gap.status).toBe(422);
      const b = list(read.body).find((band) => band.attributes.index === 'B')!;
      const removed = await c.asLecturer.send('DELETE', `/api/course/index/${b.id}`);
      expect(removed.status).toBe(422);
      expect((removed.body as JsonDocument).errors?.[0].detail).toBe(
        "band A must start at 70, 0.01 above band C's max: it leaves a gap",
      );
      const widened = await c.asLecturer.patch(`/api/course/index/${b.id}`, body({ max: 89.99 }));
      expect(widened.status).toBe(422);
      const moved = await c.asLecturer.send<JsonDocument>('PUT', '/api/course/index', {
        data: [{ index: 'A', min: 90, max: 100 }, { ...scale[0], max: 89.99 }, scale[2]],
        course_id: c.course.id,
      });
      expect(moved.status).toBe(200);
      expect(
        (await c.asStudent.send('PUT', '/api/course/index', { data: scale, course_id: c.course.id })).status,
      ).toBe(403);
      expect((await c.asOutsider.get(`/api/course/index?filter[course_id][is]=${c.course.id}`)).status).toBe(
        404,
      );
    });
  });

  describe('custom activities', () => {
    it('keeps typed scores of the course’s students, clears one with null, and names a stranger’s row', async () => {
      const c = await course();
      const path = `/api/course/courseactivities/${c.activityId}/scores`;
      const saved = await c.asLecturer.send<JsonDocument>('PUT', path, {
        data: [
          { student_id: c.ana.id, score: 90 },
          { student_id: c.budi.id, score: 72.5 },
        ],
      });
      expect(saved.status).toBe(200);
      expect(list(saved.body)).toEqual([
        expect.objectContaining({
          id: `${c.activityId}:${c.ana.id}`,
          attributes: { student_id: c.ana.id, score: 90 },
        }),
        expect.objectContaining({ attributes: { student_id: c.budi.id, score: 72.5 } }),
      ]);
      const refused = await c.asLecturer.send<JsonDocument>('PUT', path, {
        data: [
          { student_id: c.ana.id, score: 10 },
          { student_id: c.stranger.id, score: 50 },
          { student_id: c.budi.id, score: 120 },
        ],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.map((error) => error.source?.pointer)).toEqual(['/data/2/score']);
      const stranger = await c.asLecturer.send<JsonDocument>('PUT', path, {
        data: [{ student_id: c.stranger.id, score: 50 }],
      });
      expect(stranger.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/0/student_id' },
        detail: `student ${c.stranger.id} is not a student of this course`,
      });
      await c.asLecturer.send('PUT', path, { data: [{ student_id: c.budi.id, score: null }] });
      const read = await c.asAssistant.get(path);
      expect(list(read.body).map((row) => row.attributes)).toEqual([{ student_id: c.ana.id, score: 90 }]);
      expect((await c.asStudent.get(path)).status).toBe(403);

      const renamed = await c.asLecturer.patch(
        `/api/course/courseactivities/${c.activityId}`,
        body({ title: 'Labs' }),
      );
      expect(one(renamed.body).attributes.title).toBe('Labs');
      await weigh(c, c.asLecturer, [['courseactivities', c.activityId, 10]]);
      expect((await c.asLecturer.send('DELETE', `/api/course/courseactivities/${c.activityId}`)).status).toBe(
        204,
      );
      expect(
        list((await c.asLecturer.get(`/api/course/grades?filter[course_id][is]=${c.course.id}`)).body),
      ).toEqual([]);
    });
  });

  describe('GET /gradebook', () => {
    it('computes each final score with its band, a missing score counted as 0, the highest attempt counting', async () => {
      const c = await course();
      await weigh(c, c.asLecturer, [
        ['exams', c.exam.id, 30],
        ['tasks', c.task.id, 50],
        ['courseactivities', c.activityId, 20],
      ]);
      await c.asLecturer.send('PUT', '/api/course/index', {
        course_id: c.course.id,
        data: [
          { index: 'A', min: 85, max: 100 },
          { index: 'B', min: 70, max: 84.99 },
          { index: 'C', min: 0, max: 69.99 },
        ],
      });
      await h.deliver(attempt(c, c.ana.id, 1, 55.5).envelope);
      await h.deliver(attempt(c, c.ana.id, 2, 78.25).envelope);
      await h.publish('task.answer.scored', 1, {
        answerId: h.nextId(),
        taskId: c.task.id,
        courseId: c.course.id,
        groupId: null,
        score: 88,
        passingGrade: 60,
        students: [{ studentId: c.ana.id, score: 88, isPassed: true }],
        reason: 'scored',
      });
      await h.publish('task.answer.scored', 1, {
        answerId: h.nextId(),
        taskId: c.task.id,
        courseId: c.course.id,
        groupId: null,
        score: 64,
        passingGrade: 60,
        students: [{ studentId: c.budi.id, score: 64, isPassed: true }],
        reason: 'scored',
      });
      await c.asLecturer.send('PUT', `/api/course/courseactivities/${c.activityId}/scores`, {
        data: [
          { student_id: c.ana.id, score: 90 },
          { student_id: c.budi.id, score: 100 },
        ],
      });
      const response = await c.asLecturer.get(`/api/gradebook?course_id=${c.course.id}`);
      expect(response.status).toBe(200);
      const rows = list(response.body).map((row) => row.attributes);
      const exam = `exams:${c.exam.id}`;
      const task = `tasks:${c.task.id}`;
      const lab = `courseactivities:${c.activityId}`;
      // (by name: Budi, Citra, then Ana's test name 'User …')
      // Ana: 78.25 × 30 % + 88 × 50 % + 90 × 20 % = 23.475 + 44 + 18 = 85.475 → 85.48 (A)
      // Budi: (none) 0 × 30 % + 64 × 50 % + 100 × 20 % = 0 + 32 + 20 = 52 (C)
      // Citra: nothing yet → 0 (C)
      expect(rows.map((row) => [row.name, row.scores, row.final_score, row.index])).toEqual([
        ['Budi Santoso', { [exam]: null, [task]: 64, [lab]: 100 }, 52, 'C'],
        ['Citra Dewi', { [exam]: null, [task]: null, [lab]: null }, 0, 'C'],
        [c.ana.name, { [exam]: 78.25, [task]: 88, [lab]: 90 }, 85.48, 'A'],
      ]);
      expect(rows[0]).toMatchObject({
        nim: '2202',
        class_id: c.courseClass.id,
        class_name: c.courseClass.name,
      });
      expect(response.body.meta).toMatchObject({
        columns: [
          { key: exam, gradeable_type: 'exams', title: 'Midterm', percentage: 30 },
          { key: task, gradeable_type: 'tasks', title: 'Essay', percentage: 50 },
          { key: lab, gradeable_type: 'courseactivities', title: 'Lab work', percentage: 20 },
        ],
        bands: [
          { index: 'A', min: 85, max: 100 },
          { index: 'B', min: 70, max: 84.99 },
          { index: 'C', min: 0, max: 69.99 },
        ],
        published: false,
        weights_total: 100,
        class_id: null,
        course_id: c.course.id,
        total: 3,
      });

      // a recalculation of Ana's best attempt updates her row
      const recalculated = attempt(c, c.ana.id, 2, 95, new Date(Date.now() + 1000));
      await h.deliver({
        ...recalculated.envelope,
        data: {
          ...recalculated.data,
          studentExamId: (
            await h.ds.query(
              `SELECT max(student_exam_id) AS id FROM exam_attempt_scores WHERE student_id = $1`,
              [c.ana.id],
            )
          )[0].id,
          reason: 'recalculated',
        },
      });
      const after = await c.asLecturer.get(
        `/api/gradebook?course_id=${c.course.id}&class_id=${c.courseClass.id}&student_name=${encodeURIComponent(c.ana.name)}`,
      );
      // 95 × 30 % + 44 + 18 = 90.5
      expect(list(after.body).map((row) => [row.attributes.name, row.attributes.final_score])).toEqual([
        [c.ana.name, 90.5],
      ]);
      expect(
        list(
          (await c.asLecturer.get(`/api/gradebook?course_id=${c.course.id}&class_id=${c.classB.id}`)).body,
        ).map((row) => row.attributes.name),
      ).toEqual(['Citra Dewi']);
      // a deleted exam is no longer a column, nor counted
      await h.publish('exam.exam.deleted', 1, { id: c.exam.id, courseId: c.course.id });
      const withoutExam = await c.asLecturer.get(`/api/gradebook?course_id=${c.course.id}`);
      expect(withoutExam.body.meta?.weights_total).toBe(70);
      expect(list(withoutExam.body)[2].attributes.final_score).toBe(62);
    });

    it('makes a form assessed by rubric a column: the mean of a student’s assessed entries', async () => {
      const c = await course();
      const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
      const activity = one(
        (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) })).body,
      );
      const form = async (title: string, extra: Record<string, unknown>) => {
        const response = await c.asLecturer.post(
          '/api/course/forms',
          body({
            formable_type: 'activities',
            formable_id: Number(activity.id),
            title,
            type: 'daily',
            date: '2020-01-01',
            start_at: formatWireDate(new Date(Date.now() - 2 * DAY), 'Asia/Jakarta'),
            end_at: formatWireDate(new Date(Date.now() + 30 * DAY), 'Asia/Jakarta'),
            lists: [{ key: 'done', label: 'What I did', type: 'long_text', required: true }],
            ...extra,
          }),
        );
        expect(response.status).toBe(201);
        return Number(one(response.body).id);
      };
      const logbook = await form('Lab logbook', {
        assesment_method: 'rubric',
        rubric: {
          criteria: [
            {
              name: 'Reflection',
              weight: 100,
              levels: [
                { name: 'Thin', point: 50 },
                { name: 'Deep', point: 100 },
              ],
            },
          ],
        },
      });
      await form('Attendance notes', { assesment_method: 'none' }); // never scored: no column
      // entries of earlier days, assessed (or not) before: the column reads them as they are
      const entry = (studentId: number, period: string, score: number | null) =>
        h.ds.query(
          `INSERT INTO form_answers (tenant_id, form_id, course_id, student_id, period, lists, files, score, assessed_at)
           VALUES (1, $1, $2, $3, $4, '[]', '[]', $5::numeric, CASE WHEN $5::numeric IS NULL THEN NULL ELSE now() END)`,
          [logbook, c.course.id, studentId, period, score],
        );
      await entry(c.ana.id, '2020-01-01', 70);
      await entry(c.budi.id, '2020-01-01', 62.5);
      await entry(c.budi.id, '2020-01-02', 70.25);
      await entry(c.budi.id, '2020-01-03', null);
      // Ana writes today's entry; the assistant assesses it on the rubric: 100
      const written = await c.asStudent.post(
        '/api/course/formanswers',
        body({ form_id: logbook, lists: [{ key: 'done', value: 'Measured the circuit' }] }),
      );
      expect(written.status).toBe(201);
      const assessed = await c.asAssistant.patch(
        `/api/course/formanswers/${one(written.body).id}`,
        body({ rubrics: [{ criterion: 0, level: 1 }] }),
      );
      expect(one(assessed.body).attributes.score).toBe(100);
      await weigh(c, c.asLecturer, [
        ['exams', c.exam.id, 60],
        ['forms', logbook, 40],
      ]);
      await h.deliver(attempt(c, c.ana.id, 1, 50).envelope);

      const read = async () => {
        const response = await c.asLecturer.get(`/api/gradebook?course_id=${c.course.id}`);
        expect(response.status).toBe(200);
        return response.body;
      };
      const key = `forms:${logbook}`;
      const gradebook = await read();
      expect(gradebook.meta?.columns).toEqual([
        expect.objectContaining({ key: `exams:${c.exam.id}`, percentage: 60 }),
        expect.objectContaining({ key: `tasks:${c.task.id}`, percentage: 0 }),
        expect.objectContaining({ key, gradeable_type: 'forms', title: 'Lab logbook', percentage: 40 }),
        expect.objectContaining({ key: `courseactivities:${c.activityId}`, percentage: 0 }),
      ]);
      expect(gradebook.meta?.weights_total).toBe(100);
      // Ana: (70 + 100) / 2 = 85 → 50 × 60 % + 85 × 40 % = 30 + 34 = 64
      // Budi: (62.5 + 70.25) / 2 = 66.375 → 66.38 (the entry not assessed does not count) → 26.552 → 26.55
      // Citra: no entry → null, 0
      expect(
        list(gradebook).map((row) => [
          row.attributes.name,
          (row.attributes.scores as Record<string, number | null>)[key],
          row.attributes.final_score,
        ]),
      ).toEqual([
        ['Budi Santoso', 66.38, 26.55],
        ['Citra Dewi', null, 0],
        [c.ana.name, 85, 64],
      ]);
      // its weight is set like any other gradeable's, and publishing counts it
      expect(
        (await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, body({ gradebook_publish: true })))
          .status,
      ).toBe(200);

      // an archived activity takes its forms out of the gradebook; restored, they are back
      expect((await c.asLecturer.send('DELETE', `/api/course/activities/${activity.id}`)).status).toBe(204);
      expect((await read()).meta?.weights_total).toBe(60);
      expect((await c.asLecturer.post(`/api/course/activities/${activity.id}/restore`, {})).status).toBe(200);
      expect((await read()).meta?.weights_total).toBe(100);
      // a deleted form takes its weight with it
      expect((await c.asLecturer.send('DELETE', `/api/course/forms/${logbook}`)).status).toBe(204);
      const after = await read();
      expect((after.meta?.columns as Array<{ key: string }>).map((column) => column.key)).not.toContain(key);
      expect(
        await h.ds.query(`SELECT 1 FROM grades WHERE gradeable_type = 'forms' AND gradeable_id = $1`, [
          logbook,
        ]),
      ).toEqual([]);
    });

    it('shows a student only their own row, once published; refuses others and bad parameters', async () => {
      const c = await course();
      const path = `/api/gradebook?course_id=${c.course.id}`;
      const hidden = await c.asStudent.get(path);
      expect(hidden.status).toBe(404);
      expect(hidden.body.errors?.[0].detail).toBe('The gradebook is not published');
      await weigh(c, c.asLecturer, [['tasks', c.task.id, 100]]);
      await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, body({ gradebook_publish: true }));
      const own = await c.asStudent.get(`${path}&student_name=Budi`);
      expect(own.status).toBe(200);
      expect(list(own.body)).toEqual([]);
      const mine = await c.asStudent.get(path);
      expect(list(mine.body).map((row) => row.id)).toEqual([String(c.ana.id)]);
      expect(mine.body.meta).toMatchObject({ published: true, total: 1 });
      expect((await c.asOutsider.get(path)).status).toBe(404);
      expect((await c.asStranger.get(path)).status).toBe(404);
      expect((await c.asLecturer.get('/api/gradebook')).status).toBe(400);
      expect((await c.asLecturer.get(`${path}&class_id=abc`)).status).toBe(400);
      const otherClass = await h.courseClass(1, (await h.course(1, c.lecturer.id)).id);
      expect((await c.asLecturer.get(`${path}&class_id=${otherClass.id}`)).status).toBe(400);
    });
  });

  describe('GET /gradebook/export', () => {
    it('stores a workbook with a sheet per class whose formulas hold the numbers of GET /gradebook', async () => {
      const c = await course();
      await weigh(c, c.asLecturer, [
        ['exams', c.exam.id, 40],
        ['courseactivities', c.activityId, 60],
      ]);
      await c.asLecturer.send('PUT', '/api/course/index', {
        course_id: c.course.id,
        data: [
          { index: 'A', min: 80, max: 100 },
          { index: 'B', min: 0, max: 79.99 },
        ],
      });
      await h.deliver(attempt(c, c.ana.id, 1, 77.77).envelope);
      await c.asLecturer.send('PUT', `/api/course/courseactivities/${c.activityId}/scores`, {
        data: [
          { student_id: c.ana.id, score: 91.35 },
          { student_id: c.citra.id, score: 50 },
        ],
      });
      expect((await c.asStudent.get(`/api/gradebook/export?course_id=${c.course.id}`)).status).toBe(403);
      expect((await c.asOutsider.get(`/api/gradebook/export?course_id=${c.course.id}`)).status).toBe(404);
      const made = await c.asLecturer.get(`/api/gradebook/export?course_id=${c.course.id}`);
      expect(made.status).toBe(200);
      const { url, filename } = one(made.body).attributes as { url: string; filename: string };
      expect(filename).toBe('Databases - gradebook.xlsx');
      const file = await fetch(url.startsWith('http') ? url : `${h.baseUrl}${url}`);
      expect(file.status).toBe(200);
      const bytes = await file.arrayBuffer();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as ArrayBuffer);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(
        [c.courseClass.name, c.classB.name].sort(),
      );
      // Excel recomputes the formulas on opening (exceljs writes no cached 0 or "")
      const part = await (await JSZip.loadAsync(bytes)).file('xl/workbook.xml')!.async('string');
      expect(part).toMatch(/<calcPr [^>]*fullCalcOnLoad="1"/);

      const grid = list((await c.asLecturer.get(`/api/gradebook?course_id=${c.course.id}`)).body);
      const seen: Array<[unknown, unknown, unknown]> = [];
      for (const sheet of workbook.worksheets) {
        expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
          'NIM',
          'Name',
          'Midterm',
          'Essay',
          'Lab work',
          'Final score',
          'Index',
        ]);
        expect((sheet.getRow(2).values as unknown[]).slice(3, 7)).toEqual([40, 0, 60, 100]);
        for (let r = 3; r <= sheet.rowCount; r += 1) {
          const row = sheet.getRow(r);
          const final = row.getCell(6).value as ExcelJS.CellFormulaValue;
          const band = row.getCell(7).value as ExcelJS.CellFormulaValue;
          expect(final.formula).toBe(`ROUND(SUMPRODUCT(C${r}:E${r},C$2:E$2)/100,2)`);
          expect(band.formula).toBe(`IF(OR(F${r}<0,F${r}>100),"",IF(F${r}>=80,"A",IF(F${r}>=0,"B","")))`);
          // exceljs writes no cached value for a result of 0 or "" (Excel computes it on opening)
          seen.push([row.getCell(2).value, final.result ?? 0, band.result ?? null]);
        }
      }
      // Ana: 77.77 × 40 % + 91.35 × 60 % = 31.108 + 54.81 = 85.918 → 85.92 (A); Citra: 30 (B); Budi: 0 (B)
      expect(seen.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual(
        grid
          .map(
            (row) =>
              [row.attributes.name, row.attributes.final_score, row.attributes.index] as [
                unknown,
                unknown,
                unknown,
              ],
          )
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      expect(grid.find((row) => row.id === String(c.ana.id))?.attributes.final_score).toBe(85.92);
    });
  });
});
