import { UnitOfWork } from '@lms/events';
import type { ApiClient, JsonDocument, JsonResource } from '@lms/testing';
import { AttemptSweeper } from '../src/attempts/attempt-sweeper';
import { AttemptsService } from '../src/attempts/attempts.service';
import { ExamContentCache } from '../src/attempts/exam-content.cache';
import { ExamHarness, list, one } from './support/harness';

/** A wall-clock time in the test campus's zone (Asia/Jakarta, UTC+7), as the API reads dates. */
const wire = (time: number) => new Date(time + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const HOUR = 3600_000;

/**
 * Taking an exam on PostgreSQL (spec 02 §4, §7 "Taking and grading"): the lobby, one attempt per
 * start however many requests race, the student's questions without what gives answers away,
 * saves where the highest sequence number wins, no going back, finishing (by the student, at the
 * deadline by racing sweepers, stopped by staff), reset and overrides, and who sees what.
 */
describe('attempts', () => {
  // sweeps are run by the tests themselves (the automatic one is tested below)
  const h = new ExamHarness({ ATTEMPT_SWEEP_INTERVAL_MS: '3600000' });
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  type Course = Awaited<ReturnType<ExamHarness['course']>>;

  /** A published exam open for the last and next hour, with five questions in each of two packages. */
  async function exam(c: Course, settings: Record<string, unknown> = {}) {
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Final',
      start_at: wire(Date.now() - HOUR),
      end_at: wire(Date.now() + HOUR),
      package: 2,
      is_published: true,
      is_shuffle: true,
      ...settings,
    });
    expect(created.status).toBe(201);
    const examId = Number(one(created.body).id);
    const dataSet = one((await c.asLecturer.post('/api/exam/datasets', { course_id: c.course.id })).body);
    await c.asLecturer.post('/api/exam/datasetdetails', { data_set_id: Number(dataSet.id), name: 'v' });
    await c.asLecturer.post(`/api/exam/datasets/${dataSet.id}/items`, { count: 20, seed: 3 });
    for (const pack of [1, 2]) {
      const questions = [
        {
          questions_type: 'multiple_choices',
          question: `P${pack} Which is prime?`,
          solution: 'Seven',
          answers: [
            { answer: 'Four', point: 0 },
            { answer: 'Seven', point: 1 },
            { answer: 'Nine', point: 0 },
          ],
        },
        {
          questions_type: 'multiple_answers',
          question: `P${pack} Which are even?`,
          answers: [
            { answer: 'Two', point: 1 },
            { answer: 'Three', point: 0 },
            { answer: 'Six', point: 1 },
          ],
        },
        { questions_type: 'essay', question: `P${pack} Explain recursion.` },
        {
          questions_type: 'exact',
          question: `P${pack} Capital of Indonesia?`,
          answers: [{ exact_answer: 'Jakarta', point: 1 }],
        },
        {
          questions_type: 'parameterized',
          question: `P${pack} Double {v}?`,
          data_set_id: Number(dataSet.id),
          answers: [{ formula: '2 * v', point: 1 }],
        },
      ];
      for (const question of questions) {
        const made = await c.asLecturer.post('/api/exam/questions', {
          exam_id: examId,
          package: pack,
          ...question,
        });
        expect(made.status).toBe(201);
      }
    }
    return examId;
  }

  async function generate(as: ApiClient, examId: number) {
    const response = await as.get(`/api/exam/exams/${examId}/generate`);
    expect(response.status).toBe(200);
    const attempt = one(response.body);
    const questions = (response.body.included ?? []).filter(
      (r: JsonResource) => r.type === 'studentquestions',
    );
    return { attempt, questions, id: Number(attempt.id) };
  }

  const expire = (studentExamId: number) =>
    h.ds.query(`UPDATE student_exams SET end_at = now() - interval '1 minute' WHERE id = $1`, [
      studentExamId,
    ]);

  describe('the lobby and starting', () => {
    it('tells the student what awaits them without starting anything', async () => {
      const c = await h.course();
      const examId = await exam(c, { retry: 1 });
      const lobby = await c.asStudent.get(`/api/exam/exams/${examId}/take`);
      expect(lobby.status).toBe(200);
      expect(one(lobby.body).attributes).toMatchObject({ name: 'Final', can_edit: false });
      expect(one(lobby.body).attributes.token).toBeUndefined();
      expect(lobby.body.meta).toMatchObject({
        attempt: null,
        retries_left: 2,
        can_start: true,
        reasons: [],
        needs_token: false,
        is_safe: false,
      });
      expect(
        Math.abs(Date.parse(String((lobby.body.meta as { server_time: string }).server_time)) - Date.now()),
      ).toBeLessThan(5000);
      expect(await h.ds.query(`SELECT 1 FROM student_exams WHERE exam_id = $1`, [examId])).toEqual([]);
    });

    it('makes exactly one attempt when 50 starts race, and answers each with it', async () => {
      const c = await h.course();
      const examId = await exam(c);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => c.asStudent.get(`/api/exam/exams/${examId}/generate`)),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(new Set(responses.map((r) => one(r.body).id)).size).toBe(1);
      const rows = await h.ds.query(`SELECT id FROM student_exams WHERE exam_id = $1`, [examId]);
      expect(rows).toHaveLength(1);
      const started = (await h.events('exam.attempt.started')).filter((e) => e.data.examId === examId);
      expect(started).toHaveLength(1);
      expect(started[0].data).toMatchObject({
        studentExamId: Number(rows[0].id),
        studentId: c.student.id,
        attempt: 1,
        courseId: c.course.id,
      });
      // the statement that made the attempt wrote its event, keyed by it
      const [outbox] = await h.ds.query(`SELECT partition_key FROM outbox WHERE id = $1`, [started[0].id]);
      expect(outbox).toEqual({ partition_key: String(rows[0].id) });
      for (const response of responses)
        expect(
          (response.body.included ?? []).filter((r: JsonResource) => r.type === 'studentquestions'),
        ).toHaveLength(5);
      const progress = await h.ds.query(
        `SELECT answered, total, status FROM attempt_progress WHERE student_exam_id = $1`,
        [rows[0].id],
      );
      expect(progress).toEqual([{ answered: 0, total: 5, status: 'started' }]);
    });

    it('gives the student one package, in an order of their own that stays on resume, with one dataset item bound', async () => {
      const c = await h.course();
      const examId = await exam(c);
      const first = await generate(c.asStudent, examId);
      const again = await generate(c.asStudent, examId);
      expect(again.id).toBe(first.id);
      const texts = (questions: JsonResource[]) =>
        questions.map((q) => (q.attributes.question as { question: string }).question);
      expect(texts(again.questions)).toEqual(texts(first.questions));
      expect(first.questions.map((q) => q.attributes.index)).toEqual([1, 2, 3, 4, 5]);
      const pack = first.attempt.attributes.package as number;
      expect(texts(first.questions).every((text) => text.startsWith(`P${pack} `))).toBe(true);
      const parameterized = texts(first.questions).find((text) => text.includes('Double'))!;
      expect(parameterized).toMatch(new RegExp(`^P${pack} Double [1-5]\\?$`));
      // the same exam shuffled for 12 attempts does not give everyone one order
      const orders = new Set<string>([texts(first.questions).join('|')]);
      for (let i = 0; i < 5; i++) {
        const student = await h.given.user(1, 'student');
        await h.given.enrolment(1, { courseId: c.course.id, classId: c.classA, userId: student.id });
        orders.add(
          texts((await generate(await h.as(student), examId)).questions)
            .map((t) => t.slice(3))
            .join('|'),
        );
      }
      expect(orders.size).toBeGreaterThan(1);
    });

    it('never shows points, exact answers, formulas or solutions while the attempt runs', async () => {
      const c = await h.course();
      const examId = await exam(c);
      const { id } = await generate(c.asStudent, examId);
      const listed = await c.asStudent.get(`/api/exam/studentquestions?filter[student_exam_id]=${id}`);
      expect(listed.status).toBe(200);
      const text = JSON.stringify(listed.body);
      for (const secret of ['point', 'exact_answer', 'Jakarta', 'formula', '2 * v', 'solution', 'tolerance'])
        expect(text).not.toContain(secret);
      const choice = list(listed.body).find((q) =>
        (q.attributes.question as { question: string }).question.includes('prime'),
      )!;
      expect(choice.attributes.question).toEqual({
        id: expect.any(Number),
        question: expect.stringContaining('Which is prime?'),
        questions_type: 'multiple_choices',
        weight: 1,
        answers: [
          { id: expect.any(Number), index: 1, answer: 'Four' },
          { id: expect.any(Number), index: 2, answer: 'Seven' },
          { id: expect.any(Number), index: 3, answer: 'Nine' },
        ],
      });
      const single = await c.asStudent.get(`/api/exam/studentquestions/${choice.id}`);
      expect(one(single.body).attributes).toEqual(choice.attributes);
    });

    it("answers another student's attempt and questions with a 404, and lets the exam's staff read them", async () => {
      const c = await h.course();
      const examId = await exam(c);
      const { id, questions } = await generate(c.asStudent, examId);
      expect((await c.asClassmate.get(`/api/exam/studentexams/${id}`)).status).toBe(404);
      expect(
        (await c.asClassmate.get(`/api/exam/studentquestions?filter[student_exam_id]=${id}`)).status,
      ).toBe(404);
      expect((await c.asClassmate.get(`/api/exam/studentquestions/${questions[0].id}`)).status).toBe(404);
      expect(
        (await c.asClassmate.patch(`/api/exam/studentquestions/${questions[0].id}`, { answer: null, seq: 1 }))
          .status,
      ).toBe(404);
      expect((await c.asElsewhere.get(`/api/exam/studentexams/${id}`)).status).toBe(404);
      expect((await c.asStranger.get(`/api/exam/studentexams/${id}`)).status).toBe(404);
      const staff = await c.asAssistant.get(`/api/exam/studentexams?filter[exam_id]=${examId}`);
      expect(list(staff.body).map((a) => [Number(a.id), a.attributes.student_name])).toEqual([
        [id, c.student.name],
      ]);
      expect(
        list((await c.asClassmate.get(`/api/exam/studentexams?filter[exam_id]=${examId}`)).body),
      ).toEqual([]);
      expect(
        (await c.asLecturer.get(`/api/exam/studentquestions?filter[student_exam_id]=${id}`)).status,
      ).toBe(200);
    });

    it('refuses a start with a code and words the student can act on', async () => {
      const c = await h.course();
      const refusal = async (as: ApiClient, examId: number) => {
        const response = await as.get(`/api/exam/exams/${examId}/generate`);
        expect(response.status).toBe(403);
        return response.body.errors?.[0];
      };
      const unpublished = await exam(c, { is_published: false });
      // An unpublished exam is not there for students, in the lobby as at the start.
      expect((await c.asStudent.get(`/api/exam/exams/${unpublished}/generate`)).status).toBe(404);
      expect((await c.asStudent.get(`/api/exam/exams/${unpublished}/take`)).status).toBe(404);
      const later = await exam(c, { start_at: wire(Date.now() + HOUR), end_at: wire(Date.now() + 2 * HOUR) });
      expect(await refusal(c.asStudent, later)).toMatchObject({
        code: 'not_open_yet',
        detail: expect.stringMatching(/opens at/),
      });
      const lobby = await c.asStudent.get(`/api/exam/exams/${later}/take`);
      expect(lobby.body.meta).toMatchObject({ can_start: false, reasons: [{ code: 'not_open_yet' }] });
      const over = await exam(c, { start_at: wire(Date.now() - 2 * HOUR), end_at: wire(Date.now() - HOUR) });
      expect(await refusal(c.asStudent, over)).toMatchObject({ code: 'closed' });
      const classB = await exam(c, { class_ids: [c.classB] });
      expect(await refusal(c.asStudent, classB)).toMatchObject({ code: 'not_in_class' });
      await generate(c.asClassmate, classB);
      expect((await c.asOtherStudent.get(`/api/exam/exams/${classB}/generate`)).status).toBe(404);
      expect(await refusal(c.asLecturer, classB)).toMatchObject({ code: 'not_in_class' });

      // a retry after the first attempt, then none
      const retried = await exam(c, { retry: 1 });
      const first = await generate(c.asStudent, retried);
      expect((await c.asStudent.post(`/api/v2/exam/finish/${first.id}`, {})).status).toBe(200);
      const second = await generate(c.asStudent, retried);
      expect(second.attempt.attributes.attempt).toBe(2);
      await c.asStudent.get(`/api/exam/exams/${retried}/finish`);
      expect(await refusal(c.asStudent, retried)).toMatchObject({ code: 'no_retries_left' });
      expect((await c.asStudent.get(`/api/exam/exams/${retried}/take`)).body.meta).toMatchObject({
        retries_left: 0,
        can_start: false,
        reasons: [{ code: 'no_retries_left' }],
      });
    });

    it('lets a student in with their own window (override), and bounds their deadline by it', async () => {
      const c = await h.course();
      const over = await exam(c, { start_at: wire(Date.now() - 2 * HOUR), end_at: wire(Date.now() - HOUR) });
      const denied = await c.asStudent.patch(`/api/exam/exams/${over}/override`, {
        student_id: c.student.id,
        override_end_at: wire(Date.now() + HOUR),
      });
      expect(denied.status).toBe(403);
      const until = Date.now() + 30 * 60_000;
      const set = await c.asLecturer.patch(`/api/exam/exams/${over}/override`, {
        student_id: c.student.id,
        override_end_at: wire(until),
      });
      expect(set.status).toBe(200);
      const { attempt } = await generate(c.asStudent, over);
      expect(attempt.attributes.end_at).toBe(wire(Math.floor(until / 1000) * 1000));
      expect(attempt.attributes.override_end_at).toBe(wire(Math.floor(until / 1000) * 1000));
      expect((await c.asClassmate.get(`/api/exam/exams/${over}/generate`)).status).toBe(403);
      const bad = await c.asLecturer.patch(`/api/exam/exams/${over}/override`, {
        student_id: c.otherStudent.id,
        override_end_at: wire(until),
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/student_id' });
      // shortened while running: the deadline follows
      const shorter = Date.now() + 10 * 60_000;
      const moved = await c.asLecturer.patch(`/api/exam/studentexams/${attempt.id}/override`, {
        override_end_at: wire(shorter),
      });
      expect(moved.status).toBe(200);
      expect(one(moved.body).attributes.end_at).toBe(wire(Math.floor(shorter / 1000) * 1000));
    });

    it('starts only past the access checks: the token (used by the start), the IP allow-list', async () => {
      const c = await h.course();
      const examId = await exam(c, { is_token: true });
      const token = one((await c.asLecturer.post('/api/exam/exams/token', { exam_id: examId })).body)
        .attributes.token as string;
      const lobby = await c.asStudent.get(`/api/exam/exams/${examId}/take`);
      expect(lobby.body.meta).toMatchObject({
        needs_token: true,
        token_validated: false,
        can_start: false,
        reasons: [{ code: 'token_required' }],
      });
      const refused = await c.asStudent.get(`/api/exam/exams/${examId}/generate`);
      expect(refused.status).toBe(403);
      expect(refused.body.errors?.[0].code).toBe('token_required');
      expect(await h.ds.query(`SELECT 1 FROM student_exams WHERE exam_id = $1`, [examId])).toEqual([]);
      const valid = await c.asStudent.post('/api/exam/exams/token/validate', { exam_id: examId, token });
      expect(valid.status).toBe(200);
      expect((await c.asStudent.get(`/api/exam/exams/${examId}/take`)).body.meta).toMatchObject({
        token_validated: true,
        can_start: true,
      });
      const starts = await Promise.all(
        Array.from({ length: 5 }, () => c.asStudent.get(`/api/exam/exams/${examId}/generate`)),
      );
      expect(starts.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(starts.map((r) => one(r.body).id)).size).toBe(1);
      const [grant] = await h.ds.query(`SELECT used_at FROM exam_token_grants WHERE exam_id = $1`, [examId]);
      expect(grant.used_at).not.toBeNull();

      const walled = await exam(c, { is_restricted_ip: true, ip_whitelists: ['10.9.8.0/24'] });
      const outside = await c.asStudent.get(`/api/exam/exams/${walled}/generate`);
      expect(outside.status).toBe(403);
      expect(outside.body.errors?.[0].code).toBe('ip_not_allowed');
      expect((await c.asStudent.get(`/api/exam/exams/${walled}/take`)).body.meta).toMatchObject({
        can_start: false,
        reasons: [{ code: 'ip_not_allowed' }],
      });
    });

    it('ends a timed attempt at start + duration when that comes before the window’s end', async () => {
      const c = await h.course();
      const examId = await exam(c, { is_duration: true, duration: 30 });
      const before = Date.now();
      const { attempt } = await generate(c.asStudent, examId);
      const [row] = await h.ds.query(`SELECT start_at, end_at FROM student_exams WHERE id = $1`, [
        attempt.id,
      ]);
      expect(row.end_at.getTime() - row.start_at.getTime()).toBe(30 * 60_000);
      expect(row.start_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });

  describe('saving answers', () => {
    async function running(c: Course) {
      const examId = await exam(c, { is_back: false });
      const started = await generate(c.asStudent, examId);
      const byText = (part: string) =>
        started.questions.find((q) =>
          (q.attributes.question as { question: string }).question.includes(part),
        )!;
      return { examId, ...started, byText };
    }

    it('keeps the highest sequence number: a late, lower one is answered with the stored one', async () => {
      const c = await h.course();
      const { id, byText } = await running(c);
      const choice = byText('prime').id;
      const saved = await c.asStudent.patch(`/api/exam/studentquestions/${choice}`, {
        answer: { answer_index: [2] },
        seq: 5,
      });
      expect(saved.status).toBe(200);
      expect(one(saved.body).attributes).toMatchObject({ seq: 5, answered: true, flagged: false });
      const stale = await c.asStudent.patch(`/api/exam/studentquestions/${choice}`, {
        answer: { answer_index: [1] },
        seq: 3,
      });
      expect(stale.status).toBe(200);
      expect(one(stale.body).attributes).toMatchObject({ seq: 5 });
      const again = await c.asStudent.patch(`/api/exam/studentquestions/${choice}`, {
        answer: { answer_index: [2] },
        seq: 5,
      });
      expect(one(again.body).attributes).toMatchObject({ seq: 5 });
      const [row] = await h.ds.query(
        `SELECT answer, seq FROM student_answers WHERE student_question_id = $1`,
        [choice],
      );
      expect({ ...row, seq: Number(row.seq) }).toEqual({ answer: { answer_index: [2] }, seq: 5 });

      // many saves of two questions at once, in any order: the highest of each wins
      const essay = byText('recursion').id;
      const seqs = Array.from({ length: 30 }, (_, i) => i + 6).sort(() => Math.random() - 0.5);
      const results = await Promise.all(
        seqs.flatMap((seq) => [
          c.asStudent.patch(`/api/exam/studentquestions/${essay}`, {
            answer: { text: `<p>v${seq}</p>` },
            seq,
          }),
          c.asStudent.patch(`/api/exam/studentquestions/${choice}`, {
            answer: { answer_index: [(seq % 3) + 1] },
            seq,
          }),
        ]),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      for (const r of results) expect(one(r.body).attributes.seq).toBeGreaterThanOrEqual(6);
      const stored = await h.ds.query(
        `SELECT student_question_id::text AS id, answer, seq::text AS seq FROM student_answers
          WHERE student_question_id = ANY($1::bigint[]) ORDER BY 1`,
        [[essay, choice]],
      );
      expect(stored).toEqual(
        [
          { id: String(essay), answer: { text: '<p>v35</p>' }, seq: '35' },
          { id: String(choice), answer: { answer_index: [(35 % 3) + 1] }, seq: '35' },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );
      const [progress] = await h.ds.query(
        `SELECT answered, last_saved_at FROM attempt_progress WHERE student_exam_id = $1`,
        [id],
      );
      expect(progress.answered).toBe(2);
      expect(progress.last_saved_at).not.toBeNull();
      const listed = await c.asStudent.get(`/api/exam/studentquestions?filter[student_exam_id]=${id}`);
      expect(list(listed.body).find((q) => q.id === essay)?.attributes).toMatchObject({
        seq: 35,
        answered: true,
        answer: { text: '<p>v35</p>' },
      });
    });

    it('checks the answer against the question type with a pointer, and sanitizes essays', async () => {
      const c = await h.course();
      const { byText } = await running(c);
      const save = (part: string, body: unknown) =>
        c.asStudent.patch(`/api/exam/studentquestions/${byText(part).id}`, body);
      const unknownOption = await save('prime', { answer: { answer_index: [2, 7] }, seq: 1 });
      expect(unknownOption.status).toBe(422);
      expect(unknownOption.body.errors?.[0].source).toEqual({
        pointer: '/data/attributes/answer/answer_index/1',
      });
      expect((await save('prime', { answer: { answer_index: [1, 2] }, seq: 1 })).status).toBe(422);
      expect((await save('even', { answer: { answer_index: [1, 3] }, seq: 1 })).status).toBe(200);
      const wrongShape = await save('Capital', { answer: { answer_index: [1] }, seq: 1 });
      expect(wrongShape.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/answer/answer_index' });
      expect((await save('Double', { answer: { value: 'ten' }, seq: 1 })).status).toBe(422);
      expect((await save('Double', { answer: { value: '10,5' }, seq: 1 })).status).toBe(200);
      const noSeq = await save('Capital', { answer: { value: 'Jakarta' } });
      expect(noSeq.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/seq' });
      const badSeq = await save('Capital', { answer: { value: 'Jakarta' }, seq: 0 });
      expect(badSeq.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/seq' });
      const essay = await save('recursion', { answer: { text: '<p>ok</p><script>x()</script>' }, seq: 1 });
      expect(essay.status).toBe(200);
      const [row] = await h.ds.query(`SELECT answer FROM student_answers WHERE student_question_id = $1`, [
        byText('recursion').id,
      ]);
      expect(row.answer).toEqual({ text: '<p>ok</p>' });
      const flagged = await save('Capital', { flagged: true });
      expect(one(flagged.body).attributes).toMatchObject({ flagged: true, seq: null, answered: false });
      const cleared = await save('even', { answer: { answer_index: [] }, seq: 2 });
      expect(one(cleared.body).attributes).toMatchObject({ answered: false, seq: 2 });
    });

    it('refuses going back when the exam forbids it, and moves forward', async () => {
      const c = await h.course();
      const { id } = await running(c);
      const forward = await c.asStudent.patch(`/api/exam/studentexams/${id}/indexes`, { current_index: 3 });
      expect(forward.status).toBe(200);
      expect(one(forward.body).attributes.current_index).toBe(3);
      const back = await c.asStudent.patch(`/api/exam/studentexams/${id}/indexes`, { current_index: 2 });
      expect(back.status).toBe(403);
      expect(back.body.errors?.[0].code).toBe('no_back');
      expect(
        (await c.asStudent.patch(`/api/exam/studentexams/${id}/indexes`, { current_index: 9 })).status,
      ).toBe(422);
      const [progress] = await h.ds.query(
        `SELECT current_index FROM attempt_progress WHERE student_exam_id = $1`,
        [id],
      );
      expect(progress.current_index).toBe(3);
    });

    it('moves only the student’s own running attempt: back when allowed, never another’s or a finished one', async () => {
      const c = await h.course();
      const examId = await exam(c, { is_back: true });
      const { id } = await generate(c.asStudent, examId);
      const move = (as: typeof c.asStudent, index: number) =>
        as.patch(`/api/exam/studentexams/${id}/indexes`, { current_index: index });
      expect(one((await move(c.asStudent, 4)).body).attributes).toMatchObject({
        current_index: 4,
        is_finished: false,
        score: null,
      });
      expect(one((await move(c.asStudent, 2)).body).attributes.current_index).toBe(2);
      expect((await move(c.asOtherStudent, 3)).status).toBe(404);
      const staff = await move(c.asLecturer, 3);
      expect(staff.status).toBe(403);
      expect((await c.asStudent.post(`/api/v2/exam/finish/${id}`)).status).toBe(200);
      const after = await move(c.asStudent, 3);
      expect(after.status).toBe(403);
      expect(after.body.errors?.[0].code).toBe('closed');
      const [row] = await h.ds.query(
        `SELECT se.current_index, ap.current_index AS progress FROM student_exams se
           JOIN attempt_progress ap ON ap.student_exam_id = se.id WHERE se.id = $1`,
        [id],
      );
      expect(row).toEqual({ current_index: 2, progress: 2 });
    });

    it('refuses saves and questions after the end, and finishes the attempt that ran out', async () => {
      const c = await h.course();
      const { id, byText, examId } = await running(c);
      const choice = byText('prime').id;
      await expire(id);
      const read = await c.asStudent.get(`/api/exam/studentquestions/${choice}`);
      expect(read.status).toBe(403);
      expect(read.body.errors?.[0].code).toBe('closed');
      const [row] = await h.ds.query(`SELECT is_finished FROM student_exams WHERE id = $1`, [id]);
      expect(row.is_finished).toBe(true);
      const finished = (await h.events('exam.attempt.finished')).filter((e) => e.data.studentExamId === id);
      expect(finished.map((e) => e.data.reason)).toEqual(['deadline']);
      const late = await c.asStudent.patch(`/api/exam/studentquestions/${choice}`, {
        answer: { answer_index: [2] },
        seq: 1,
      });
      expect(late.status).toBe(403);
      expect(late.body.errors?.[0].code).toBe('closed');
      expect(
        await h.ds.query(`SELECT 1 FROM student_answers WHERE student_question_id = $1`, [choice]),
      ).toEqual([]);
      expect((await c.asStudent.get(`/api/exam/exams/${examId}/generate`)).body.errors?.[0].code).toBe(
        'no_retries_left',
      );
    });
  });

  describe('finishing', () => {
    it('finishes once when the student clicks twice, and scores the attempt in the same transaction', async () => {
      const c = await h.course();
      const examId = await exam(c, { is_show_score: true });
      const { id, questions } = await generate(c.asStudent, examId);
      const prime = questions.find((q) =>
        (q.attributes.question as { question: string }).question.includes('prime'),
      )!;
      await c.asStudent.patch(`/api/exam/studentquestions/${prime.id}`, {
        answer: { answer_index: [2] },
        seq: 1,
      });
      const [a, b] = await Promise.all([
        c.asStudent.post(`/api/v2/exam/finish/${id}`, {}),
        c.asStudent.post(`/api/v2/exam/finish/${id}`, {}),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(one(a.body).attributes).toMatchObject({ is_finished: true, is_stopped: false });
      expect(one(b.body).attributes.score).toBeGreaterThan(0);
      const finished = (await h.events('exam.attempt.finished')).filter((e) => e.data.studentExamId === id);
      expect(finished.map((e) => e.data.reason)).toEqual(['student']);
      const scored = (await h.events('exam.attempt.scored')).filter((e) => e.data.studentExamId === id);
      expect(scored).toHaveLength(1);
      const [progress] = await h.ds.query(
        `SELECT status, score FROM attempt_progress WHERE student_exam_id = $1`,
        [id],
      );
      expect(progress.status).toBe('finished');
      expect(Number(progress.score)).toBeGreaterThan(0);
      expect((await c.asClassmate.post(`/api/v2/exam/finish/${id}`, {})).status).toBe(404);
    });

    it('hides the score from the student when the exam does not show scores', async () => {
      const c = await h.course();
      const examId = await exam(c, { is_show_score: false });
      const { id } = await generate(c.asStudent, examId);
      const finished = await c.asStudent.get(`/api/exam/exams/${examId}/finish`);
      expect(one(finished.body).attributes).toMatchObject({
        is_finished: true,
        score: null,
        is_passed: null,
      });
      const staff = await c.asLecturer.get(`/api/exam/studentexams/${id}`);
      expect(one(staff.body).attributes.score).not.toBeNull();
    });

    it('finishes overdue attempts once when two sweepers race', async () => {
      const c = await h.course();
      const examId = await exam(c);
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) {
        const student = await h.given.user(1, 'student');
        await h.given.enrolment(1, { courseId: c.course.id, classId: c.classA, userId: student.id });
        ids.push((await generate(await h.as(student), examId)).id);
      }
      const running = (await generate(c.asStudent, examId)).id;
      await h.ds.query(
        `UPDATE student_exams SET end_at = now() - interval '1 minute' WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      const mine = h.app.get(AttemptSweeper);
      const other = new AttemptSweeper(h.app.get(UnitOfWork), h.app.get(AttemptsService), {
        intervalMs: 60_000,
      });
      const counts = await Promise.all([mine.sweep(), other.sweep(), mine.sweep()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(12);
      const finished = (await h.events('exam.attempt.finished')).filter((e) => e.data.examId === examId);
      expect(finished.map((e) => e.data.studentExamId).sort((a, b) => a - b)).toEqual(
        [...ids].sort((a, b) => a - b),
      );
      expect(finished.every((e) => e.data.reason === 'deadline')).toBe(true);
      const [still] = await h.ds.query(`SELECT is_finished FROM student_exams WHERE id = $1`, [running]);
      expect(still.is_finished).toBe(false);
      const monitor = await c.asLecturer.get(`/api/exam/exams/${examId}/monitor`);
      expect(monitor.body.meta).toMatchObject({ finished: 12, started: 1, stopped: 0 });
    });
  });

  describe('staff', () => {
    it('stops attempts, and only staff may', async () => {
      const c = await h.course();
      const examId = await exam(c);
      const mine = await generate(c.asStudent, examId);
      const theirs = await generate(c.asClassmate, examId);
      expect(
        (
          await c.asStudent.send<JsonDocument>('PUT', '/api/exam/studentexams/stop', {
            student_exam_ids: [theirs.id],
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await c.asStranger.send<JsonDocument>('PUT', '/api/exam/studentexams/stop', {
            student_exam_ids: [mine.id],
          })
        ).status,
      ).toBe(404);
      const stopped = await c.asLecturer.send<JsonDocument>('PUT', '/api/exam/studentexams/stop', {
        student_exam_ids: [mine.id, theirs.id],
      });
      expect(stopped.status).toBe(200);
      expect(list(stopped.body).map((a) => a.attributes.is_stopped)).toEqual([true, true]);
      const save = await c.asStudent.patch(`/api/exam/studentquestions/${mine.questions[0].id}`, {
        answer: null,
        seq: 1,
      });
      expect(save.body.errors?.[0].code).toBe('closed');
      const reasons = (await h.events('exam.attempt.finished')).filter((e) => e.data.examId === examId);
      expect(reasons.map((e) => e.data.reason)).toEqual(['stopped', 'stopped']);
      const monitor = await c.asAssistant.get(`/api/exam/exams/${examId}/monitor`);
      expect(monitor.status).toBe(200);
      expect(list(monitor.body).map((row) => [row.attributes.student_name, row.attributes.status])).toEqual(
        [
          [c.student.name, 'stopped'],
          [c.classmate.name, 'stopped'],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      expect(monitor.body.meta).toMatchObject({ students: 2, not_started: 0, stopped: 2 });
      expect((await c.asStudent.get(`/api/exam/exams/${examId}/monitor`)).status).toBe(403);
    });

    it('resets an attempt: open again, resumed with its questions and answers and a new start', async () => {
      const c = await h.course();
      const examId = await exam(c, { is_duration: true, duration: 20 });
      const { id, questions } = await generate(c.asStudent, examId);
      await c.asStudent.patch(`/api/exam/studentquestions/${questions[0].id}`, { flagged: true });
      await c.asStudent.post(`/api/v2/exam/finish/${id}`, {});
      expect((await c.asStudent.patch(`/api/exam/studentexams/${id}`, { action: 'reset' })).status).toBe(403);
      expect((await c.asLecturer.patch(`/api/exam/studentexams/${id}`, { action: 'wipe' })).status).toBe(422);
      const reset = await c.asLecturer.patch(`/api/exam/studentexams/${id}`, { action: 'reset' });
      expect(reset.status).toBe(200);
      expect(one(reset.body).attributes).toMatchObject({
        is_finished: false,
        is_stopped: false,
        start_at: null,
        end_at: null,
        finished_at: null,
        score: null,
      });
      expect((await c.asStudent.get(`/api/exam/exams/${examId}/take`)).body.meta).toMatchObject({
        can_start: true,
        retries_left: 1,
      });
      const resumed = await generate(c.asStudent, examId);
      expect(resumed.id).toBe(id);
      expect(resumed.attempt.attributes.start_at).not.toBeNull();
      expect(resumed.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
      expect(resumed.questions[0].attributes.flagged).toBe(true);
      const started = (await h.events('exam.attempt.started')).filter((e) => e.data.studentExamId === id);
      expect(started).toHaveLength(2);
    });
  });

  it('reads an exam once for a cohort starting together', async () => {
    const cache = h.app.get(ExamContentCache);
    const c = await h.course();
    const examId = await exam(c);
    cache.forget(examId);
    const loads = jest.spyOn(cache as unknown as { load: (id: number) => Promise<unknown> }, 'load');
    await Promise.all(Array.from({ length: 20 }, () => cache.get(examId)));
    expect(loads).toHaveBeenCalledTimes(1);
    loads.mockRestore();
  });
});

describe('the automatic finish', () => {
  const h = new ExamHarness({ ATTEMPT_SWEEP_INTERVAL_MS: '200' });
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('finishes an attempt at its deadline without anyone asking', async () => {
    const c = await h.course();
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Quiz',
      start_at: wire(Date.now() - HOUR),
      end_at: wire(Date.now() + HOUR),
      is_published: true,
    });
    const examId = Number(one(created.body).id);
    await c.asLecturer.post('/api/exam/questions', {
      exam_id: examId,
      questions_type: 'essay',
      question: 'Why?',
    });
    const started = await c.asStudent.get(`/api/exam/exams/${examId}/generate`);
    const id = Number(one(started.body).id);
    await h.ds.query(`UPDATE student_exams SET end_at = now() - interval '10 seconds' WHERE id = $1`, [id]);
    const deadline = Date.now() + 10_000;
    let finished = false;
    while (!finished && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ is_finished: finished }] = await h.ds.query(`SELECT is_finished FROM student_exams WHERE id = $1`, [
        id,
      ]);
    }
    expect(finished).toBe(true);
    expect((await h.events('exam.attempt.finished')).map((e) => e.data.reason)).toEqual(['deadline']);
  });
});
