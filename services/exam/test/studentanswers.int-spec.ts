import type { ApiClient, JsonResource } from '@lms/testing';
import { ExamHarness, list, one } from './support/harness';

/** A wire date in the test campus's zone (Asia/Jakarta, UTC+7). */
const wire = (time: number) => new Date(time + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The older read paths of answers (spec 02 §7 "Taking and grading"): `GET /exam/studentanswers`
 * (an attempt's or a question's answers) and `GET /exam/studentquestions/view` (one question
 * reviewed with its answer) — who reads what, and scores and solutions only when released.
 */
describe('studentanswers and studentquestions/view', () => {
  const h = new ExamHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  type Course = Awaited<ReturnType<ExamHarness['course']>>;

  /** An open exam with a choice and an essay; the student and the classmate each start an attempt. */
  async function taken(c: Course, settings: Record<string, unknown> = {}) {
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Quiz',
      start_at: wire(Date.now() - 3_600_000),
      end_at: wire(Date.now() + 3_600_000),
      package: 1,
      is_published: true,
      ...settings,
    });
    expect(created.status).toBe(201);
    const examId = Number(one(created.body).id);
    const question = async (attributes: Record<string, unknown>) => {
      const made = await c.asLecturer.post('/api/exam/questions', {
        exam_id: examId,
        package: 1,
        ...attributes,
      });
      expect(made.status).toBe(201);
      return Number(one(made.body).id);
    };
    const choice = await question({
      questions_type: 'multiple_choices',
      question: '1 + 2?',
      solution: 'Three',
      answers: [
        { answer: '3', point: 1 },
        { answer: '4', point: 0 },
      ],
    });
    const essay = await question({ questions_type: 'essay', question: 'Why?' });
    const start = async (as: ApiClient) => {
      const started = await as.get(`/api/exam/exams/${examId}/generate`);
      expect(started.status).toBe(200);
      const id = Number(one(started.body).id);
      const questions = list((await as.get(`/api/exam/studentquestions?filter[student_exam_id]=${id}`)).body);
      const of = (questionId: number) =>
        Number(
          questions.find((row: JsonResource) => (row.attributes.question as { id: number }).id === questionId)
            ?.id,
        );
      return { id, choice: of(choice), essay: of(essay) };
    };
    const mine = await start(c.asStudent);
    const theirs = await start(c.asClassmate);
    const saved = await c.asStudent.patch(`/api/exam/studentquestions/${mine.choice}`, {
      answer: { answer_index: [1] },
      seq: 3,
    });
    expect(saved.status).toBe(200);
    await c.asClassmate.patch(`/api/exam/studentquestions/${theirs.choice}`, {
      answer: { answer_index: [2] },
      seq: 1,
    });
    return { examId, choice, essay, mine, theirs };
  }

  const finish = async (as: ApiClient, id: number) =>
    expect((await as.post(`/api/v2/exam/finish/${id}`, {})).status).toBe(200);

  describe('GET /exam/studentanswers', () => {
    it('lists the student’s own answers, with scores once finished and shown', async () => {
      const c = await h.course();
      const { mine } = await taken(c, { is_show_score: true });
      const running = await c.asStudent.get(`/api/exam/studentanswers?filter[student_exam_id]=${mine.id}`);
      expect(running.status).toBe(200);
      expect(running.body.meta).toEqual({ total: 2, limit: 1000, offset: 0 });
      const [first, second] = list(running.body);
      expect(first.id).toBe(String(mine.choice));
      expect(first.attributes).toMatchObject({
        student_question_id: mine.choice,
        student_exam_id: mine.id,
        student_id: c.student.id,
        answer: { answer_index: [1] },
        answered: true,
        seq: 3,
        is_finished: false,
        score: null,
      });
      expect(second.attributes).toMatchObject({
        student_question_id: mine.essay,
        answer: null,
        answered: false,
      });

      const essay = await c.asStudent.patch(`/api/exam/studentquestions/${mine.essay}`, {
        answer: { text: '<p>Because.</p>' },
        seq: 1,
      });
      expect(essay.status).toBe(200);
      await finish(c.asStudent, mine.id);
      const after = list(
        (await c.asStudent.get(`/api/exam/studentanswers?filter[student_exam_id]=${mine.id}`)).body,
      );
      expect(after.map((row) => row.attributes.score)).toEqual([100, null]); // the essay waits for its grader
    });

    it('keeps scores from a student while the exam hides them, not from staff', async () => {
      const c = await h.course();
      const { mine } = await taken(c, { is_show_score: false });
      await finish(c.asStudent, mine.id);
      const own = list(
        (await c.asStudent.get(`/api/exam/studentanswers?filter[student_exam_id]=${mine.id}`)).body,
      );
      expect(own[0].attributes.score).toBeNull();
      const staff = list(
        (await c.asLecturer.get(`/api/exam/studentanswers?filter[student_exam_id]=${mine.id}`)).body,
      );
      expect(staff[0].attributes).toMatchObject({ score: 100, student_name: c.student.name });
    });

    it('lists every student’s answer to a question for staff, only the caller’s own for a student', async () => {
      const c = await h.course();
      const { choice, mine, theirs } = await taken(c);
      const staff = list(
        (await c.asAssistant.get(`/api/exam/studentanswers?filter[question_id]=${choice}`)).body,
      );
      expect(staff.map((row) => Number(row.id)).sort()).toEqual([mine.choice, theirs.choice].sort());
      const own = list(
        (await c.asStudent.get(`/api/exam/studentanswers?filter[question_id]=${choice}`)).body,
      );
      expect(own.map((row) => Number(row.id))).toEqual([mine.choice]);
      const both = await c.asLecturer.get(
        `/api/exam/studentanswers?filter[question_id]=${choice}&filter[student_exam_id]=${theirs.id}`,
      );
      expect(list(both.body).map((row) => Number(row.id))).toEqual([theirs.choice]);
    });

    it('answers another student’s attempt and another campus’s with 404', async () => {
      const c = await h.course();
      const { choice, theirs } = await taken(c);
      expect(
        (await c.asStudent.get(`/api/exam/studentanswers?filter[student_exam_id]=${theirs.id}`)).status,
      ).toBe(404);
      expect(
        (await c.asStranger.get(`/api/exam/studentanswers?filter[student_exam_id]=${theirs.id}`)).status,
      ).toBe(404);
      expect(
        (await c.asElsewhere.get(`/api/exam/studentanswers?filter[student_exam_id]=${theirs.id}`)).status,
      ).toBe(404);
      expect((await c.asElsewhere.get(`/api/exam/studentanswers?filter[question_id]=${choice}`)).status).toBe(
        404,
      );
    });

    it('refuses a request without a filter or with a bad one (400 with the parameter)', async () => {
      const c = await h.course();
      const none = await c.asLecturer.get('/api/exam/studentanswers');
      expect(none.status).toBe(400);
      expect(none.body.errors?.[0].source).toEqual({ parameter: 'filter[student_exam_id]' });
      const bad = await c.asLecturer.get('/api/exam/studentanswers?filter[student_exam_id]=abc');
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0].source?.parameter).toContain('filter[student_exam_id]');
    });
  });

  describe('GET /exam/studentquestions/view', () => {
    it('shows the student their question once finished, the solution only when released', async () => {
      const c = await h.course();
      const { mine } = await taken(c, { is_show_score: true, is_show_solution: false });
      const early = await c.asStudent.get(
        `/api/exam/studentquestions/view?filter[student_question_id]=${mine.choice}`,
      );
      expect(early.status).toBe(403);
      expect(early.body.errors?.[0].code).toBe('not_finished');

      await finish(c.asStudent, mine.id);
      const view = await c.asStudent.get(
        `/api/exam/studentquestions/view?filter[student_question_id]=${mine.choice}`,
      );
      expect(view.status).toBe(200);
      expect(one(view.body)).toMatchObject({ type: 'studentquestions', id: String(mine.choice) });
      expect(one(view.body).attributes).toMatchObject({
        student_exam_id: mine.id,
        question: '1 + 2?',
        answer: { answer_index: [1] },
        answered: true,
        score: 100,
        solution: null,
        show_score: true,
        show_solution: false,
      });
      const options = one(view.body).attributes.answers as Array<Record<string, unknown>>;
      expect(options.map((option) => option.is_correct)).toEqual([null, null]);
    });

    it('shows staff everything, even while the attempt runs', async () => {
      const c = await h.course();
      const { mine } = await taken(c, { is_show_score: false, is_show_solution: false });
      const view = await c.asLecturer.get(
        `/api/exam/studentquestions/view?filter[student_question_id]=${mine.choice}`,
      );
      expect(view.status).toBe(200);
      expect(one(view.body).attributes).toMatchObject({ solution: 'Three', show_solution: true });
      const options = one(view.body).attributes.answers as Array<Record<string, unknown>>;
      expect(options.map((option) => option.is_correct)).toEqual([true, false]);
    });

    it('answers another student’s question and another campus’s with 404, no filter with 400', async () => {
      const c = await h.course();
      const { theirs } = await taken(c);
      await finish(c.asClassmate, theirs.id);
      const path = `/api/exam/studentquestions/view?filter[student_question_id]=${theirs.choice}`;
      expect((await c.asStudent.get(path)).status).toBe(404);
      expect((await c.asStranger.get(path)).status).toBe(404);
      expect((await c.asElsewhere.get(path)).status).toBe(404);
      const none = await c.asLecturer.get('/api/exam/studentquestions/view');
      expect(none.status).toBe(400);
      expect(none.body.errors?.[0].source).toEqual({ parameter: 'filter[student_question_id]' });
    });
  });
});
