import { SIGNALS_PER_ATTEMPT, SIGNALS_PER_MINUTE } from '../src/access/signals.service';
import { ExamHarness, list, one } from './support/harness';

type Course = Awaited<ReturnType<ExamHarness['course']>>;

/** Proctoring signals of an attempt (issue 13): the student's browser reports, staff read. */
describe('attempt signals', () => {
  const h = new ExamHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  async function exam(c: Course) {
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Final',
      start_at: '2020-01-01 08:00:00',
      end_at: '2099-01-01 08:00:00',
      package: 1,
      is_published: true,
    });
    expect(created.status).toBe(201);
    return Number(one(created.body).id);
  }

  /** A running attempt of the student, with its monitor row, as the start of an attempt leaves it. */
  async function attempt(examId: number, studentId: number) {
    const [{ id }] = await h.ds.query(
      `INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, start_at, end_at)
       VALUES (1, $1, $2, 1, 1, now(), now() + interval '1 hour') RETURNING id`,
      [examId, studentId],
    );
    await h.ds.query(
      `INSERT INTO attempt_progress (student_exam_id, exam_id, student_id, total) VALUES ($1, $2, $3, 5)`,
      [id, examId, studentId],
    );
    return Number(id);
  }

  const counted = async (id: number) =>
    Number(
      (await h.ds.query(`SELECT signals FROM attempt_progress WHERE student_exam_id = $1`, [id]))[0].signals,
    );

  it('records the signals of the student’s running attempt and shows them to the exam’s staff', async () => {
    const c = await h.course();
    const id = await attempt(await exam(c), c.student.id);
    const hidden = await c.asStudent.post(`/api/exam/studentexams/${id}/signals`, {
      kind: 'tab_hidden',
      at: '2030-03-01 08:15:02',
    });
    expect(hidden.status).toBe(201);
    expect(one(hidden.body)).toMatchObject({
      type: 'attempt-signals',
      attributes: { student_exam_id: id, kind: 'tab_hidden', at: '2030-03-01 08:15:02' },
    });
    for (const kind of ['window_blur', 'offline', 'online', 'fullscreen_exit'])
      expect((await c.asStudent.post(`/api/exam/studentexams/${id}/signals`, { kind })).status).toBe(201);
    expect(await counted(id)).toBe(5);

    const admin = await h.as(await h.given.user(1, 'admin'));
    for (const staff of [c.asLecturer, c.asAssistant, admin]) {
      const read = await staff.get(`/api/exam/studentexams/${id}/signals`);
      expect(read.status).toBe(200);
      expect(list(read.body).map((s) => s.attributes.kind)).toEqual([
        'tab_hidden',
        'window_blur',
        'offline',
        'online',
        'fullscreen_exit',
      ]);
      expect(list(read.body)[0].attributes).toMatchObject({ at: '2030-03-01 08:15:02' });
      expect(list(read.body)[1].attributes).toMatchObject({ at: null, received_at: expect.any(String) });
    }
    expect((await c.asStranger.get(`/api/exam/studentexams/${id}/signals`)).status).toBe(403);
    expect((await c.asStudent.get(`/api/exam/studentexams/${id}/signals`)).status).toBe(403);
    expect((await c.asElsewhere.get(`/api/exam/studentexams/${id}/signals`)).status).toBe(404);
  });

  it('refuses another student’s attempt, an ended one, and what is not a signal', async () => {
    const c = await h.course();
    const examId = await exam(c);
    const id = await attempt(examId, c.student.id);
    expect(
      (await c.asClassmate.post(`/api/exam/studentexams/${id}/signals`, { kind: 'offline' })).status,
    ).toBe(404);
    expect(
      (await c.asStudent.post(`/api/exam/studentexams/999999/signals`, { kind: 'offline' })).status,
    ).toBe(404);
    expect(
      (await c.asLecturer.post(`/api/exam/studentexams/${id}/signals`, { kind: 'offline' })).status,
    ).toBe(403);

    const bad = await c.asStudent.post(`/api/exam/studentexams/${id}/signals`, {
      kind: 'copy_paste',
      at: 'soon',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((e) => e.source?.pointer).sort()).toEqual([
      '/data/attributes/at',
      '/data/attributes/kind',
    ]);

    for (const ended of [
      `UPDATE student_exams SET end_at = now() - interval '1 second' WHERE id = $1`,
      `UPDATE student_exams SET end_at = now() + interval '1 hour', is_stopped = true WHERE id = $1`,
      `UPDATE student_exams SET is_stopped = false, is_finished = true WHERE id = $1`,
    ]) {
      await h.ds.query(ended, [id]);
      const refused = await c.asStudent.post(`/api/exam/studentexams/${id}/signals`, { kind: 'offline' });
      expect(refused.status).toBe(403);
      expect(refused.body.errors?.[0].code).toBe('closed');
    }
    expect(await counted(id)).toBe(0);
  });

  it('records at most 30 signals a minute and 1000 in all per attempt, and says when to try again', async () => {
    const c = await h.course();
    const examId = await exam(c);
    const id = await attempt(examId, c.student.id);
    const other = await attempt(examId, c.classmate.id);
    const burst = await Promise.all(
      Array.from({ length: SIGNALS_PER_MINUTE + 10 }, () =>
        c.asStudent.post(`/api/exam/studentexams/${id}/signals`, { kind: 'window_blur' }),
      ),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(SIGNALS_PER_MINUTE);
    const limited = burst.filter((r) => r.status === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0].headers['retry-after']).toBe('60');
    expect(await counted(id)).toBe(SIGNALS_PER_MINUTE);
    // Another attempt is not held back by this one.
    expect(
      (await c.asClassmate.post(`/api/exam/studentexams/${other}/signals`, { kind: 'offline' })).status,
    ).toBe(201);
    // A minute later the attempt may report again …
    await h.ds.query(
      `UPDATE attempt_signals SET received_at = received_at - interval '2 minutes' WHERE student_exam_id = $1`,
      [id],
    );
    expect((await c.asStudent.post(`/api/exam/studentexams/${id}/signals`, { kind: 'online' })).status).toBe(
      201,
    );
    // … until it has reported the most an attempt may.
    await h.ds.query(
      `INSERT INTO attempt_signals (tenant_id, student_exam_id, kind, received_at)
       SELECT 1, $1, 'tab_hidden', now() - interval '1 hour' FROM generate_series(1, $2)`,
      [id, SIGNALS_PER_ATTEMPT],
    );
    const capped = await c.asStudent.post(`/api/exam/studentexams/${id}/signals`, { kind: 'online' });
    expect(capped.status).toBe(429);
    expect(capped.body.errors?.[0].detail).toMatch(/the most it may/);
  });
});
