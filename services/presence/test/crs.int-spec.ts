import type { ApiClient, JsonDocument, JsonResource } from '@lms/testing';
import { body, list, MINUTE, one, PresenceHarness, wire } from './support/harness';

const HOSTS = { 1: 'campus-one.test', 2: 'campus-two.test' } as const;

/** Live classrooms over HTTP: the rooms' rules, who may do what, xAPI statements and their results. */
describe('live classrooms (crs)', () => {
  const h = new PresenceHarness();
  let c: Awaited<ReturnType<PresenceHarness['classroom']>>;
  let other: Awaited<ReturnType<PresenceHarness['classroom']>>;
  let activity: number;
  beforeAll(async () => {
    await h.start();
    await h.given.campus({ id: 1, domain: HOSTS[1] });
    await h.given.campus({ id: 2, domain: HOSTS[2] });
    c = await h.classroom();
    other = await h.classroom();
    activity = h.nextId();
    await h.publish('course.structure.snapshotted', 1, {
      courseId: c.course.id,
      modules: [{ id: c.week1, name: 'Week 1: sets', index: 0, isActive: true }],
      activities: [
        { id: activity, moduleId: c.week1, parentId: null, name: 'Live: sets', index: 0, isActive: true },
      ],
    });
  });
  afterAll(() => h.stop());

  const create = (as: ApiClient, attributes: Record<string, unknown> = {}) =>
    as.post(
      '/api/crs/crs',
      body({
        course_id: c.course.id,
        title: 'Sets, live',
        start_at: wire(-10 * MINUTE),
        end_at: wire(90 * MINUTE),
        ...attributes,
      }),
    );
  async function room(attributes: Record<string, unknown> = {}): Promise<JsonResource> {
    const response = await create(c.asLecturer, attributes);
    expect(response.status).toBe(201);
    return one(response.body);
  }

  describe('rooms', () => {
    it('creates a room of the course with the spec’s attributes; the creator hosts it unless hosts are sent', async () => {
      const created = await room({
        type: 'webinar',
        activity_id: activity,
        description: 'Venn diagrams',
        start_at: '2026-03-02 08:00:00',
        end_at: '2026-03-02 09:40:00',
        videos: [
          { url: 'https://video.example/sets.mp4' },
          { title: 'Part 2', url: 'https://video.example/2.mp4' },
        ],
      });
      expect(created.type).toBe('crs');
      expect(created.attributes).toMatchObject({
        course_id: c.course.id,
        activity_id: activity,
        crs_type: 'webinar',
        title: 'Sets, live',
        description: 'Venn diagrams',
        start_at: '2026-03-02 08:00:00',
        end_at: '2026-03-02 09:40:00',
        videos: [
          { title: 'Video 1', url: 'https://video.example/sets.mp4' },
          { title: 'Part 2', url: 'https://video.example/2.mp4' },
        ],
        host: [c.lecturer.id],
        presence_id: null,
        is_ended: false,
        video: { index: 0, position: 0, playing: false },
        is_host: true,
        can_edit: true,
      });
      const byAssistant = await create(c.asAssistant, { host: [c.lecturer.id] });
      expect(byAssistant.status).toBe(201);
      expect(one(byAssistant.body).attributes).toMatchObject({
        crs_type: 'live',
        host: [c.lecturer.id],
        is_host: false,
      });
    });

    it('refuses what does not fit with the field and why, and changes nothing', async () => {
      const before = await h.ds.query(`SELECT count(*)::int AS n FROM crs_rooms`);
      const wrong = await create(c.asLecturer, {
        end_at: wire(-20 * MINUTE),
        host: [c.lecturer.id, c.student.id],
        activity_id: h.nextId(),
        videos: [{ url: 'javascript:alert(1)' }],
      });
      expect(wrong.status).toBe(422);
      const pointers = wrong.body.errors?.map((error) => error.source?.pointer);
      expect(pointers).toEqual(['/data/attributes/videos/0/url']);
      const rules = await create(c.asLecturer, {
        end_at: wire(-20 * MINUTE),
        host: [c.lecturer.id, c.student.id],
        activity_id: h.nextId(),
      });
      expect(rules.status).toBe(422);
      expect(rules.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
        ['/data/attributes/end_at', 'end_at must be after start_at'],
        ['/data/attributes/activity_id', 'activity_id is not an activity of this course'],
        ['/data/attributes/host/1', 'host[1] is not a lecturer or assistant of this course'],
      ]);
      const otherSession = await other.asLecturer.post(
        '/api/course/presences',
        body({ course_id: other.course.id, class_id: other.classA, start_at: wire(0), end_at: wire(MINUTE) }),
      );
      expect(otherSession.status).toBe(201);
      const foreign = await create(c.asLecturer, { presence_id: Number(one(otherSession.body).id) });
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/presence_id' },
        detail: 'presence_id is not a presence session of this course',
      });
      expect(await h.ds.query(`SELECT count(*)::int AS n FROM crs_rooms`)).toEqual(before);
    });

    it('is written by the course’s staff only: 403 for its students, 404 for others and another campus', async () => {
      expect((await create(c.asStudent)).status).toBe(403);
      expect((await create(c.asStranger)).status).toBe(404);
      expect((await create(c.asElsewhere)).status).toBe(404);
      const created = await room();
      const path = `/api/crs/crs/${created.id}`;
      expect((await c.asStudent.patch(path, body({ title: 'Mine' }))).status).toBe(403);
      expect((await c.asStranger.patch(path, body({ title: 'Mine' }))).status).toBe(404);
      expect((await c.asElsewhere.send<JsonDocument>('DELETE', path)).status).toBe(404);
      expect((await c.asStudent.send<JsonDocument>('DELETE', path)).status).toBe(403);
      const moved = await c.asLecturer.patch(path, body({ course_id: other.course.id }));
      expect(moved.status).toBe(422);
      const renamed = await c.asAssistant.patch(
        path,
        body({ title: 'Sets and maps', host: [c.lecturer.id] }),
      );
      expect(renamed.status).toBe(200);
      expect(one(renamed.body).attributes).toMatchObject({ title: 'Sets and maps', description: null });
      expect((await c.asLecturer.send<JsonDocument>('DELETE', path)).status).toBe(204);
      expect((await c.asLecturer.get(path)).status).toBe(404);
    });

    it('lists the rooms of the caller’s courses by course, activity and type, paged; others see none', async () => {
      await room({ type: 'quiz', activity_id: activity });
      const theirs = await other.asLecturer.post(
        '/api/crs/crs',
        body({ course_id: other.course.id, title: 'Other', start_at: wire(0), end_at: wire(MINUTE) }),
      );
      expect(theirs.status).toBe(201);
      const all = await c.asStudent.get(`/api/crs/crs?filter[course_id]=${c.course.id}`);
      expect(all.status).toBe(200);
      const total = all.body.meta?.total as number;
      expect(total).toBeGreaterThanOrEqual(3);
      expect(list(all.body).every((row) => row.attributes.course_id === c.course.id)).toBe(true);
      expect(
        list(all.body).every((row) => row.attributes.is_host === false && row.attributes.can_edit === false),
      ).toBe(true);
      const quiz = await c.asStudent.get(`/api/crs/crs?filter[type]=quiz&filter[activity_id]=${activity}`);
      expect(list(quiz.body).map((row) => row.attributes.crs_type)).toEqual(['quiz']);
      const paged = await c.asLecturer.get(
        `/api/crs/crs?filter[course_id]=${c.course.id}&page[limit]=1&page[offset]=1`,
      );
      expect(list(paged.body)).toHaveLength(1);
      expect(paged.body.meta).toEqual({ total, limit: 1, offset: 1 });
      for (const outsider of [c.asStranger, c.asElsewhere, c.asElsewhereStudent])
        expect((await outsider.get(`/api/crs/crs?filter[course_id]=${c.course.id}`)).body.meta?.total).toBe(
          0,
        );
      expect((await c.asStudent.get(`/api/crs/crs/${one(theirs.body).id}`)).status).toBe(404);
      expect((await c.asStudent.get('/api/crs/crs?filter[colour]=red')).status).toBe(400);
    });

    it('lets an administrator of the campus read every room of it, read only; another campus’s is a 404', async () => {
      const mine = await room();
      const theirs = await other.asLecturer.post(
        '/api/crs/crs',
        body({ course_id: other.course.id, title: 'Other', start_at: wire(0), end_at: wire(MINUTE) }),
      );
      const admin = await h.as(await h.given.user(1, 'admin'));
      const listed = await admin.get(`/api/crs/crs?filter[course_id]=${c.course.id}`);
      expect(listed.status).toBe(200);
      expect(list(listed.body).map((row) => row.id)).toContain(mine.id);
      expect(
        list(listed.body).every(
          (row) => row.attributes.is_host === false && row.attributes.can_edit === false,
        ),
      ).toBe(true);
      expect(
        (await admin.get(`/api/crs/crs?filter[course_id]=${other.course.id}`)).body.meta?.total,
      ).toBeGreaterThan(0);
      const read = await admin.get(`/api/crs/crs/${mine.id}`);
      expect(read.status).toBe(200);
      expect(one(read.body).attributes).toMatchObject({ title: mine.attributes.title, can_edit: false });
      // read only: no change, no deleting, no new room
      expect((await admin.patch(`/api/crs/crs/${mine.id}`, body({ title: 'Mine now' }))).status).toBe(404);
      expect((await admin.send('DELETE', `/api/crs/crs/${mine.id}`)).status).toBe(404);
      expect(
        (
          await admin.post(
            '/api/crs/crs',
            body({ course_id: c.course.id, title: 'No', start_at: wire(0), end_at: wire(MINUTE) }),
          )
        ).status,
      ).toBe(404);
      const elsewhereAdmin = await h.as(await h.given.user(2, 'admin'));
      expect((await elsewhereAdmin.get(`/api/crs/crs/${mine.id}`)).status).toBe(404);
      expect(
        (await elsewhereAdmin.get(`/api/crs/crs?filter[course_id]=${c.course.id}`)).body.meta?.total,
      ).toBe(0);
      expect(one(theirs.body).attributes.course_id).toBe(other.course.id);
    });
  });

  describe('xAPI statements and results', () => {
    const CONTENT = 'https://lms.example/h5p/embed/42';
    const statement = (who: string, verb: string, result?: unknown, extra: Record<string, unknown> = {}) => ({
      actor: { objectType: 'Agent', account: { homePage: 'https://lms.example', name: who }, name: 'x' },
      verb: { id: `http://adlnet.gov/expapi/verbs/${verb}`, display: { 'en-US': verb } },
      object: { objectType: 'Activity', id: CONTENT, definition: { name: { 'en-US': 'Sets quiz' } } },
      ...(result === undefined ? {} : { result }),
      ...extra,
    });
    const send = (as: ApiClient, crsId: string, sent: unknown) =>
      as.post('/api/crs/xapi', body({ crs_id: Number(crsId), statement: sent }));

    it('refuses a statement that is not xAPI, or not the caller’s, pointing at the field', async () => {
      const created = await room();
      const me = String(c.student.id);
      const cases: Array<[unknown, string, string]> = [
        [
          { verb: statement(me, 'answered').verb, object: statement(me, 'answered').object },
          '/data/attributes/statement/actor',
          'actor is required: the Agent who did it',
        ],
        [
          statement(String(c.deskmate.id), 'answered'),
          '/data/attributes/statement/actor/account/name',
          'actor must be the caller: account.name is their user id or username',
        ],
        [
          { ...statement(me, 'answered'), verb: { id: 'answered' } },
          '/data/attributes/statement/verb/id',
          'verb.id must be an IRI',
        ],
        [
          { ...statement(me, 'answered'), object: {} },
          '/data/attributes/statement/object/id',
          'object.id must be an IRI',
        ],
        [
          statement(me, 'answered', { score: { scaled: 1.5 } }),
          '/data/attributes/statement/result/score/scaled',
          'score.scaled must be between -1 and 1',
        ],
        [
          statement(me, 'answered', { score: { raw: 12, min: 0, max: 10 } }),
          '/data/attributes/statement/result/score/raw',
          'score.raw must lie between score.min and score.max',
        ],
        [
          statement(me, 'answered', { success: 'yes' }),
          '/data/attributes/statement/result/success',
          'result.success must be true or false',
        ],
        ['a string', '/data/attributes/statement', 'statement must be an xAPI statement object'],
        [
          statement(me, 'answered', undefined, { padding: 'x'.repeat(70_000) }),
          '/data/attributes/statement',
          'statement must be at most 64 KB',
        ],
      ];
      for (const [sent, pointer, detail] of cases) {
        const response = await send(c.asStudent, created.id, sent);
        expect([
          response.status,
          response.body.errors?.[0]?.source?.pointer,
          response.body.errors?.[0]?.detail,
        ]).toEqual([422, pointer, detail]);
      }
      expect(await h.ds.query(`SELECT 1 FROM crs_xapi_statements WHERE room_id = $1`, [created.id])).toEqual(
        [],
      );
      expect((await send(c.asElsewhereStudent, created.id, statement(me, 'answered'))).status).toBe(404);
      expect((await send(c.asStranger, created.id, statement(me, 'answered'))).status).toBe(404);
    });

    it('counts the scored top-level answers per content: attempts, max, min and average in percent (worked example)', async () => {
      const created = await room();
      const [ani, budi] = [String(c.student.id), String(c.deskmate.id)];
      // Ani: 80 % (scaled 0.8), then 60 % (raw 3 of 5); Budi: 5 of 10 with min 0 → 50 %.
      // A sub-question (has a parent) and an `attempted` are kept but are no attempts.
      const sent: Array<[ApiClient, unknown, number | null]> = [
        [c.asStudent, statement(ani, 'attempted'), null],
        [c.asStudent, statement(ani, 'answered', { score: { scaled: 0.8 }, success: true }), 80],
        [
          c.asStudent,
          statement(ani, 'completed', { score: { raw: 3, min: 0, max: 5 }, completion: true }),
          60,
        ],
        [
          c.asDeskmate,
          statement(
            budi,
            'answered',
            { score: { scaled: 1 } },
            {
              context: { contextActivities: { parent: [{ id: CONTENT }] } },
            },
          ),
          null,
        ],
        [c.asDeskmate, statement(budi, 'answered', { score: { raw: 5, min: 0, max: 10 } }), 50],
      ];
      for (const [as, statementSent, score] of sent) {
        const response = await send(as, created.id, statementSent);
        expect(response.status).toBe(201);
        expect(one(response.body).attributes).toMatchObject({
          crs_id: Number(created.id),
          content_id: CONTENT,
          score,
        });
      }
      // the other content: nothing scored yet
      const video = { ...statement(ani, 'experienced'), object: { id: 'https://lms.example/h5p/embed/43' } };
      expect((await send(c.asStudent, created.id, video)).status).toBe(201);

      const results = await h.api.at(HOSTS[1]).get(`/api/public/crs/result/${created.id}`);
      expect(results.status).toBe(200);
      expect(results.body.meta).toEqual({ total: 2 });
      expect(list(results.body).map((row) => row.attributes)).toEqual([
        { content_id: CONTENT, name: 'Sets quiz', attempt: 3, max: 80, min: 50, avg: 63.33 },
        {
          content_id: 'https://lms.example/h5p/embed/43',
          name: 'https://lms.example/h5p/embed/43',
          attempt: 0,
          max: null,
          min: null,
          avg: null,
        },
      ]);
      // numbers only: nobody's id or name
      expect(JSON.stringify(results.body)).not.toContain(c.student.name);
      expect((await h.api.at(HOSTS[2]).get(`/api/public/crs/result/${created.id}`)).status).toBe(404);
      expect((await h.api.at('nowhere.test').get(`/api/public/crs/result/${created.id}`)).status).toBe(404);
    });
  });
});
