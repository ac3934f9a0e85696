import type { JsonResource } from '@lms/testing';
import { ExamHarness, list, one } from './support/harness';

/**
 * Grading through the taking API (issue 13): a student starts, answers and finishes an exam, the
 * finish scores it in its transaction, the student reads the result the exam allows, the
 * lecturer grades the essay and the student's score and pass follow.
 */
describe('grading an exam taken through the API', () => {
  const h = new ExamHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A wire date in the test campus's zone (Asia/Jakarta, UTC+7). */
  const wire = (date: Date) =>
    new Date(date.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

  it('scores at the finish, shows the score, and follows the essay’s grade', async () => {
    const c = await h.course();
    const now = Date.now();
    const created = await c.asLecturer.post('/api/exam/exams', {
      course_id: c.course.id,
      name: 'Quiz 1',
      start_at: wire(new Date(now - 3_600_000)),
      end_at: wire(new Date(now + 3_600_000)),
      package: 1,
      passing_grade: 70,
      is_published: true,
      is_show_score: true,
    });
    expect(created.status).toBe(201);
    const examId = Number(one(created.body).id);
    const question = async (attributes: Record<string, unknown>) => {
      const response = await c.asLecturer.post('/api/exam/questions', {
        data: { attributes: { exam_id: examId, package: 1, ...attributes } },
      });
      expect(response.status).toBe(201);
      return Number(one(response.body).id);
    };
    const mc = await question({
      questions_type: 'multiple_choices',
      question: '1 + 2?',
      answers: [{ answer: '3', point: 1 }, { answer: '4' }],
    });
    const exact = await question({
      questions_type: 'exact',
      question: 'Capital of Indonesia?',
      answers: [{ exact_answer: 'Jakarta' }],
    });
    const essay = await question({ questions_type: 'essay', question: 'Why?', weight: 2 });

    const started = await c.asStudent.get(`/api/exam/exams/${examId}/generate`);
    expect(started.status).toBe(200);
    const attemptId = Number(one(started.body).id);
    const questions = await c.asStudent.get(
      `/api/exam/studentquestions?filter[student_exam_id]=${attemptId}`,
    );
    expect(questions.status).toBe(200);
    const byQuestion = new Map(
      list(questions.body).map((row: JsonResource) => [
        (row.attributes.question as { id: number }).id,
        Number(row.id),
      ]),
    );
    const save = async (questionId: number, answer: unknown) =>
      expect(
        (
          await c.asStudent.patch(`/api/exam/studentquestions/${byQuestion.get(questionId)}`, {
            answer,
            seq: 1,
          })
        ).status,
      ).toBe(200);
    await save(mc, { answer_index: [1] });
    await save(exact, { value: 'jakarta ' });
    await save(essay, { text: '<p>Because it is.</p>' });

    // no result before the finish
    const early = await c.asStudent.get(`/api/exam/studentexams/${attemptId}/result`);
    expect(early.status).toBe(403);
    const finished = await c.asStudent.post(`/api/v2/exam/finish/${attemptId}`, {});
    expect(finished.status).toBe(200);

    // (100 + 100 + 0 · 2) / 4 = 50, the essay pending: no pass or fail yet
    const result = await c.asStudent.get(`/api/exam/studentexams/${attemptId}/result`);
    expect(result.status).toBe(200);
    expect(one(result.body).attributes).toMatchObject({
      score: 50,
      is_passed: null,
      grading_pending: 1,
      show_score: true,
      show_solution: false,
    });
    const [progress] = await h.ds.query(
      `SELECT score::float AS score, status FROM attempt_progress WHERE student_exam_id = $1`,
      [attemptId],
    );
    expect(progress).toEqual({ score: 50, status: 'finished' });
    const scored = (await h.events('exam.attempt.scored')).filter((e) => e.data.studentExamId === attemptId);
    expect(scored.map((e) => [e.data.reason, e.data.score])).toEqual([['finished', 50]]);

    // the essay in the queue, graded 70: (100 + 100 + 70 · 2) / 4 = 85, passed
    const queue = await c.asLecturer.get(`/api/v2/exam/exams/${examId}/essays?filter[graded]=false`);
    expect(list(queue.body).map((row) => Number(row.id))).toEqual([byQuestion.get(essay)]);
    const graded = await c.asLecturer.patch('/api/v2/exam/gradeEssay', {
      student_question_id: byQuestion.get(essay),
      score: 70,
    });
    expect(graded.status).toBe(200);
    const after = await c.asStudent.get(`/api/exam/studentexams/${attemptId}/result`);
    expect(one(after.body).attributes).toMatchObject({
      score: 85,
      is_passed: true,
      grading_pending: 0,
      final_score: 85,
      final_is_passed: true,
    });
  });
});
