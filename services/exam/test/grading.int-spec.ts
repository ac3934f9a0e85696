import type { TestUser } from '@lms/testing';
import { difficulty, discrimination } from '../src/domain/statistics';
import { GradingService, RECALCULATION_BATCH } from '../src/grading/grading.service';
import { ExamHarness, one } from './support/harness';

/**
 * Grading on PostgreSQL (issue 13): every question type scored at the finish, essays graded by
 * hand, recalculation after a question was fixed, the final score across attempts, what a
 * student may see of a result and when, statistics, and who may do what.
 */
describe('grading', () => {
  const h = new ExamHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  type Course = Awaited<ReturnType<ExamHarness['course']>>;
  interface Option {
    answer?: string;
    point?: number;
    exact_answer?: string;
    tolerance?: number;
    decimal_place?: number;
    formula?: string;
  }

  async function exam(c: Course, settings: Record<string, unknown> = {}) {
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Final',
      start_at: '2020-01-01 08:00:00',
      end_at: '2020-01-01 10:00:00',
      package: 1,
      passing_grade: 60,
      ...settings,
    });
    expect(created.status).toBe(201);
    return Number(one(created.body).id);
  }

  /** A question of package 1 with its options (written as the editor would have saved them). */
  async function question(
    c: Course,
    examId: number,
    type: string,
    options: Option[],
    extra: { weight?: number; dataSetId?: number; text?: string; solution?: string } = {},
  ) {
    const [row]: Array<{ id: string }> = await h.ds.query(
      `INSERT INTO questions (tenant_id, course_id, exam_id, package, index, questions_type, question, weight,
                              solution, data_set_id, created_by)
       SELECT 1, $1, $2, 1, coalesce(max(index), 0) + 1, $3, $4, $5, $6, $7, $8 FROM questions WHERE exam_id = $2
       RETURNING id`,
      [
        c.course.id,
        examId,
        type,
        extra.text ?? `A ${type} question`,
        extra.weight ?? 1,
        extra.solution ?? null,
        extra.dataSetId ?? null,
        c.lecturer.id,
      ],
    );
    const ids: number[] = [];
    for (const [n, o] of options.entries()) {
      const [option]: Array<{ id: string }> = await h.ds.query(
        `INSERT INTO question_answers (question_id, index, answer, point, exact_answer, tolerance, decimal_place, formula)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          row.id,
          n + 1,
          o.answer ?? null,
          o.point ?? 0,
          o.exact_answer ?? null,
          o.tolerance ?? 0,
          o.decimal_place ?? 0,
          o.formula ?? null,
        ],
      );
      ids.push(Number(option.id));
    }
    return { id: Number(row.id), options: ids };
  }

  async function dataset(c: Course, items: Array<Record<string, number>>) {
    const [set]: Array<{ id: string }> = await h.ds.query(
      `INSERT INTO data_sets (tenant_id, course_id, name) VALUES (1, $1, 'Motion') RETURNING id`,
      [c.course.id],
    );
    const ids: number[] = [];
    for (const [n, values] of items.entries()) {
      const [item]: Array<{ id: string }> = await h.ds.query(
        `INSERT INTO data_set_items (data_set_id, index, values) VALUES ($1, $2, $3) RETURNING id`,
        [set.id, n + 1, JSON.stringify(values)],
      );
      ids.push(Number(item.id));
    }
    return { id: Number(set.id), items: ids };
  }

  interface Answer {
    question: number;
    answer?: unknown;
    item?: number;
  }

  /**
   * An attempt as the taking writes it (its rows in student_exams, student_questions,
   * student_answers, attempt_progress), running until `finish`.
   */
  async function attempt(examId: number, student: TestUser | number, answers: Answer[], number = 1) {
    const studentId = typeof student === 'number' ? student : student.id;
    const [row]: Array<{ id: string }> = await h.ds.query(
      `INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, start_at)
       VALUES (1, $1, $2, $3, 1, now() - interval '30 minutes') RETURNING id`,
      [examId, studentId, number],
    );
    const id = Number(row.id);
    const questions: Record<number, number> = {};
    for (const [n, a] of answers.entries()) {
      const [sq]: Array<{ id: string }> = await h.ds.query(
        `INSERT INTO student_questions (student_exam_id, question_id, index, data_set_item_id)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [id, a.question, n + 1, a.item ?? null],
      );
      questions[a.question] = Number(sq.id);
      if (a.answer !== undefined)
        await h.ds.query(
          `INSERT INTO student_answers (student_question_id, answer, seq, saved_at) VALUES ($1, $2, 1, now())`,
          [sq.id, JSON.stringify(a.answer)],
        );
    }
    await h.ds.query(
      `INSERT INTO attempt_progress (student_exam_id, exam_id, student_id, total) VALUES ($1, $2, $3, $4)`,
      [id, examId, studentId, answers.length],
    );
    return { id, questions };
  }

  /** The finish: the attempt ended and scored in one transaction. */
  async function finish(studentExamId: number, at = 'now()') {
    const grading = h.app.get(GradingService);
    await h.ds.transaction(async (manager) => {
      await manager.query(`UPDATE student_exams SET is_finished = true, finished_at = ${at} WHERE id = $1`, [
        studentExamId,
      ]);
      await grading.scoreAttempt(manager, studentExamId);
    });
  }

  const attemptRow = async (id: number) =>
    (
      (await h.ds.query(
        `SELECT se.score::float AS score, se.is_passed, se.scored_at, p.score::float AS progress
           FROM student_exams se JOIN attempt_progress p ON p.student_exam_id = se.id WHERE se.id = $1`,
        [id],
      )) as Array<{
        score: number | null;
        is_passed: boolean | null;
        scored_at: Date | null;
        progress: number | null;
      }>
    )[0];

  const questionScores = async (id: number) =>
    Object.fromEntries(
      (
        (await h.ds.query(
          `SELECT question_id, score::float AS score FROM student_questions WHERE student_exam_id = $1`,
          [id],
        )) as Array<{ question_id: string; score: number | null }>
      ).map((row) => [Number(row.question_id), row.score]),
    );

  describe('at the finish', () => {
    it('scores every type, weighs questions, leaves essays pending and records exam.attempt.scored', async () => {
      const c = await h.course();
      const examId = await exam(c);
      const motion = await dataset(c, [
        { v: 2.5, t: 3 },
        { v: 4, t: 2 },
      ]);
      const mc = await question(c, examId, 'multiple_choices', [
        { answer: 'Paris' },
        { answer: 'Jakarta', point: 1 },
      ]);
      const tf = await question(c, examId, 'true_false', [{ answer: 'True', point: 1 }, { answer: 'False' }]);
      const ma = await question(
        c,
        examId,
        'multiple_answers',
        [{ answer: 'A', point: 1 }, { answer: 'B' }, { answer: 'C', point: 1 }, { answer: 'D' }],
        { weight: 2 },
      );
      const text = await question(c, examId, 'exact', [{ exact_answer: 'Borobudur' }]);
      const number = await question(c, examId, 'exact', [
        { exact_answer: '12.5', tolerance: 0.1, decimal_place: 1 },
      ]);
      const calc = await question(c, examId, 'parameterized', [{ formula: 'v * t', decimal_place: 2 }], {
        dataSetId: motion.id,
        text: 'A car drives {v} m/s for {t} s. How far?',
      });
      const pmc = await question(
        c,
        examId,
        'parameterized_multiple_choices',
        [
          { answer: 'this', formula: 'v * t', point: 1 },
          { answer: 'that', formula: 'v + t' },
        ],
        { dataSetId: motion.id },
      );
      const essay = await question(c, examId, 'essay', []);

      const a = await attempt(examId, c.student, [
        { question: mc.id, answer: { answer_index: [2] } }, // 100
        { question: tf.id, answer: { answer_index: [2] } }, // 0
        { question: ma.id, answer: { answer_index: [1, 2, 3] } }, // 100 - 50 = 50, weight 2
        { question: text.id, answer: { value: ' borobudur ' } }, // 100
        { question: number.id, answer: { value: '12,56' } }, // 12.6 vs 12.5 within 0.1: 100
        { question: calc.id, answer: { value: '7.5' }, item: motion.items[0] }, // 2.5 * 3: 100
        { question: pmc.id, answer: { answer_index: [1] }, item: motion.items[1] }, // 100
        { question: essay.id, answer: { text: '<p>Because…</p>' } }, // pending
      ]);
      await finish(a.id);

      expect(await questionScores(a.id)).toEqual({
        [mc.id]: 100,
        [tf.id]: 0,
        [ma.id]: 50,
        [text.id]: 100,
        [number.id]: 100,
        [calc.id]: 100,
        [pmc.id]: 100,
        [essay.id]: null,
      });
      // (100 + 0 + 50·2 + 100 + 100 + 100 + 100 + 0) / 9 = 66.67; pending essay: no pass/fail yet
      const row = await attemptRow(a.id);
      expect(row).toMatchObject({ score: 66.67, is_passed: null, progress: 66.67 });
      expect(row.scored_at).not.toBeNull();
      const events = (await h.events('exam.attempt.scored')).filter((e) => e.data.studentExamId === a.id);
      expect(events.map((e) => e.data)).toEqual([
        {
          examId,
          courseId: c.course.id,
          studentExamId: a.id,
          studentId: c.student.id,
          attempt: 1,
          score: 66.67,
          isPassed: null,
          pending: 1,
          reason: 'finished',
        },
      ]);
    });

    it('gives 0 to unanswered questions and passes at the passing grade', async () => {
      const c = await h.course();
      const examId = await exam(c, { passing_grade: 50 });
      const q1 = await question(c, examId, 'multiple_choices', [{ answer: 'x', point: 1 }, { answer: 'y' }]);
      const q2 = await question(c, examId, 'exact', [{ exact_answer: '3' }]);
      const a = await attempt(examId, c.student, [
        { question: q1.id, answer: { answer_index: [1] } },
        { question: q2.id },
      ]);
      await finish(a.id);
      expect(await attemptRow(a.id)).toMatchObject({ score: 50, is_passed: true });
      const b = await attempt(examId, c.classmate, [
        { question: q1.id, answer: { answer_index: [2] } },
        { question: q2.id, answer: { value: '3.0' } },
      ]);
      await finish(b.id);
      expect(await attemptRow(b.id)).toMatchObject({ score: 50, is_passed: true });
      const none = await attempt(examId, c.otherStudent, [{ question: q1.id }, { question: q2.id }]);
      await finish(none.id);
      expect(await attemptRow(none.id)).toMatchObject({ score: 0, is_passed: false });
    });
  });

  describe('essays', () => {
    async function essayAttempt() {
      const c = await h.course();
      const examId = await exam(c, { passing_grade: 60 });
      const mc = await question(c, examId, 'multiple_choices', [{ answer: 'x', point: 1 }, { answer: 'y' }]);
      const essay = await question(c, examId, 'essay', []);
      const a = await attempt(examId, c.student, [
        { question: mc.id, answer: { answer_index: [1] } },
        { question: essay.id, answer: { text: '<p>My essay</p>' } },
      ]);
      return { c, examId, mc, essay, a };
    }

    it('takes a score from 0 to 100 from the exam’s staff and scores the attempt again', async () => {
      const { c, examId, essay, a } = await essayAttempt();
      await finish(a.id);
      expect(await attemptRow(a.id)).toMatchObject({ score: 50, is_passed: null });
      const sq = a.questions[essay.id];

      const zero = await c.asAssistant.patch('/api/v2/exam/gradeEssay', {
        student_question_id: sq,
        score: 0,
      });
      expect(zero.status).toBe(200);
      expect(one(zero.body).attributes).toMatchObject({
        student_exam_id: a.id,
        score: 0,
        graded_by: c.assistant.id,
        attempt_score: 50,
        is_passed: false,
        grading_pending: 0,
      });
      expect(await attemptRow(a.id)).toMatchObject({ score: 50, is_passed: false, progress: 50 });

      const full = await c.asLecturer.patch('/api/v2/exam/gradeEssay', {
        data: { attributes: { student_question_id: sq, score: '80' } },
      });
      expect(full.status).toBe(200);
      expect(await attemptRow(a.id)).toMatchObject({ score: 90, is_passed: true });
      expect(await questionScores(a.id)).toMatchObject({ [essay.id]: 80 });
      const reasons = (await h.events('exam.attempt.scored'))
        .filter((e) => e.data.studentExamId === a.id)
        .map((e) => [e.data.reason, e.data.score, e.data.isPassed]);
      expect(reasons).toEqual([
        ['finished', 50, null],
        ['essay_graded', 50, false],
        ['essay_graded', 90, true],
      ]);
      // a graded essay keeps its score when the attempt is scored again
      const recalc = await c.asLecturer.patch(`/api/v2/exam/recalculate/${examId}`, {});
      expect(recalc.status).toBe(200);
      expect(await attemptRow(a.id)).toMatchObject({ score: 90, is_passed: true });
      // …until its answer changes (the attempt was reset and taken again): then it waits for a grader again
      await h.ds.query(`UPDATE student_exams SET is_finished = false, finished_at = NULL WHERE id = $1;`, [
        a.id,
      ]);
      await h.ds.query(
        `UPDATE student_answers SET answer = '{"text": "<p>Rewritten</p>"}', seq = 2, saved_at = now() + interval '1 second'
          WHERE student_question_id = $1`,
        [sq],
      );
      await finish(a.id);
      expect(await attemptRow(a.id)).toMatchObject({ score: 50, is_passed: null });
      const [regraded] = await h.ds.query(
        `SELECT score, graded_at, graded_by FROM student_questions WHERE id = $1`,
        [sq],
      );
      expect(regraded).toEqual({ score: null, graded_at: null, graded_by: null });
    });

    it('refuses an empty or out-of-range score, another type, a running attempt — with pointers', async () => {
      const { c, mc, essay, a } = await essayAttempt();
      const sq = a.questions[essay.id];
      const grade = (body: unknown) => c.asLecturer.patch('/api/v2/exam/gradeEssay', body);
      const pointers = async (body: unknown) => {
        const response = await grade(body);
        expect(response.status).toBe(422);
        return response.body.errors?.map((e) => e.source?.pointer);
      };
      // running: not yet
      expect(await pointers({ student_question_id: sq, score: 50 })).toEqual([
        '/data/attributes/student_question_id',
      ]);
      await finish(a.id);
      for (const score of ['', null, undefined, -1, 100.5, 'ten'])
        expect(await pointers({ student_question_id: sq, score })).toEqual(['/data/attributes/score']);
      expect(await pointers({ score: 10 })).toEqual(['/data/attributes/student_question_id']);
      expect(await pointers({ student_question_id: a.questions[mc.id], score: 10 })).toEqual([
        '/data/attributes/student_question_id',
      ]);
      expect((await grade({ student_question_id: 99_999_999, score: 10 })).status).toBe(404);
      expect(await questionScores(a.id)).toMatchObject({ [essay.id]: null });
    });

    it('lets only the exam’s staff grade', async () => {
      const { c, essay, a } = await essayAttempt();
      await finish(a.id);
      const body = { student_question_id: a.questions[essay.id], score: 100 };
      expect((await c.asStudent.patch('/api/v2/exam/gradeEssay', body)).status).toBe(403);
      expect((await c.asStranger.patch('/api/v2/exam/gradeEssay', body)).status).toBe(403);
      expect((await c.asElsewhere.patch('/api/v2/exam/gradeEssay', body)).status).toBe(404);
      expect(await questionScores(a.id)).toMatchObject({ [essay.id]: null });
      // an exam assistant who does not teach the course may
      const examId = await h.ds.query(`SELECT exam_id FROM student_exams WHERE id = $1`, [a.id]);
      const added = await c.asLecturer.send('PUT', '/api/exam/exams/assistant', [
        { action: 'add', exam_id: Number(examId[0].exam_id), user_ids: [c.stranger.id] },
      ]);
      expect(added.status).toBe(200);
      expect((await c.asStranger.patch('/api/v2/exam/gradeEssay', body)).status).toBe(200);
    });
  });

  describe('recalculation', () => {
    it('scores every finished attempt again after a question was fixed and reports what changed', async () => {
      const c = await h.course();
      const examId = await exam(c, { passing_grade: 50 });
      // the lecturer marked the wrong option correct
      const q1 = await question(c, examId, 'multiple_choices', [
        { answer: 'right' },
        { answer: 'wrong', point: 1 },
      ]);
      const q2 = await question(c, examId, 'exact', [{ exact_answer: '42' }]);
      const right = await attempt(examId, c.student, [
        { question: q1.id, answer: { answer_index: [1] } },
        { question: q2.id, answer: { value: '42' } },
      ]);
      const wrong = await attempt(examId, c.classmate, [
        { question: q1.id, answer: { answer_index: [2] } },
        { question: q2.id, answer: { value: '42' } },
      ]);
      const unaffected = await attempt(examId, c.otherStudent, [
        { question: q1.id },
        { question: q2.id, answer: { value: '41' } },
      ]);
      const running = await attempt(examId, h.nextId(), [{ question: q1.id, answer: { answer_index: [1] } }]);
      for (const a of [right, wrong, unaffected]) await finish(a.id);
      expect((await attemptRow(right.id)).score).toBe(50);
      expect((await attemptRow(wrong.id)).score).toBe(100);

      const fix = async (optionId: number, point: number) =>
        expect((await c.asLecturer.patch(`/api/exam/answers/${optionId}`, { point })).status).toBe(200);
      await fix(q1.options[0], 1);
      await fix(q1.options[1], 0);

      const response = await c.asLecturer.patch(`/api/v2/exam/recalculate/${examId}`, {});
      expect(response.status).toBe(200);
      const result = one(response.body);
      expect(result.type).toBe('exam-recalculations');
      expect(result.attributes.attempts).toBe(3);
      expect(result.attributes.changed).toEqual(
        expect.arrayContaining([
          {
            student_exam_id: right.id,
            student_id: c.student.id,
            attempt: 1,
            before: 50,
            after: 100,
            difference: 50,
            is_passed: true,
            pending: 0,
          },
          {
            student_exam_id: wrong.id,
            student_id: c.classmate.id,
            attempt: 1,
            before: 100,
            after: 50,
            difference: -50,
            is_passed: true,
            pending: 0,
          },
        ]),
      );
      expect(result.attributes.changed).toHaveLength(2);
      expect((await attemptRow(right.id)).score).toBe(100);
      expect(await attemptRow(running.id)).toMatchObject({ score: null, scored_at: null });
      const recalculated = (await h.events('exam.attempt.scored')).filter(
        (e) => e.data.examId === examId && e.data.reason === 'recalculated',
      );
      expect(recalculated.map((e) => e.data.studentExamId).sort()).toEqual([right.id, wrong.id].sort());

      // nothing changed: nothing reported
      const again = await c.asLecturer.patch(`/api/v2/exam/recalculate/${examId}`, {});
      expect(one(again.body).attributes.changed).toEqual([]);
      expect((await c.asStudent.patch(`/api/v2/exam/recalculate/${examId}`, {})).status).toBe(403);
      expect((await c.asElsewhere.patch(`/api/v2/exam/recalculate/${examId}`, {})).status).toBe(404);
    });

    it('works through more attempts than one batch', async () => {
      const c = await h.course();
      const examId = await exam(c);
      const q = await question(c, examId, 'true_false', [{ answer: 'True' }, { answer: 'False', point: 1 }]);
      const count = RECALCULATION_BATCH + 5;
      await h.ds.query(
        `WITH se AS (
           INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, is_finished, start_at, finished_at, score, is_passed, scored_at)
           SELECT 1, $1, 900000 + n, 1, 1, true, now() - interval '1 hour', now(), 0, false, now() FROM generate_series(1, $2) n
           RETURNING id)
         , sq AS (INSERT INTO student_questions (student_exam_id, question_id, index) SELECT id, $3, 1 FROM se RETURNING id)
         INSERT INTO student_answers (student_question_id, answer, seq, saved_at) SELECT id, '{"answer_index": [1]}', 1, now() FROM sq`,
        [examId, count, q.id],
      );
      await h.ds.query(
        `UPDATE question_answers SET point = CASE index WHEN 1 THEN 1 ELSE 0 END WHERE question_id = $1`,
        [q.id],
      );
      const response = await c.asLecturer.patch(`/api/v2/exam/recalculate/${examId}`, {});
      expect(one(response.body).attributes.attempts).toBe(count);
      const changed = one(response.body).attributes.changed as Array<{ after: number; difference: number }>;
      expect(changed).toHaveLength(count);
      expect(changed.every((change) => change.after === 100 && change.difference === 100)).toBe(true);
      const [{ left }] = await h.ds.query(
        `SELECT count(*)::int AS left FROM student_exams WHERE exam_id = $1 AND score <> 100`,
        [examId],
      );
      expect(left).toBe(0);
    });
  });

  describe('results', () => {
    async function finishedExam(settings: Record<string, unknown>) {
      const c = await h.course();
      const examId = await exam(c, settings);
      const q = await question(c, examId, 'multiple_choices', [{ answer: 'x', point: 1 }, { answer: 'y' }], {
        solution: '<p>x, because…</p>',
      });
      const calc = await question(c, examId, 'parameterized', [{ formula: 'a * 2' }], {
        dataSetId: (await dataset(c, [{ a: 21 }])).id,
        text: 'Double {a}',
      });
      const item = (
        await h.ds.query(
          `SELECT id FROM data_set_items WHERE data_set_id = (SELECT data_set_id FROM questions WHERE id = $1)`,
          [calc.id],
        )
      )[0].id;
      const a = await attempt(examId, c.student, [
        { question: q.id, answer: { answer_index: [2] } },
        { question: calc.id, answer: { value: '42' }, item: Number(item) },
      ]);
      return { c, examId, q, calc, a };
    }

    const result = async (as: Course['asStudent'], id: number) => {
      const response = await as.get(`/api/exam/studentexams/${id}/result`);
      return {
        status: response.status,
        body: response.body,
        attributes: response.status === 200 ? one(response.body).attributes : {},
      };
    };

    it('shows the student nothing before they finish, then only what the exam allows', async () => {
      const { c, a } = await finishedExam({ is_show_score: false, is_show_solution: false });
      const running = await result(c.asStudent, a.id);
      expect(running.status).toBe(403);
      expect(running.body.errors?.[0]).toMatchObject({ code: 'not_finished' });
      await finish(a.id);
      const hidden = await result(c.asStudent, a.id);
      expect(hidden.status).toBe(200);
      expect(hidden.attributes).toMatchObject({
        score: null,
        is_passed: null,
        final_score: null,
        show_score: false,
        show_solution: false,
        solution_at: null,
      });
      const questions = hidden.attributes.questions as Array<Record<string, unknown>>;
      expect(questions[0]).toMatchObject({
        answer: { answer_index: [2] },
        answered: true,
        score: null,
        solution: null,
      });
      expect(questions[1]).toMatchObject({ question: 'Double 21' });
      expect(JSON.stringify(questions)).not.toMatch(/"is_correct":(true|false)|"value":42|because/);
    });

    it('shows scores with is_show_score and solutions right after the finish with is_show_solution_directly', async () => {
      const { c, a } = await finishedExam({
        is_show_score: true,
        is_show_solution: true,
        is_show_solution_directly: true,
      });
      await finish(a.id);
      const shown = await result(c.asStudent, a.id);
      expect(shown.attributes).toMatchObject({
        score: 50,
        is_passed: false,
        final_score: 50,
        final_is_passed: false,
        show_score: true,
        show_solution: true,
      });
      const [mc, calc] = shown.attributes.questions as Array<{
        score: number;
        solution: string | null;
        answers: Array<Record<string, unknown>>;
      }>;
      expect(mc.score).toBe(0);
      expect(mc.solution).toBe('<p>x, because…</p>');
      expect(mc.answers.map((o) => o.is_correct)).toEqual([true, false]);
      expect(calc.answers[0]).toMatchObject({ value: 42, is_correct: true });
    });

    it('keeps solutions until the exam is over for everyone, overrides included', async () => {
      const { c, examId, a } = await finishedExam({
        is_show_score: true,
        is_show_solution: true,
        is_show_solution_directly: false,
        start_at: '2020-01-01 08:00:00',
        end_at: '2099-01-01 10:00:00',
      });
      await finish(a.id);
      const before = await result(c.asStudent, a.id);
      expect(before.attributes).toMatchObject({ show_solution: false, solution_at: '2099-01-01 10:00:00' });
      expect((before.attributes.questions as Array<{ solution: unknown }>)[0].solution).toBeNull();
      // the window closed, but a classmate has until later
      await h.ds.query(`UPDATE exams SET end_at = now() - interval '1 hour' WHERE id = $1`, [examId]);
      await h.ds.query(
        `INSERT INTO exam_overrides (exam_id, student_id, tenant_id, override_end_at) VALUES ($1, $2, 1, now() + interval '1 hour')`,
        [examId, c.classmate.id],
      );
      expect((await result(c.asStudent, a.id)).attributes).toMatchObject({ show_solution: false });
      await h.ds.query(
        `UPDATE exam_overrides SET override_end_at = now() - interval '1 minute' WHERE exam_id = $1`,
        [examId],
      );
      const after = await result(c.asStudent, a.id);
      expect(after.attributes).toMatchObject({ show_solution: true, solution_at: null });
      expect((after.attributes.questions as Array<{ solution: unknown }>)[0].solution).toBe(
        '<p>x, because…</p>',
      );
    });

    it('shows staff everything and nobody else anything', async () => {
      const { c, a } = await finishedExam({ is_show_score: false, is_show_solution: false });
      const staffRunning = await result(c.asLecturer, a.id);
      expect(staffRunning.status).toBe(200);
      await finish(a.id);
      const staff = await result(c.asAssistant, a.id);
      expect(staff.attributes).toMatchObject({ score: 50, show_score: true, show_solution: true });
      expect((await result(c.asClassmate, a.id)).status).toBe(404);
      expect((await result(c.asOtherStudent, a.id)).status).toBe(404);
      expect((await result(c.asStranger, a.id)).status).toBe(404);
      expect((await result(c.asElsewhere, a.id)).status).toBe(404);
    });

    it('gives the exam’s score across attempts by final_score_type', async () => {
      for (const [type, expected] of [
        ['highest', 100],
        ['latest', 0],
        ['average', 50],
      ] as const) {
        const c = await h.course();
        const examId = await exam(c, { retry: 2, final_score_type: type, is_show_score: true });
        const q = await question(c, examId, 'true_false', [
          { answer: 'True', point: 1 },
          { answer: 'False' },
        ]);
        const first = await attempt(
          examId,
          c.student,
          [{ question: q.id, answer: { answer_index: [1] } }],
          1,
        );
        await finish(first.id, `now() - interval '1 hour'`);
        const second = await attempt(
          examId,
          c.student,
          [{ question: q.id, answer: { answer_index: [2] } }],
          2,
        );
        await finish(second.id);
        const shown = await result(c.asStudent, first.id);
        expect([type, shown.attributes.final_score, shown.attributes.score]).toEqual([type, expected, 100]);
        expect(shown.attributes.final_is_passed).toBe(expected >= 60);
      }
    });
  });

  describe('statistics', () => {
    it('summarises scores, time and each question (difficulty, discrimination, options) for staff only', async () => {
      const c = await h.course();
      const examId = await exam(c, { passing_grade: 60 });
      const q1 = await question(c, examId, 'multiple_choices', [
        { answer: 'a', point: 1 },
        { answer: 'b' },
        { answer: 'c' },
      ]);
      const q2 = await question(c, examId, 'exact', [{ exact_answer: '7' }]);
      const q3 = await question(c, examId, 'essay', []);
      // ten students: the first k answer q1 right; q2 right for even students
      const rows: Array<{ id: number; q1: number; q2: number }> = [];
      for (let n = 0; n < 10; n++) {
        const a = await attempt(examId, 800_000 + n, [
          { question: q1.id, answer: { answer_index: [n < 6 ? 1 : n < 8 ? 2 : 3] } },
          { question: q2.id, answer: { value: n % 2 === 0 ? '7' : '8' } },
          { question: q3.id, answer: { text: '<p>…</p>' } },
        ]);
        await finish(a.id);
        rows.push({ id: a.id, q1: n < 6 ? 100 : 0, q2: n % 2 === 0 ? 100 : 0 });
      }
      // one who left q2 empty and cleared q1; one still running
      const blank = await attempt(examId, 800_050, [
        { question: q1.id, answer: { answer_index: [] } },
        { question: q2.id, answer: { value: ' ' } },
        { question: q3.id, answer: null },
      ]);
      await finish(blank.id);
      rows.push({ id: blank.id, q1: 0, q2: 0 });
      await attempt(examId, 800_100, [{ question: q1.id }]);
      await h.ds.query(
        `UPDATE student_exams SET start_at = finished_at - interval '20 minutes' WHERE exam_id = $1 AND is_finished`,
        [examId],
      );

      const response = await c.asLecturer.get(`/api/v2/exam/exams/${examId}/statistic`);
      expect(response.status).toBe(200);
      const s = one(response.body).attributes;
      const scores = rows.map((r) => Math.round(((r.q1 + r.q2) / 3) * 100) / 100);
      const mean = scores.reduce((x, y) => x + y, 0) / scores.length;
      expect(s.students).toBe(12);
      expect(s.attempts).toEqual({ started: 12, running: 1, finished: 11, stopped: 0, grading_pending: 10 });
      expect(s.scores).toMatchObject({
        count: 11,
        mean: Math.round(mean * 100) / 100,
        min: 0,
        max: 66.67,
        passed: 3,
        pass_rate: 0.2727,
      });
      expect((s.distribution as Array<{ label: string; count: number }>).filter((b) => b.count)).toEqual([
        { from: 0, to: 10, label: '0–10', count: 3 },
        { from: 30, to: 40, label: '30–40', count: 5 },
        { from: 60, to: 70, label: '60–70', count: 3 },
      ]);
      expect(s.time_spent).toEqual({ mean: 1200, median: 1200, min: 1200, max: 1200 });

      const questions = s.questions as Array<Record<string, unknown>>;
      const items = (key: 'q1' | 'q2') =>
        rows.map((r) => ({
          attemptId: r.id,
          attemptScore: Math.round(((r.q1 + r.q2) / 3) * 100) / 100,
          questionScore: r[key],
        }));
      const analysis = (id: number) => questions.find((q) => q.question_id === id);
      expect(analysis(q1.id)).toMatchObject({
        attempts: 11,
        answered: 10,
        mean_score: 54.55,
        discrimination: discrimination(items('q1')),
        difficulty_level: 'medium',
        discrimination_level: 'very_good',
      });
      // the SQL follows the rules of domain/statistics.ts (rounded to 4 places)
      for (const [id, key] of [
        [q1.id, 'q1'],
        [q2.id, 'q2'],
      ] as const) {
        expect(analysis(id)?.difficulty).toBeCloseTo(difficulty(items(key)) ?? NaN, 4);
        expect(analysis(id)?.discrimination).toBeCloseTo(discrimination(items(key)) ?? NaN, 4);
      }
      expect(analysis(q2.id)).toMatchObject({ attempts: 11, answered: 10 });
      // ungraded essays are not analysed: only the empty one (0 by itself) is
      expect(analysis(q3.id)).toMatchObject({
        attempts: 1,
        answered: 0,
        mean_score: 0,
        discrimination: null,
      });

      const q1Stat = await c.asLecturer.get(`/api/v2/exam/exams/${examId}/question/${q1.id}/statistic`);
      expect(q1Stat.status).toBe(200);
      expect(one(q1Stat.body).attributes.options).toEqual([
        {
          id: q1.options[0],
          index: 1,
          answer: 'a',
          is_correct: true,
          chosen: 6,
          chosen_upper: 3,
          chosen_lower: 0,
        },
        {
          id: q1.options[1],
          index: 2,
          answer: 'b',
          is_correct: false,
          chosen: 2,
          chosen_upper: 0,
          chosen_lower: 1,
        },
        {
          id: q1.options[2],
          index: 3,
          answer: 'c',
          is_correct: false,
          chosen: 2,
          chosen_upper: 0,
          chosen_lower: 1,
        },
      ]);
      const q2Stat = await c.asLecturer.get(`/api/v2/exam/exams/${examId}/question/${q2.id}/statistic`);
      expect(one(q2Stat.body).attributes.values).toEqual([
        { value: '7', count: 5, mean_score: 100 },
        { value: '8', count: 5, mean_score: 0 },
      ]);

      const queue = await c.asLecturer.get(
        `/api/v2/exam/exams/${examId}/question/${q3.id}/students?filter[graded]=false&page[limit]=4`,
      );
      expect(queue.status).toBe(200);
      expect(queue.body.meta).toEqual({ total: 10, limit: 4, offset: 0 });
      const [firstInQueue] = queue.body.data as Array<{ id: string; attributes: Record<string, unknown> }>;
      expect(firstInQueue.attributes).toMatchObject({
        answer: { text: '<p>…</p>' },
        score: null,
        graded_at: null,
      });
      await c.asLecturer.patch('/api/v2/exam/gradeEssay', {
        student_question_id: Number(firstInQueue.id),
        score: 70,
      });
      const left = await c.asLecturer.get(
        `/api/v2/exam/exams/${examId}/question/${q3.id}/students?filter[graded]=false`,
      );
      expect(left.body.meta).toMatchObject({ total: 9 });

      // the exam's essay queue: the one essay question, the graded one left out
      const essays = await c.asAssistant.get(`/api/v2/exam/exams/${examId}/essays?filter[graded]=false`);
      expect(essays.status).toBe(200);
      expect(essays.body.meta).toMatchObject({ total: 9 });
      const queued = essays.body.data as Array<{ id: string; attributes: Record<string, unknown> }>;
      expect(new Set(queued.map((row) => row.attributes.question_id))).toEqual(new Set([q3.id]));
      expect(queued.map((row) => row.id)).not.toContain(firstInQueue.id);
      expect(queued[0].attributes).toMatchObject({ question_index: 3, graded_at: null });
      const all = await c.asAssistant.get(`/api/v2/exam/exams/${examId}/essays`);
      expect(all.body.meta).toMatchObject({ total: 11 });

      const summary = await c.asAssistant.get(`/api/stats/exam/${examId}`);
      expect(summary.status).toBe(200);
      expect(one(summary.body).attributes.questions).toBeUndefined();
      expect(one(summary.body).attributes.attempts).toMatchObject({ grading_pending: 9 });

      for (const path of [
        `/api/stats/exam/${examId}`,
        `/api/v2/exam/exams/${examId}/statistic`,
        `/api/v2/exam/exams/${examId}/question/${q1.id}/statistic`,
        `/api/v2/exam/exams/${examId}/question/${q1.id}/students`,
        `/api/v2/exam/exams/${examId}/essays`,
      ]) {
        expect([path, (await c.asStudent.get(path)).status]).toEqual([path, 403]);
        expect([path, (await c.asStranger.get(path)).status]).toEqual([path, 403]);
        expect([path, (await c.asElsewhere.get(path)).status]).toEqual([path, 404]);
      }
      expect((await c.asLecturer.get(`/api/v2/exam/exams/${examId}/question/999999/statistic`)).status).toBe(
        404,
      );
    });

    it('answers an exam without attempts with empty figures', async () => {
      const c = await h.course();
      const examId = await exam(c);
      const response = await c.asLecturer.get(`/api/v2/exam/exams/${examId}/statistic`);
      expect(response.status).toBe(200);
      expect(one(response.body).attributes).toMatchObject({
        students: 0,
        scores: { count: 0, mean: null, median: null, pass_rate: null, passed: 0 },
        time_spent: { mean: null },
        questions: [],
      });
    });
  });
});
