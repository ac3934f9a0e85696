import { attributesDoc as body, errorPointers } from '@lms/testing';
import { CoursePlanStage } from '../src/courseplans/course-plan.entity';
import { list, one, RpsHarness } from './support/harness';

/**
 * Course plans and their stages (issue 19): by code, period and version, the active one, writes by
 * the code's lecturers and the administrators only, a stage's index the count on create (dense
 * again after a delete), the proposals of generate and generateAll, bad input a 422 that changes
 * nothing, another campus a 404.
 */
describe('course plans', () => {
  const h = new RpsHarness();
  let d: Awaited<ReturnType<RpsHarness['department']>>;
  let planId: string;
  beforeAll(async () => {
    await h.start();
    await h.campuses();
    d = await h.department();
  });
  afterAll(() => h.stop());

  const PLAN = {
    name_ina: 'Struktur Data',
    name_en: 'Data Structures',
    credit: 3,
    outputs: [
      { id: 1, description: 'Program senarai' },
      { id: 2, description: 'Program pohon' },
    ],
    sub_outputs: [
      { id: 1, output_id: 1, description: 'Senarai tunggal' },
      { id: 2, output_id: 1, description: 'Senarai ganda' },
      { id: 3, output_id: 2, description: 'Pohon biner' },
    ],
  };

  it('is written by the lecturers of the code and the administrators, in versions; read by the campus staff', async () => {
    const post = (client: typeof d.asLecturer, attributes: Record<string, unknown>) =>
      client.post(
        '/api/plan/courseplans',
        body({ code: d.code, period_id: d.course.period?.id, ...PLAN, ...attributes }),
      );
    expect((await post(d.asStranger, {})).status).toBe(403);
    expect((await post(d.asStudent, {})).status).toBe(403);
    const bad = await post(d.asLecturer, {
      sub_outputs: [{ id: 1, output_id: 9, description: 'x' }],
      credit: -1,
    });
    expect(bad.status).toBe(422);
    expect(errorPointers(bad.body)).toEqual(['/data/attributes/credit']);
    const unknownOutput = await post(d.asLecturer, {
      sub_outputs: [{ id: 1, output_id: 9, description: 'x' }],
    });
    expect(errorPointers(unknownOutput.body)).toEqual(['/data/attributes/sub_outputs/0/output_id']);
    expect((await d.asLecturer.get(`/api/plan/courseplans?code=${d.code}`)).body.data).toEqual([]);

    const first = await post(d.asLecturer, {});
    expect(first.status).toBe(201);
    expect(one(first.body).attributes).toMatchObject({
      code: d.code,
      version: 1,
      credit: 3,
      name_en: 'Data Structures',
    });
    const second = await post(d.asAdmin, { name_en: 'Data Structures (2)' });
    expect(one(second.body).attributes.version).toBe(2);
    expect((await post(d.asLecturer, { version: 2 })).status).toBe(409);
    planId = one(first.body).id;

    const missing = await d.asLecturer.get('/api/plan/courseplans');
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0].detail).toBe('Course code is required');
    expect(
      list((await d.asStranger.get(`/api/plan/courseplans?code=${d.code}&version=1`)).body),
    ).toHaveLength(1);
    expect(list((await d.asElsewhere.get(`/api/plan/courseplans?code=${d.code}`)).body)).toEqual([]);
    expect((await d.asStudent.get(`/api/plan/courseplans?code=${d.code}`)).status).toBe(403);
    const active = await d.asLecturer.get(`/api/plan/courseplans/${d.code}/active`);
    expect(one(active.body).attributes.version).toBe(2);
    expect((await d.asElsewhere.get(`/api/plan/courseplans/${d.code}/active`)).status).toBe(404);

    const changed = await d.asAssistant.patch(
      `/api/plan/courseplans/${planId}`,
      body({ major_leader: 'Dr. Kaprodi' }),
    );
    expect(one(changed.body).attributes).toMatchObject({
      major_leader: 'Dr. Kaprodi',
      name_ina: 'Struktur Data',
    });
    expect(
      (await d.asStranger.patch(`/api/plan/courseplans/${planId}`, body({ major_leader: 'x' }))).status,
    ).toBe(403);
    expect(
      (await d.asElsewhere.patch(`/api/plan/courseplans/${planId}`, body({ major_leader: 'x' }))).status,
    ).toBe(404);
  });

  it('gives a new stage the count of stages as its index, keeps them dense after a delete, and proposes stages', async () => {
    const add = (topic: string, extra: Record<string, unknown> = {}) =>
      d.asLecturer.post(
        '/api/plan/courseplanstages',
        body({ course_plan_id: Number(planId), topic, ...extra }),
      );
    const indexes = [];
    for (const topic of ['Pengantar', 'Senarai', 'Pohon'])
      indexes.push(one((await add(topic)).body).attributes.index);
    expect(indexes).toEqual([0, 1, 2]);
    const before = await h.ds.getRepository(CoursePlanStage).count();
    expect(errorPointers((await add('x', { course_plan_output_id: 7 })).body)).toEqual([
      '/data/attributes/course_plan_output_id',
    ]);
    expect(
      (
        await d.asStranger.post(
          '/api/plan/courseplanstages',
          body({ course_plan_id: Number(planId), topic: 'x' }),
        )
      ).status,
    ).toBe(403);
    expect(await h.ds.getRepository(CoursePlanStage).count()).toBe(before);

    const stages = list((await d.asLecturer.get(`/api/plan/courseplanstages?course_plan_id=${planId}`)).body);
    const changed = await d.asLecturer.patch(
      `/api/plan/courseplanstages/${stages[1].id}`,
      body({ course_plan_output_id: 1, assesment_weight: 12.5, method_offline: 'Praktikum' }),
    );
    expect(one(changed.body).attributes).toMatchObject({
      course_plan_output_id: 1,
      assesment_weight: 12.5,
      topic: 'Senarai',
    });
    expect((await d.asLecturer.send('DELETE', `/api/plan/courseplanstages/${stages[0].id}`)).status).toBe(
      204,
    );
    const after = list((await d.asLecturer.get(`/api/plan/courseplanstages?course_plan_id=${planId}`)).body);
    expect(after.map((s) => [s.attributes.topic, s.attributes.index])).toEqual([
      ['Senarai', 0],
      ['Pohon', 1],
    ]);
    expect(one((await add('Graf')).body).attributes.index).toBe(2);
    expect((await d.asElsewhere.get(`/api/plan/courseplanstages?course_plan_id=${planId}`)).status).toBe(404);

    const generated = list((await d.asLecturer.get(`/api/plan/courseplanstages/generate/${planId}`)).body);
    expect(generated.map((s) => [s.attributes.topic, s.attributes.course_plan_output_id])).toEqual([
      ['Senarai tunggal', 1],
      ['Senarai ganda', 1],
      ['Pohon biner', 2],
    ]);
    const semester = list((await d.asLecturer.get(`/api/plan/courseplanstages/generateAll/${planId}`)).body);
    expect(semester).toHaveLength(16);
    expect(semester[7].attributes.topic).toBe('Ujian Tengah Semester');
    expect(semester[15].attributes.topic).toBe('Ujian Akhir Semester');
    // 14 meetings over 3 sub-outputs: 5, 5 and 4 meetings
    const topics = semester
      .filter((s) => s.attributes.course_plan_output_id !== null)
      .map((s) => s.attributes.topic);
    expect(topics.filter((t) => t === 'Senarai tunggal')).toHaveLength(5);
    expect(topics.filter((t) => t === 'Pohon biner')).toHaveLength(4);
    expect(await h.ds.getRepository(CoursePlanStage).countBy({ coursePlanId: Number(planId) })).toBe(3);
  });
});
