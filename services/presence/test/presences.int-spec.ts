import type { ApiClient, JsonDocument, JsonResource } from '@lms/testing';
import { body, list, MINUTE, one, PresenceHarness, wire } from './support/harness';

/** Sessions of a class: authoring, who reads what, manual marks, the sent lock, opening, the class list. */
describe('presences', () => {
  const h = new PresenceHarness();
  let c: Awaited<ReturnType<PresenceHarness['classroom']>>;
  beforeAll(async () => {
    await h.start();
    c = await h.classroom();
  });
  afterAll(() => h.stop());

  const create = (as: ApiClient, attributes: Record<string, unknown>) =>
    as.post(
      '/api/course/presences',
      body({
        course_id: c.course.id,
        class_id: c.classA,
        start_at: wire(-10 * MINUTE),
        end_at: wire(90 * MINUTE),
        ...attributes,
      }),
    );
  async function session(attributes: Record<string, unknown> = {}): Promise<JsonResource> {
    const response = await create(c.asLecturer, attributes);
    expect(response.status).toBe(201);
    return one(response.body);
  }
  const count = async () => Number((await h.ds.query(`SELECT count(*) AS n FROM presences`))[0].n as string);
  const mark = (as: ApiClient, id: string, attributes: Record<string, unknown>) =>
    as.send<JsonDocument>('PUT', `/api/course/presences/${id}/manual`, body(attributes));

  describe('creating a session', () => {
    it('keeps the spec’s attributes, joins the topics with their preview links and lists the class’s students', async () => {
      const created = await session({
        act_code: 'P01',
        start_at: '2026-03-02 08:00:00',
        end_at: '2026-03-02 09:40:00',
        presence_start: '2026-03-02 08:00:00',
        presence_end: '2026-03-02 08:30:00',
        note: 'Bring a laptop',
        topic_ids: [c.week2, c.week1],
      });
      const courseId = c.course.id;
      expect(created.attributes).toMatchObject({
        course_id: courseId,
        class_id: c.classA,
        class_name: 'A',
        act_code: 'P01',
        start_at: '2026-03-02 08:00:00',
        end_at: '2026-03-02 09:40:00',
        presence_start: '2026-03-02 08:00:00',
        presence_end: '2026-03-02 08:30:00',
        note: 'Bring a laptop',
        topics: [
          { id: c.week2, name: 'Week 2: functions', url: `/courses/${courseId}/preview/${c.week2}` },
          { id: c.week1, name: 'Week 1: sets', url: `/courses/${courseId}/preview/${c.week1}` },
        ],
        topic: 'Week 2: functions;Week 1: sets',
        url: `/courses/${courseId}/preview/${c.week2};/courses/${courseId}/preview/${c.week1}`,
        is_sent: false,
        is_open: false,
        can_edit: true,
        my_detail: null,
        counts: { attend: 0, sick: 0, absent: 0, leave: 0, other: 0, unmarked: 2, students: 2 },
      });
      expect(created.attributes.check_in_code).toMatch(/^[A-Z2-9]{6}$/);
      const read = one((await c.asAssistant.get(`/api/course/presences/${created.id}`)).body);
      expect(read.attributes.details).toEqual([
        {
          user_id: c.student.id,
          code: '2301001',
          name: 'Ani',
          role: 'STUDENT',
          status: null,
          type: null,
          marked_at: null,
          source: null,
        },
        {
          user_id: c.deskmate.id,
          code: '2301002',
          name: 'Budi',
          role: 'STUDENT',
          status: null,
          type: null,
          marked_at: null,
          source: null,
        },
      ]);
    });

    it('refuses bad input with the spec’s texts, storing nothing', async () => {
      const before = await count();
      const missing = await c.asLecturer.post(
        '/api/course/presences',
        body({ start_at: wire(0), end_at: wire(MINUTE) }),
      );
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            detail: 'Course ID is required',
            source: { pointer: '/data/attributes/course_id' },
          }),
          expect.objectContaining({
            detail: 'Class ID is required',
            source: { pointer: '/data/attributes/class_id' },
          }),
        ]),
      );
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { start_at: '02/03/2026 08:00' },
          '/data/attributes/start_at',
          'start_at must be a date as YYYY-MM-DD HH:mm:ss',
        ],
        [
          { start_at: '2026-03-02 10:00:00', end_at: '2026-03-02 09:00:00' },
          '/data/attributes/end_at',
          'end_at must be after start_at',
        ],
        [
          { presence_start: '2026-03-02 08:30:00', presence_end: '2026-03-02 08:00:00' },
          '/data/attributes/presence_end',
          'presence_end must be after presence_start',
        ],
        [{ class_id: h.nextId() }, '/data/attributes/class_id', 'Class ID is not a class of this course'],
        [
          { topic_ids: [c.week1, 999_999] },
          '/data/attributes/topic_ids/1',
          'topic_ids[1] is not a module of this course',
        ],
      ];
      for (const [attributes, pointer, detail] of cases) {
        const response = await create(c.asLecturer, attributes);
        expect(response.status).toBe(422);
        expect(response.body.errors).toContainEqual(expect.objectContaining({ detail, source: { pointer } }));
      }
      expect(await count()).toBe(before);
    });

    it('is for the course’s staff only: 403 for its students, 404 for others and another campus', async () => {
      const before = await count();
      expect((await create(c.asStudent, {})).status).toBe(403);
      expect((await create(c.asStranger, {})).status).toBe(404);
      expect((await create(c.asElsewhere, {})).status).toBe(404);
      expect(await count()).toBe(before);
      expect((await create(c.asAssistant, {})).status).toBe(201);
    });
  });

  describe('reading', () => {
    it('lists a class’s sessions by start, ten a page, to its staff and its students only', async () => {
      const mine = await h.classroom();
      for (let n = 0; n < 12; n += 1)
        expect(
          (
            await mine.asLecturer.post(
              '/api/course/presences',
              body({
                course_id: mine.course.id,
                class_id: mine.classA,
                act_code: `P${String(12 - n).padStart(2, '0')}`,
                start_at: `2026-03-${String(30 - n).padStart(2, '0')} 08:00:00`,
                end_at: `2026-03-${String(30 - n).padStart(2, '0')} 09:40:00`,
              }),
            )
          ).status,
        ).toBe(201);
      const query = `/api/course/presences?filter[course_id]=${mine.course.id}&filter[class_id]=${mine.classA}&sort=start_at`;
      const page = await mine.asLecturer.get(query);
      expect(page.status).toBe(200);
      expect(page.body.meta).toEqual({ total: 12, limit: 10, offset: 0 });
      expect(list(page.body).map((item) => item.attributes.act_code)).toEqual([
        'P01',
        'P02',
        'P03',
        'P04',
        'P05',
        'P06',
        'P07',
        'P08',
        'P09',
        'P10',
      ]);
      expect(list(page.body)[0].attributes.details).toEqual([]);
      const student = await mine.asStudent.get(`${query}&page[offset]=10`);
      expect(list(student.body).map((item) => item.attributes.act_code)).toEqual(['P11', 'P12']);
      expect(list(student.body)[0].attributes).toMatchObject({
        check_in_code: null,
        counts: null,
        can_edit: false,
      });
      for (const outsider of [mine.asClassmate, mine.asStranger, mine.asElsewhere, mine.asElsewhereStudent])
        expect((await outsider.get(query)).body.meta).toMatchObject({ total: 0 });
    });

    it('shows a student their own row only, and hides the session from other classes and campuses', async () => {
      const created = await session();
      expect(
        (await mark(c.asLecturer, created.id, { action: 'update', user_id: c.deskmate.id, type: 'sick' }))
          .status,
      ).toBe(200);
      const read = one((await c.asStudent.get(`/api/course/presences/${created.id}`)).body);
      expect(read.attributes).toMatchObject({
        check_in_code: null,
        counts: null,
        can_edit: false,
        my_detail: { user_id: c.student.id, type: null },
      });
      expect(read.attributes.details).toEqual([read.attributes.my_detail]);
      for (const outsider of [c.asClassmate, c.asStranger, c.asElsewhere, c.asElsewhereStudent])
        expect((await outsider.get(`/api/course/presences/${created.id}`)).status).toBe(404);
    });
  });

  describe('the campus’s administrator', () => {
    it('reads every session and class of the campus with the students, exports, but changes nothing', async () => {
      const created = await session();
      await mark(c.asLecturer, created.id, { action: 'update', user_id: c.student.id, type: 'attend' });
      const admin = await h.as(await h.given.user(1, 'admin'));
      const read = await admin.get(`/api/course/presences/${created.id}`);
      expect(read.status).toBe(200);
      expect(one(read.body).attributes).toMatchObject({
        check_in_code: null,
        can_edit: false,
        my_detail: null,
        counts: { attend: 1, unmarked: 1, students: 2 },
      });
      expect(one(read.body).attributes.details).toHaveLength(2);
      const listed = await admin.get(`/api/course/presences?filter[class_id]=${c.classA}&page[limit]=100`);
      expect(list(listed.body).map((item) => item.id)).toContain(created.id);
      const classes = list(
        (await admin.get(`/api/course/presences/list?filter[course_id]=${c.course.id}`)).body,
      );
      expect(classes.map((item) => [item.attributes.class_id, item.attributes.role])).toEqual([
        [c.classA, 'admin'],
        [c.classB, 'admin'],
      ]);
      expect((await admin.get(`/api/presence-export/export/${created.id}`)).status).toBe(200);
      expect(
        (await mark(admin, created.id, { action: 'update', user_id: c.deskmate.id, type: 'attend' })).status,
      ).toBe(403);
      expect((await admin.patch(`/api/presence/${created.id}`, body({ is_sent: 1 }))).status).toBe(403);
      expect((await create(admin, {})).status).toBe(403);
      const elsewhere = await h.as(await h.given.user(2, 'admin'));
      expect((await elsewhere.get(`/api/course/presences/${created.id}`)).status).toBe(404);
      expect((await elsewhere.get(`/api/presence-export/export/${created.id}`)).status).toBe(404);
    });
  });

  describe('manual marks', () => {
    it('sets each of the five types with its status, clears one, and counts them', async () => {
      const created = await session();
      const path = `/api/course/presences/${created.id}`;
      for (const type of ['attend', 'sick', 'absent', 'leave', 'other'] as const) {
        const response = await mark(c.asAssistant, created.id, {
          action: 'update',
          user_id: c.student.id,
          code: 'ignored',
          name: 'Ignored',
          role: 'STUDENT',
          status: type === 'attend' ? 1 : 0,
          type,
        });
        expect(response.status).toBe(200);
        expect(one(response.body).attributes.details).toContainEqual(
          expect.objectContaining({
            user_id: c.student.id,
            code: '2301001',
            name: 'Ani',
            type,
            status: type === 'attend' ? 1 : 0,
            source: 'manual',
          }),
        );
      }
      await mark(c.asLecturer, created.id, { action: 'update', user_id: c.deskmate.id, type: 'attend' });
      expect(one((await c.asLecturer.get(path)).body).attributes.counts).toEqual({
        attend: 1,
        sick: 0,
        absent: 0,
        leave: 0,
        other: 1,
        unmarked: 0,
        students: 2,
      });
      const cleared = await mark(c.asLecturer, created.id, { action: 'delete', user_id: c.deskmate.id });
      expect(one(cleared.body).attributes.counts).toMatchObject({ attend: 0, other: 1, unmarked: 1 });
      const mine = one((await c.asStudent.get(path)).body);
      expect(mine.attributes.my_detail).toMatchObject({ type: 'other', status: 0 });
    });

    it('refuses a status that is not the type’s, a missing type, someone not of the class, and students', async () => {
      const created = await session();
      const refused: Array<[Record<string, unknown>, string]> = [
        [{ action: 'update', user_id: c.student.id, type: 'sick', status: 1 }, 'status of sick is 0, not 1'],
        [{ action: 'update', user_id: c.student.id }, 'type is required'],
        [
          { action: 'update', user_id: c.classmate.id, type: 'attend' },
          'user_id is not a student of this class',
        ],
        [{ action: 'erase', user_id: c.student.id, type: 'attend' }, 'action only update, delete not erase'],
      ];
      for (const [attributes, detail] of refused) {
        const response = await mark(c.asLecturer, created.id, attributes);
        expect(response.status).toBe(422);
        expect(response.body.errors).toContainEqual(expect.objectContaining({ detail }));
      }
      expect(
        (await mark(c.asStudent, created.id, { action: 'update', user_id: c.student.id, type: 'attend' }))
          .status,
      ).toBe(403);
      expect(
        (await mark(c.asElsewhere, created.id, { action: 'update', user_id: c.student.id, type: 'attend' }))
          .status,
      ).toBe(404);
      expect(await h.ds.query(`SELECT * FROM presence_details WHERE presence_id = $1`, [created.id])).toEqual(
        [],
      );
    });
  });

  describe('sending', () => {
    it('closes the session for good: presence.session.sent once, then every change is a 409 that says why', async () => {
      const created = await session();
      await mark(c.asLecturer, created.id, { action: 'update', user_id: c.student.id, type: 'leave' });
      expect((await c.asStudent.patch(`/api/presence/${created.id}`, body({ is_sent: 1 }))).status).toBe(403);
      expect((await c.asElsewhere.patch(`/api/presence/${created.id}`, body({ is_sent: 1 }))).status).toBe(
        404,
      );
      const sent = await c.asLecturer.patch(`/api/presence/${created.id}`, body({ is_sent: 1 }));
      expect(sent.status).toBe(200);
      expect(one(sent.body).attributes).toMatchObject({ is_sent: true, is_open: false });
      expect((await c.asLecturer.patch(`/api/presence/${created.id}`, body({ is_sent: true }))).status).toBe(
        200,
      );
      const events = (await h.events('presence.session.sent')).filter(
        (event) => event.data.id === Number(created.id),
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        tenantId: 1,
        data: {
          courseId: c.course.id,
          classId: c.classA,
          details: [
            { userId: c.student.id, type: 'leave', status: 0 },
            { userId: c.deskmate.id, type: null, status: 0 },
          ],
        },
      });
      const refusals = [
        await c.asLecturer.patch(`/api/course/presences/${created.id}`, body({ note: 'late change' })),
        await mark(c.asLecturer, created.id, { action: 'update', user_id: c.deskmate.id, type: 'attend' }),
        await mark(c.asLecturer, created.id, { action: 'delete', user_id: c.student.id }),
        await c.asLecturer.patch(`/api/presence/${created.id}`, body({ is_sent: 0 })),
      ];
      for (const response of refusals) {
        expect(response.status).toBe(409);
        expect(response.body.errors?.[0]).toMatchObject({
          code: 'presence_sent',
          detail: expect.stringMatching(
            /^This session was sent on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}: its attendance is final/,
          ),
        });
      }
      const read = one((await c.asLecturer.get(`/api/course/presences/${created.id}`)).body);
      expect(read.attributes).toMatchObject({ note: null, counts: { leave: 1, attend: 0, unmarked: 1 } });
    });
  });

  describe('updating', () => {
    it('changes what is sent, regenerates the code, and keeps course and class', async () => {
      const created = await session({ act_code: 'P02' });
      const response = await c.asLecturer.patch(
        `/api/course/presences/${created.id}`,
        body({ note: 'Moved to lab 3', topic_ids: [c.week1], regenerate_code: 1 }),
      );
      expect(response.status).toBe(200);
      expect(one(response.body).attributes).toMatchObject({
        act_code: 'P02',
        note: 'Moved to lab 3',
        topic: 'Week 1: sets',
      });
      expect(one(response.body).attributes.check_in_code).not.toBe(created.attributes.check_in_code);
      const moved = await c.asLecturer.patch(
        `/api/course/presences/${created.id}`,
        body({ class_id: c.classB }),
      );
      expect(moved.status).toBe(422);
      expect(
        (await c.asStudent.patch(`/api/course/presences/${created.id}`, body({ note: 'x' }))).status,
      ).toBe(403);
    });
  });

  describe('opening by period (POST /presence)', () => {
    it('opens a session now for each class the lecturer teaches in the period, once', async () => {
      const mine = await h.classroom();
      const opened = await mine.asLecturer.post('/api/presence', body({ period_id: mine.periodId }));
      expect(opened.status).toBe(200);
      const sessions = list(opened.body);
      expect(sessions.map((item) => item.attributes.class_id).sort()).toEqual(
        [mine.classA, mine.classB].sort(),
      );
      expect(sessions[0].attributes).toMatchObject({
        is_open: true,
        is_sent: false,
        course_id: mine.course.id,
      });
      const again = await mine.asLecturer.post(
        '/api/presence',
        body({ period_id: mine.periodId, course_id: mine.course.id }),
      );
      expect(
        list(again.body)
          .map((item) => item.id)
          .sort(),
      ).toEqual(sessions.map((item) => item.id).sort());
      expect(
        list((await mine.asLecturer.post('/api/presence', body({ period_id: h.nextId() }))).body),
      ).toEqual([]);
      const otherPeriod = await mine.asLecturer.post(
        '/api/presence',
        body({ period_id: h.nextId(), course_id: mine.course.id }),
      );
      expect(otherPeriod.status).toBe(422);
      expect(
        (
          await mine.asStranger.post(
            '/api/presence',
            body({ period_id: mine.periodId, course_id: mine.course.id }),
          )
        ).status,
      ).toBe(404);
      expect((await mine.asLecturer.post('/api/presence', body({}))).body.errors).toContainEqual(
        expect.objectContaining({ detail: 'period_id is required' }),
      );
    });
  });

  describe('the classes list (GET /course/presences/list)', () => {
    it('lists the classes the caller teaches or studies in with their sessions', async () => {
      const mine = await h.classroom();
      await mine.asLecturer.post('/api/presence', body({ period_id: mine.periodId }));
      const staff = await mine.asLecturer.get(
        `/api/course/presences/list?filter[course_id]=${mine.course.id}`,
      );
      expect(staff.status).toBe(200);
      expect(list(staff.body).map((item) => item.attributes)).toEqual([
        expect.objectContaining({
          class_id: mine.classA,
          class_name: 'A',
          role: 'lecturer',
          sessions: 1,
          sent: 0,
          period_id: mine.periodId,
        }),
        expect.objectContaining({
          class_id: mine.classB,
          class_name: 'B',
          role: 'lecturer',
          sessions: 1,
          sent: 0,
        }),
      ]);
      const student = await mine.asStudent.get('/api/course/presences/list');
      expect(list(student.body).map((item) => [item.attributes.class_id, item.attributes.role])).toEqual([
        [mine.classA, 'student'],
      ]);
      expect(
        (await mine.asElsewhere.get(`/api/course/presences/list?filter[course_id]=${mine.course.id}`)).body
          .meta,
      ).toMatchObject({ total: 0 });
    });
  });
});
