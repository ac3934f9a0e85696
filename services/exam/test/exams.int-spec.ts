import type { JsonDocument } from '@lms/testing';
import { ExamHarness, list, one } from './support/harness';

/** The exams API (spec 02 §7 "Exams") on PostgreSQL: authoring, validation, who sees what. */
describe('exams', () => {
  const h = new ExamHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const base = (courseId: number) => ({
    course_id: courseId,
    name: 'Midterm',
    type: 'midterm',
    start_at: '2030-03-01 08:00:00',
    end_at: '2030-03-01 10:00:00',
  });

  it('creates an exam with every attribute of spec 02 §3, unpublished with package 0 by default', async () => {
    const c = await h.course();
    const created = await c.asLecturer.post('/api/exam/exams', base(c.course.id));
    expect(created.status).toBe(201);
    expect(one(created.body).type).toBe('exams');
    expect(one(created.body).attributes).toMatchObject({
      course_id: c.course.id,
      activity_id: null,
      name: 'Midterm',
      exams_type: 'midterm',
      start_at: '2030-03-01 08:00:00',
      end_at: '2030-03-01 10:00:00',
      passing_grade: 0,
      package: 0,
      is_published: false,
      is_finished: false,
      retry: 0,
      is_back: true,
      is_duration: false,
      duration: null,
      final_score_type: 'highest',
      is_restricted_ip: false,
      ip_whitelists: [],
      is_safe: false,
      is_token: false,
      can_edit: true,
      token: null,
    });
    const full = await c.asAssistant.post('/api/exam/exams', {
      data: {
        attributes: {
          ...base(c.course.id),
          exams_type: 'final',
          type: undefined,
          activity_id: c.activityId,
          passing_grade: '62.5',
          package: 2,
          retry: 1,
          is_back: 0,
          is_duration: true,
          duration: 90,
          intro: '<p>Good luck</p>',
          is_shuffle: true,
          final_score_type: 'average',
          is_restricted_ip: true,
          ip_whitelists: ['10.1.2.3', '192.168.0.0/16', '2001:db8::/32', '::1'],
          is_safe: true,
          is_mobile: true,
          is_airplane: true,
          is_network_change: true,
          is_minimize: true,
          is_incoming_call: true,
          is_sms: true,
          is_token: true,
          is_show_solution: true,
          is_show_score: true,
          is_show_solution_directly: false,
          use_autograder: true,
          auto_apply_scoregrader: true,
          class_ids: [c.classA],
        },
      },
    });
    expect(full.status).toBe(201);
    expect(one(full.body).attributes).toMatchObject({
      exams_type: 'final',
      activity_id: c.activityId,
      passing_grade: 62.5,
      package: 2,
      is_back: false,
      duration: 90,
      final_score_type: 'average',
      ip_whitelists: ['10.1.2.3', '192.168.0.0/16', '2001:db8::/32', '::1'],
      use_autograder: true,
      auto_apply_scoregrader: true,
    });
    const [event] = (await h.events('exam.exam.upserted')).filter(
      (e) => e.data.id === Number(one(full.body).id),
    );
    expect(event.data).toMatchObject({ courseId: c.course.id, packages: 2, classIds: [c.classA] });
  });

  it('validates every field with a pointer, and the settings as a whole', async () => {
    const c = await h.course();
    const bad = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: '',
      passing_grade: 101,
      retry: -1,
      package: 0,
      duration: 0,
      final_score_type: 'best',
      ip_whitelists: ['10.0.0.1', '10.0.0.300', '10.0.0.0/33', 'fe80::/129', 'example.org'],
      is_published: 'perhaps',
      start_at: 'tomorrow',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((e) => e.source?.pointer).sort()).toEqual(
      [
        '/data/attributes/name',
        '/data/attributes/start_at',
        '/data/attributes/passing_grade',
        '/data/attributes/package',
        '/data/attributes/is_published',
        '/data/attributes/retry',
        '/data/attributes/duration',
        '/data/attributes/final_score_type',
        '/data/attributes/ip_whitelists/1',
        '/data/attributes/ip_whitelists/2',
        '/data/attributes/ip_whitelists/3',
        '/data/attributes/ip_whitelists/4',
      ].sort(),
    );

    const whole = await c.asLecturer.post('/api/exam/exams', {
      ...base(c.course.id),
      end_at: '2030-03-01 07:00:00',
      is_duration: true,
      is_restricted_ip: true,
      activity_id: 999999,
      class_ids: [c.classB, 888888],
      type: 'quiz',
      exams_type: 'final',
    });
    expect(whole.status).toBe(422);
    expect(whole.body.errors?.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/data/attributes/type', 'type and exams_type differ: send one of them'],
      ['/data/attributes/end_at', 'end_at must be after start_at'],
      ['/data/attributes/duration', 'duration (minutes, more than 0) is required when is_duration is true'],
      [
        '/data/attributes/ip_whitelists',
        'ip_whitelists needs at least one address or range when is_restricted_ip is true',
      ],
      ['/data/attributes/activity_id', 'activity_id is not an activity of the course'],
      ['/data/attributes/class_ids/1', 'class 888888 is not a class of the course'],
    ]);
    expect((await c.asLecturer.post('/api/exam/exams', { name: 'x' })).body.errors?.[0].source?.pointer).toBe(
      '/data/attributes/course_id',
    );
  });

  it('updates only the fields sent; the package count only grows by PATCH', async () => {
    const c = await h.course();
    const id = one(
      (await c.asLecturer.post('/api/exam/exams', { ...base(c.course.id), package: 3 })).body,
    ).id;
    const patched = await c.asAssistant.patch(`/api/exam/exams/${id}`, {
      type: 'quiz',
      is_duration: true,
      duration: 45,
    });
    expect(patched.status).toBe(200);
    expect(one(patched.body).attributes).toMatchObject({
      name: 'Midterm',
      exams_type: 'quiz',
      start_at: '2030-03-01 08:00:00',
      is_duration: true,
      duration: 45,
      package: 3,
    });
    // The window is checked with what is stored: an end before the stored start is refused.
    const reversed = await c.asLecturer.patch(`/api/exam/exams/${id}`, { end_at: '2030-02-28 10:00:00' });
    expect(reversed.body.errors?.map((e) => e.source?.pointer)).toEqual(['/data/attributes/end_at']);
    const untimed = await c.asLecturer.patch(`/api/exam/exams/${id}`, { duration: null });
    expect(untimed.body.errors?.map((e) => e.source?.pointer)).toEqual(['/data/attributes/duration']);
    const fewer = await c.asLecturer.patch(`/api/exam/exams/${id}`, { package: 2 });
    expect(fewer.body.errors?.map((e) => e.source?.pointer)).toEqual(['/data/attributes/package']);
    const moved = await c.asLecturer.patch(`/api/exam/exams/${id}`, { course_id: c.course.id + 1 });
    expect(moved.body.errors?.map((e) => e.source?.pointer)).toEqual(['/data/attributes/course_id']);
    expect(one((await c.asLecturer.get(`/api/exam/exams/${id}`)).body).attributes).toMatchObject({
      end_at: '2030-03-01 10:00:00',
      duration: 45,
      package: 3,
    });
  });

  it('lets only the course staff and the exam assistants author; students and strangers get 403/404', async () => {
    const c = await h.course();
    expect((await c.asStudent.post('/api/exam/exams', base(c.course.id))).status).toBe(403);
    expect((await c.asStranger.post('/api/exam/exams', base(c.course.id))).status).toBe(404);
    expect((await c.asElsewhere.post('/api/exam/exams', base(c.course.id))).status).toBe(404);
    const id = one(
      (await c.asLecturer.post('/api/exam/exams', { ...base(c.course.id), is_published: true })).body,
    ).id;

    // A published exam: its students read it (without the token) but may not change it.
    const read = await c.asStudent.get(`/api/exam/exams/${id}`);
    expect(read.status).toBe(200);
    expect(one(read.body).attributes.can_edit).toBe(false);
    expect(one(read.body).attributes).not.toHaveProperty('token');
    expect(one(read.body).attributes).not.toHaveProperty('ip_whitelists');
    for (const [client, status] of [
      [c.asStudent, 403],
      [c.asStranger, 404],
      [c.asOtherStudent, 404],
      [c.asElsewhere, 404],
    ] as const) {
      expect((await client.patch(`/api/exam/exams/${id}`, { name: 'Mine' })).status).toBe(status);
      expect((await client.send<JsonDocument>('DELETE', `/api/exam/exams/${id}`)).status).toBe(status);
      expect((await client.post('/api/exam/exams/token', { exam_id: Number(id) })).status).toBe(status);
    }
    expect((await c.asStranger.get(`/api/exam/exams/${id}`)).status).toBe(404);
    expect((await c.asElsewhere.get(`/api/exam/exams/${id}`)).status).toBe(404);

    // An exam assistant authors this exam (not the course's other exams) but does not manage assistants.
    const add = await c.asLecturer.send<JsonDocument>('PUT', '/api/exam/exams/assistant', [
      { action: 'add', exam_id: Number(id), user_ids: [c.stranger.id] },
    ]);
    expect(add.status).toBe(200);
    expect(list(add.body)[0].relationships?.assistants).toEqual({
      data: [{ type: 'users', id: String(c.stranger.id) }],
    });
    expect((await c.asStranger.patch(`/api/exam/exams/${id}`, { name: 'Shared' })).status).toBe(200);
    expect(
      (
        await c.asStranger.send<JsonDocument>('PUT', '/api/exam/exams/assistant', [
          { action: 'add', exam_id: Number(id), user_ids: [c.stranger.id] },
        ])
      ).status,
    ).toBe(403);
    const refused = await c.asLecturer.send<JsonDocument>('PUT', '/api/exam/exams/assistant', [
      { action: 'add', exam_id: Number(id), user_ids: [c.student.id, c.elsewhere.id] },
      { action: 'promote', exam_id: Number(id) },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.map((e) => e.source?.pointer)).toEqual([
      '/data/1/attributes/action',
      '/data/1/attributes/user_ids',
    ]);
    const notLecturers = await c.asLecturer.send<JsonDocument>('PUT', '/api/exam/exams/assistant', [
      { action: 'add', exam_id: Number(id), user_ids: [c.student.id, c.elsewhere.id] },
    ]);
    expect(notLecturers.body.errors?.map((e) => e.source?.pointer)).toEqual([
      '/data/0/attributes/user_ids/0',
      '/data/0/attributes/user_ids/1',
    ]);
    await c.asLecturer.send<JsonDocument>('PUT', '/api/exam/exams/assistant', [
      { action: 'remove', exam_id: Number(id), user_ids: [c.stranger.id] },
    ]);
    expect((await c.asStranger.patch(`/api/exam/exams/${id}`, { name: 'Gone' })).status).toBe(404);
  });

  it('lists the homepage exams of the caller, latest start first', async () => {
    const c = await h.course();
    const make = async (name: string, start: string, extra: Record<string, unknown> = {}) =>
      Number(
        one(
          (
            await c.asLecturer.post('/api/exam/exams', {
              course_id: c.course.id,
              name,
              start_at: start,
              end_at: '2031-01-01 00:00:00',
              ...extra,
            })
          ).body,
        ).id,
      );
    const early = await make('Early', '2030-01-01 08:00:00', { is_published: true });
    const late = await make('Late', '2030-06-01 08:00:00', { is_published: true });
    const draft = await make('Draft', '2030-09-01 08:00:00');
    const forB = await make('For B', '2030-04-01 08:00:00', { is_published: true, class_ids: [c.classB] });
    const ids = (doc: { data?: unknown }) => list(doc).map((exam) => Number(exam.id));

    expect(ids((await c.asLecturer.get('/api/exam/exams')).body)).toEqual([draft, late, forB, early]);
    expect(ids((await c.asAssistant.get('/api/exam/exams')).body)).toEqual([draft, late, forB, early]);
    expect(ids((await c.asStudent.get('/api/exam/exams')).body)).toEqual([late, early]);
    expect(ids((await c.asClassmate.get('/api/exam/exams')).body)).toEqual([late, forB, early]);
    expect(ids((await c.asStranger.get('/api/exam/exams')).body)).toEqual([]);
    expect(ids((await c.asElsewhere.get('/api/exam/exams')).body)).toEqual([]);
    expect((await c.asStudent.get(`/api/exam/exams/${draft}`)).status).toBe(404);

    const page = await c.asLecturer.get(
      '/api/exam/exams?filter[is_published][is]=true&sort=name&page[limit]=2&include=course,classes',
    );
    expect(ids(page.body)).toEqual([early, forB]);
    expect(page.body.meta).toEqual({ total: 3, limit: 2, offset: 0 });
    expect(page.body.included?.map((item) => item.type).sort()).toEqual(['classes', 'classes', 'courses']);
    expect((await c.asLecturer.get('/api/exam/exams?filter[token][is]=x')).status).toBe(400);
    // The homepage asks for a page of 1000 (spec 02 §9); a larger page is refused.
    const home = await c.asStudent.get('/api/exam/exams?sort=-start_at&page[limit]=1000&include=course');
    expect(home.status).toBe(200);
    expect(home.body.meta).toEqual({ total: 2, limit: 1000, offset: 0 });
    const tooLarge = await c.asStudent.get('/api/exam/exams?page[limit]=1001');
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors?.[0].source).toEqual({ parameter: 'page[limit]' });

    const classes = await c.asLecturer.get(`/api/exam/exams/${forB}/classes`);
    expect(list(classes.body).map((item) => [Number(item.id), item.attributes.name])).toEqual([
      [c.classB, 'B'],
    ]);
    expect(list((await c.asLecturer.get(`/api/exam/exams/${early}/classes`)).body)).toHaveLength(2);
  });

  it('deletes softly and restores, with their events', async () => {
    const c = await h.course();
    const id = Number(one((await c.asLecturer.post('/api/exam/exams', base(c.course.id))).body).id);
    expect((await c.asLecturer.send<JsonDocument>('DELETE', `/api/exam/exams/${id}`)).status).toBe(204);
    expect((await c.asLecturer.send<JsonDocument>('DELETE', `/api/exam/exams/${id}`)).status).toBe(204);
    const live = await c.asLecturer.get('/api/exam/exams');
    expect(list(live.body).map((exam) => Number(exam.id))).not.toContain(id);
    const deleted = await c.asLecturer.get('/api/exam/exams?filter[deleted_at][null]=false');
    expect(list(deleted.body).map((exam) => Number(exam.id))).toEqual([id]);
    expect((await h.events('exam.exam.deleted')).filter((e) => e.data.id === id)).toHaveLength(1);

    expect((await c.asStudent.send<JsonDocument>('PATCH', `/api/exam/exams/${id}/restore`)).status).toBe(404);
    const restored = await c.asLecturer.send<JsonDocument>('PATCH', `/api/exam/exams/${id}/restore`);
    expect(restored.status).toBe(200);
    expect(one(restored.body).attributes.deleted_at).toBeNull();
    expect(list((await c.asLecturer.get('/api/exam/exams')).body).map((exam) => Number(exam.id))).toContain(
      id,
    );
  });

  it('removes a package with its questions and moves the later ones down', async () => {
    const c = await h.course();
    const id = Number(
      one((await c.asLecturer.post('/api/exam/exams', { ...base(c.course.id), package: 3 })).body).id,
    );
    const question = async (pack: number, text: string) =>
      Number(
        one(
          (
            await c.asLecturer.post('/api/exam/questions', {
              exam_id: id,
              package: pack,
              questions_type: 'essay',
              question: text,
            })
          ).body,
        ).id,
      );
    const first = await question(1, 'one');
    const second = [await question(2, 'two a'), await question(2, 'two b')];
    const third = await question(3, 'three');
    expect((await c.asLecturer.send<JsonDocument>('DELETE', `/api/exam/exams/${id}/package/4`)).status).toBe(
      404,
    );
    expect((await c.asStudent.send<JsonDocument>('DELETE', `/api/exam/exams/${id}/package/1`)).status).toBe(
      404,
    );
    expect((await c.asAssistant.send<JsonDocument>('DELETE', `/api/exam/exams/${id}/package/2`)).status).toBe(
      200,
    );

    const exam = one((await c.asLecturer.get(`/api/exam/exams/${id}`)).body);
    expect(exam.attributes.package).toBe(2);
    const rows: Array<{ id: string; package: number; index: number }> = await h.ds.query(
      `SELECT id, package, index FROM questions WHERE exam_id = $1 ORDER BY package, index`,
      [id],
    );
    expect(rows.map((row) => [Number(row.id), row.package, row.index])).toEqual([
      [first, 1, 1],
      [third, 2, 1],
    ]);
    const changes = (await h.events('exam.question.changed')).filter((e) => e.data.examId === id);
    expect(changes.slice(-2).map((e) => [e.data.action, e.data.questionIds.sort()])).toEqual([
      ['deleted', second.sort()],
      ['updated', [third]],
    ]);
    const events = (await h.events('exam.exam.upserted')).filter((e) => e.data.id === id);
    expect(events.map((e) => e.data.packages)).toEqual([3, 2]);
  });

  it('makes exam tokens from an unambiguous alphabet, with their settings', async () => {
    const c = await h.course();
    const id = Number(one((await c.asLecturer.post('/api/exam/exams', base(c.course.id))).body).id);
    const made = await c.asLecturer.post('/api/exam/exams/token', {
      exam_id: id,
      token_length: 8,
      token_duration: 30,
      token_reconnect: true,
    });
    expect(made.status).toBe(201);
    const token = one(made.body).attributes;
    expect(token).toMatchObject({ exam_id: id, token_length: 8, token_duration: 30, token_reconnect: true });
    expect(token.token).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    // Defaults (6 characters, 60 minutes) the first time; the exam's settings after that.
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const again = one((await c.asLecturer.post('/api/exam/exams/token', { exam_id: id })).body).attributes;
      expect(again.token).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
      tokens.add(String(again.token));
    }
    expect(tokens.size).toBeGreaterThan(15);
    expect(one((await c.asLecturer.get(`/api/exam/exams/${id}`)).body).attributes).toMatchObject({
      token_length: 8,
      token_duration: 30,
      token_reconnect: true,
    });
    const bad = await c.asLecturer.post('/api/exam/exams/token', {
      exam_id: id,
      token_length: 3,
      token_duration: 0,
    });
    expect(bad.body.errors?.map((e) => e.source?.pointer)).toEqual([
      '/data/attributes/token_length',
      '/data/attributes/token_duration',
    ]);
  });
});
