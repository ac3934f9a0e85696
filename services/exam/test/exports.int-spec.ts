import ExcelJS from 'exceljs';
import { ExamHarness, one } from './support/harness';

/**
 * Exports of an exam (spec 02 §7): the results workbook and the answers PDF, answered as files and
 * kept in the exam service's store, handed out again by short-lived links, removed per attempt.
 */
describe('exam exports', () => {
  const h = new ExamHarness();
  let c: Awaited<ReturnType<ExamHarness['course']>>;
  let examId: number;
  let attemptId: number;
  let questions: { choice: number; essay: number; exact: number };

  beforeAll(async () => {
    await h.start();
    c = await h.course();
    await h.ds.query(`UPDATE users SET name = 'Ana Lestari', nim = '2201' WHERE id = $1`, [c.student.id]);
    await h.ds.query(`UPDATE users SET name = 'Budi Santoso', nim = '2202' WHERE id = $1`, [c.classmate.id]);
    const [exam]: Array<{ id: string }> = await h.ds.query(
      `INSERT INTO exams (tenant_id, course_id, name, package, passing_grade, final_score_type, is_published, created_by)
       VALUES (1, $1, 'Midterm: Loops', 1, 60, 'highest', true, $2) RETURNING id`,
      [c.course.id, c.lecturer.id],
    );
    examId = Number(exam.id);
    const question = async (index: number, type: string, text: string, weight: number) => {
      const [row]: Array<{ id: string }> = await h.ds.query(
        `INSERT INTO questions (tenant_id, course_id, exam_id, package, index, questions_type, question, weight, created_by)
         VALUES (1, $1, $2, 1, $3, $4, $5, $6, $7) RETURNING id`,
        [c.course.id, examId, index, type, text, weight, c.lecturer.id],
      );
      return Number(row.id);
    };
    questions = {
      choice: await question(1, 'multiple_choices', '<p>Which loop runs at least once?</p>', 2),
      essay: await question(2, 'essay', '<p>Explain a loop invariant.</p>', 1),
      exact: await question(3, 'exact', '<p>How many times does it run?</p>', 1),
    };
    await h.ds.query(
      `INSERT INTO question_answers (question_id, index, answer, point, exact_answer, tolerance)
       VALUES ($1, 1, '<p>for</p>', 0, NULL, 0), ($1, 2, '<p>do … while</p>', 1, NULL, 0),
              ($2, 1, NULL, 1, '10', 0)`,
      [questions.choice, questions.exact],
    );
    // Ana finished one attempt, graded: 100 for the choice, 50 for the essay, 0 for the exact.
    const [attempt]: Array<{ id: string }> = await h.ds.query(
      `INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, is_finished, start_at, end_at,
                                  finished_at, score, is_passed, scored_at)
       VALUES (1, $1, $2, 1, 1, true, '2030-01-01 08:00+07', '2030-01-01 09:00+07', '2030-01-01 08:40+07', 62.5, true, now())
       RETURNING id`,
      [examId, c.student.id],
    );
    attemptId = Number(attempt.id);
    const answer = async (questionId: number, index: number, score: number, value: unknown) => {
      const [row]: Array<{ id: string }> = await h.ds.query(
        `INSERT INTO student_questions (student_exam_id, question_id, index, score) VALUES ($1, $2, $3, $4) RETURNING id`,
        [attemptId, questionId, index, score],
      );
      await h.ds.query(
        `INSERT INTO student_answers (student_question_id, answer, seq, saved_at) VALUES ($1, $2, 1, now())`,
        [row.id, JSON.stringify(value)],
      );
    };
    await answer(questions.choice, 1, 100, { answer_index: [2] });
    await answer(questions.essay, 2, 50, {
      text: '<p>It holds <strong>before</strong> and after each step.</p>',
    });
    await answer(questions.exact, 3, 0, { value: '9' });
  });
  afterAll(() => h.stop());

  /** A request whose answer is a file (the harness's client reads text). */
  async function fetchFile(method: 'POST' | 'GET', path: string, token?: string, body?: unknown) {
    const response = await fetch(`${h.baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  const rowValues = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1);

  it('exports the results as a workbook: a row per student of the exam, with the per-question scores', async () => {
    const file = await fetchFile('POST', '/api/v2/exam/exams/results', await h.token(c.lecturer), {
      exam_id: examId,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Midterm Loops results \d{12}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const results = book.getWorksheet('Results')!;
    expect(rowValues(results.getRow(1)).slice(6)).toEqual([
      'Q1 (weight 2)',
      'Q2 (weight 1)',
      'Q3 (weight 1)',
    ]);
    expect(rowValues(results.getRow(2))).toEqual(['2201', 'Ana Lestari', 'A', 1, 62.5, 'passed', 100, 50, 0]);
    // Budi is in the exam's classes (it names none: every class) and never started.
    expect(rowValues(results.getRow(3))).toEqual(['2202', 'Budi Santoso', 'B', 0]);
    expect(results.rowCount).toBe(3);
    expect(rowValues(book.getWorksheet('Attempts')!.getRow(2)).slice(0, 9)).toEqual([
      '2201',
      'Ana Lestari',
      1,
      1,
      'finished',
      '2030-01-01 08:00:00',
      '2030-01-01 08:40:00',
      62.5,
      'passed',
    ]);
  });

  it('exports the answers of an attempt as a PDF, kept for a short-lived link', async () => {
    const token = await h.token(c.assistant);
    const file = await fetchFile('POST', '/api/v2/exam/exams/results/questions', token, {
      data: { attributes: { exam_id: examId, student_exam_id: attemptId } },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const link = await c.asAssistant.get(
      `/api/blob-storage/exam/${examId}/export?kind=answers&student_exam_id=${attemptId}`,
    );
    expect(link.status).toBe(200);
    expect(one(link.body).attributes).toMatchObject({
      exam_id: examId,
      student_exam_id: attemptId,
      kind: 'answers',
      size: file.bytes.length,
    });
    const downloaded = await fetchFile('GET', String(one(link.body).attributes.downloadUrl));
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes.equals(file.bytes)).toBe(true);
    expect(downloaded.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Midterm Loops attempt/,
    );

    // The whole exam's answers are another export; none is stored yet.
    expect((await c.asLecturer.get(`/api/blob-storage/exam/${examId}/export?kind=answers`)).status).toBe(404);
  });

  it('keeps only the newest export of each kind: the older file is removed from the store', async () => {
    const token = await h.token(c.lecturer);
    await fetchFile('POST', '/api/v2/exam/exams/results', token, { exam_id: examId });
    const first = await c.asLecturer.get(`/api/blob-storage/exam/${examId}/export`);
    const firstUrl = String(one(first.body).attributes.downloadUrl);
    expect((await fetchFile('GET', firstUrl)).status).toBe(200);

    await fetchFile('POST', '/api/v2/exam/exams/results', token, { exam_id: examId });
    const second = await c.asLecturer.get(`/api/blob-storage/exam/${examId}/export?kind=results`);
    expect(Number(one(second.body).id)).toBeGreaterThan(Number(one(first.body).id));
    expect((await fetchFile('GET', firstUrl)).status).toBe(404);
    expect((await fetchFile('GET', String(one(second.body).attributes.downloadUrl))).status).toBe(200);
    const rows: unknown[] = await h.ds.query(
      `SELECT 1 FROM exam_exports WHERE exam_id = $1 AND kind = 'results'`,
      [examId],
    );
    expect(rows).toHaveLength(1);
  });

  it('lets only the exam’s staff export: students 403, other lecturers 403, another campus 404', async () => {
    const body = { exam_id: examId };
    expect(
      (await fetchFile('POST', '/api/v2/exam/exams/results', await h.token(c.student), body)).status,
    ).toBe(403);
    expect(
      (await fetchFile('POST', '/api/v2/exam/exams/results', await h.token(c.stranger), body)).status,
    ).toBe(403);
    expect(
      (await fetchFile('POST', '/api/v2/exam/exams/results', await h.token(c.elsewhere), body)).status,
    ).toBe(404);
    expect((await c.asStudent.get(`/api/blob-storage/exam/${examId}/export`)).status).toBe(403);
    expect((await fetchFile('POST', '/api/v2/exam/exams/results', undefined, body)).status).toBe(401);
  });

  it('answers bad input with a 4xx naming the field', async () => {
    const missing = await c.asLecturer.post('/api/v2/exam/exams/results', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/exam_id' });
    const otherAttempt = await c.asLecturer.post('/api/v2/exam/exams/results/questions', {
      exam_id: examId,
      student_exam_id: 999_999,
    });
    expect(otherAttempt.status).toBe(404);
    const kind = await c.asLecturer.get(`/api/blob-storage/exam/${examId}/export?kind=grades`);
    expect(kind.status).toBe(400);
    expect(kind.body.errors?.[0].source).toEqual({ parameter: 'kind' });
    expect((await c.asLecturer.get(`/api/blob-storage/exam/${examId}/export?student_exam_id=x`)).status).toBe(
      400,
    );
    expect((await c.asLecturer.get(`/api/blob-storage/exam/999999/export`)).status).toBe(404);
  });

  it('removes the stored answers of an attempt for its student, and no one else but staff', async () => {
    const token = await h.token(c.lecturer);
    await fetchFile('POST', '/api/v2/exam/exams/results/questions', token, {
      exam_id: examId,
      student_exam_id: attemptId,
    });
    const path = `/api/blob-storage/exam/student/${attemptId}/export`;
    expect((await c.asClassmate.send('DELETE', path)).status).toBe(403);
    expect((await c.asStudent.send('DELETE', path)).status).toBe(204);
    expect(
      (
        await c.asLecturer.get(
          `/api/blob-storage/exam/${examId}/export?kind=answers&student_exam_id=${attemptId}`,
        )
      ).status,
    ).toBe(404);
    // Nothing stored any more: still done.
    expect((await c.asStudent.send('DELETE', path)).status).toBe(204);
    expect((await c.asStudent.send('DELETE', '/api/blob-storage/exam/student/999999/export')).status).toBe(
      404,
    );
  });
});
