import type { JsonDocument } from '@lms/testing';
import { body, list, one, TaskHarness } from './support/harness';

const RUBRIC = {
  criteria: [
    {
      name: 'Argument',
      weight: 70,
      levels: [
        { name: 'Weak', point: 40 },
        { name: 'Strong', point: 100 },
      ],
    },
    {
      name: 'Sources',
      weight: 30,
      levels: [
        { name: 'None', point: 0 },
        { name: 'Cited', point: 90 },
      ],
    },
  ],
};

/** Rubric templates: the bundled peer review and a campus's own. */
describe('rubric templates', () => {
  const h = new TaskHarness();
  let c: Awaited<ReturnType<TaskHarness['course']>>;
  beforeAll(async () => {
    await h.start();
    c = await h.course();
  });
  afterAll(() => h.stop());
  const path = '/api/course/task/rubric-templates';

  it('lists the bundled Group Peer Review Evaluation of spec 02 §3 first, to anyone of the campus', async () => {
    const response = await c.asStudent.get(path);
    expect(response.status).toBe(200);
    const [bundled] = list(response.body);
    expect(bundled).toMatchObject({
      type: 'rubric-templates',
      id: 'bundled-peer-review',
      attributes: { name: 'Group Peer Review Evaluation', bundled: true, can_edit: false, created_by: null },
    });
    const rubric = bundled.attributes.rubric as {
      criteria: Array<{ weight: number; levels: Array<Record<string, unknown>> }>;
    };
    expect(rubric.criteria).toHaveLength(5);
    for (const criterion of rubric.criteria) {
      expect(criterion.weight).toBe(20);
      expect(criterion.levels).toEqual(
        [
          ['Strongly Disagree', 40],
          ['Disagree', 50],
          ['Neutral', 60],
          ['Agree', 80],
          ['Strongly Agree', 100],
        ].map(([name, point]) => ({ name, point, point_min: 0, point_max: 0, description: null })),
      );
    }
    expect(one((await c.asStudent.get(`${path}/bundled-peer-review`)).body).id).toBe('bundled-peer-review');
  });

  it('keeps a campus’s templates: added by lecturers, changed or deleted by their author', async () => {
    expect((await c.asStudent.post(path, body({ name: 'Mine', rubric: RUBRIC }))).status).toBe(403);
    const created = await c.asLecturer.post(path, body({ name: ' Essay rubric ', rubric: RUBRIC }));
    expect(created.status).toBe(201);
    const template = one(created.body);
    expect(template.attributes).toMatchObject({
      name: 'Essay rubric',
      bundled: false,
      can_edit: true,
      created_by: c.lecturer.id,
      rubric: {
        name: 'Essay rubric',
        criteria: [
          expect.objectContaining({ name: 'Argument', description: null }),
          expect.objectContaining({ name: 'Sources', weight: 30 }),
        ],
      },
    });
    expect(list((await c.asStudent.get(path)).body).map((item) => item.id)).toEqual([
      'bundled-peer-review',
      template.id,
    ]);
    // Another campus sees only the bundled one, and not this one by id.
    expect(list((await c.asElsewhere.get(path)).body).map((item) => item.id)).toEqual([
      'bundled-peer-review',
    ]);
    expect((await c.asElsewhere.get(`${path}/${template.id}`)).status).toBe(404);

    const renamed = await c.asLecturer.patch(`${path}/${template.id}`, body({ name: 'Essays' }));
    expect(one(renamed.body).attributes.name).toBe('Essays');
    expect((await c.asAssistant.patch(`${path}/${template.id}`, body({ name: 'Taken' }))).status).toBe(403);
    expect((await c.asLecturer.patch(`${path}/bundled-peer-review`, body({ name: 'x' }))).status).toBe(403);
    expect((await c.asLecturer.send<JsonDocument>('DELETE', `${path}/bundled-peer-review`)).status).toBe(403);
    expect((await c.asAssistant.send<JsonDocument>('DELETE', `${path}/${template.id}`)).status).toBe(403);
    expect((await c.asLecturer.send<JsonDocument>('DELETE', `${path}/${template.id}`)).status).toBe(204);
    expect((await c.asLecturer.get(`${path}/${template.id}`)).status).toBe(404);
    expect((await c.asLecturer.get(`${path}/not-a-template`)).status).toBe(404);
  });

  it('refuses a rubric that is not well-formed, pointing into it', async () => {
    const response = await c.asLecturer.post(
      path,
      body({
        name: 'Broken',
        rubric: { criteria: [{ ...RUBRIC.criteria[0], weight: 50 }, RUBRIC.criteria[1]] },
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/rubric/criteria', 'the weights of the criteria sum to 80, not 100'],
    ]);
    const empty = await c.asLecturer.post(path, body({ name: 'Empty', rubric: { criteria: [] } }));
    expect(empty.body.errors?.[0].source?.pointer).toBe('/data/attributes/rubric/criteria');
  });

  it('answers GET /course/rubrics (spec 01 §7) with the same templates, name filter and page limit -1', async () => {
    const essay = one((await c.asLecturer.post(path, body({ name: 'Essay rubric', rubric: RUBRIC }))).body);
    const lab = one((await c.asLecturer.post(path, body({ name: 'Lab report', rubric: RUBRIC }))).body);
    const all = await c.asStudent.get('/api/course/rubrics?page[limit]=-1');
    expect(all.status).toBe(200);
    expect(list(all.body).map((item) => [item.type, item.id])).toEqual([
      ['rubric-templates', 'bundled-peer-review'],
      ['rubric-templates', essay.id],
      ['rubric-templates', lab.id],
    ]);
    expect(list(all.body)[1].attributes).toEqual({ ...essay.attributes, can_edit: false });
    expect(all.body.meta).toMatchObject({ total: 3 });
    const named = await c.asLecturer.get('/api/course/rubrics?filter[name][like]=REPORT');
    expect(list(named.body).map((item) => item.id)).toEqual([lab.id]);
    const peer = await c.asLecturer.get('/api/course/rubrics?filter[name][like]=peer&page[limit]=-1');
    expect(list(peer.body).map((item) => item.id)).toEqual(['bundled-peer-review']);
    const paged = await c.asLecturer.get('/api/course/rubrics?page[limit]=1&page[offset]=1');
    expect(list(paged.body).map((item) => item.id)).toEqual([essay.id]);
    expect(paged.body.meta).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(list((await c.asElsewhere.get('/api/course/rubrics')).body).map((item) => item.id)).toEqual([
      'bundled-peer-review',
    ]);
    expect((await c.asLecturer.get('/api/course/rubrics?filter[name][is]=x')).status).toBe(400);
  });
});
