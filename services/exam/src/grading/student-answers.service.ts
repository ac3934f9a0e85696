import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { badRequest, JsonApiException, notFound } from '@lms/jsonapi';
import { isAnswered, type StoredAnswer } from '../domain/attempt';
import { GradingAccess } from './grading-access';
import { type AttemptResult, type ResultQuestion, ResultsService } from './results.service';

/** A student's answer to a question of an attempt (`GET /exam/studentanswers`). */
export interface StudentAnswerRow {
  studentQuestionId: number;
  studentExamId: number;
  studentId: number;
  studentName: string | null;
  attempt: number;
  questionId: number;
  index: number;
  flagged: boolean;
  answer: unknown;
  answered: boolean;
  seq: number | null;
  savedAt: Date | null;
  isFinished: boolean;
  /** null while the reader may not see it (a student before the exam shows scores), or ungraded. */
  score: number | null;
  gradedAt: Date | null;
}

/** One student question with its answer as its reader may review it (`GET /exam/studentquestions/view`). */
export interface StudentQuestionReview extends ResultQuestion {
  studentExamId: number;
  showScore: boolean;
  showSolution: boolean;
  solutionAt: Date | null;
}

/** What `GET /exam/studentanswers` is asked for: an attempt, a question, or both. */
export interface AnswerFilters {
  studentExamId?: number;
  questionId?: number;
}

interface AnswerRow {
  id: string;
  student_exam_id: string;
  student_id: string;
  student_name: string | null;
  attempt: number;
  question_id: string;
  index: number;
  flagged: boolean;
  answer: unknown;
  seq: string | null;
  saved_at: Date | null;
  is_finished: boolean;
  score: string | null;
  graded_at: Date | null;
}

/**
 * The older read paths of answers (spec 02 §7 "Taking and grading"): the answers of an attempt or
 * of a question, and one question reviewed with its answer. Staff of the exam read every
 * student's; a student only their own (another student's attempt is a 404, like another campus's),
 * with scores once their attempt is finished and the exam shows scores — the rules of
 * {@link ResultsService}, which the review goes through.
 */
@Injectable()
export class StudentAnswersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: GradingAccess,
    private readonly results: ResultsService,
  ) {}

  /** The answers of an attempt and/or of a question the caller may read, by student and index. */
  async answers(
    auth: AuthContext,
    filters: AnswerFilters,
    page: { limit: number; offset: number },
  ): Promise<[StudentAnswerRow[], number]> {
    const { studentExamId, questionId } = filters;
    if (studentExamId === undefined && questionId === undefined)
      throw badRequest(
        'filter[student_exam_id] or filter[question_id] is required',
        'filter[student_exam_id]',
      );
    const examIds = new Set<number>();
    let attemptOwner: number | null = null;
    if (studentExamId !== undefined) {
      const [row]: Array<{ exam_id: string; student_id: string }> = await this.dataSource.query(
        `SELECT exam_id, student_id FROM student_exams WHERE id = $1 AND tenant_id = $2`,
        [studentExamId, auth.tenantId],
      );
      if (!row) throw notFound('Attempt not found');
      examIds.add(Number(row.exam_id));
      attemptOwner = Number(row.student_id);
    }
    if (questionId !== undefined) {
      const [row]: Array<{ exam_id: string }> = await this.dataSource.query(
        `SELECT q.exam_id FROM questions q JOIN exams e ON e.id = q.exam_id
          WHERE q.id = $1 AND e.tenant_id = $2`,
        [questionId, auth.tenantId],
      );
      if (!row) throw notFound('Question not found');
      examIds.add(Number(row.exam_id));
    }
    // an attempt and a question of different exams have no answer in common
    if (examIds.size > 1) return [[], 0];
    const exam = await this.access.exam(auth, [...examIds][0]);
    const staff = await this.access.isStaff(auth, exam);
    if (!staff && attemptOwner !== null && attemptOwner !== auth.userId) throw notFound('Attempt not found');
    const where = `se.tenant_id = $1 AND se.exam_id = $2
        AND ($3::bigint IS NULL OR sq.student_exam_id = $3)
        AND ($4::bigint IS NULL OR sq.question_id = $4)
        AND ($5::bigint IS NULL OR se.student_id = $5)`;
    const params = [
      auth.tenantId,
      exam.id,
      studentExamId ?? null,
      questionId ?? null,
      staff ? null : auth.userId,
    ];
    const [rows, [{ total }]]: [AnswerRow[], Array<{ total: number }>] = await Promise.all([
      this.dataSource.query(
        `SELECT sq.id, sq.student_exam_id, se.student_id, u.name AS student_name, se.attempt, sq.question_id,
                sq.index, sq.flagged, sa.answer, sa.seq, sa.saved_at, se.is_finished, sq.score, sq.graded_at
           FROM student_questions sq
           JOIN student_exams se ON se.id = sq.student_exam_id
           LEFT JOIN student_answers sa ON sa.student_question_id = sq.id
           LEFT JOIN users u ON u.id = se.student_id
          WHERE ${where}
          ORDER BY u.name, se.student_id, se.attempt, sq.index
          LIMIT $6 OFFSET $7`,
        [...params, page.limit, page.offset],
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM student_questions sq
           JOIN student_exams se ON se.id = sq.student_exam_id WHERE ${where}`,
        params,
      ),
    ]);
    return [
      rows.map((row) => {
        const scoreShown = staff || (row.is_finished && exam.isShowScore);
        return {
          studentQuestionId: Number(row.id),
          studentExamId: Number(row.student_exam_id),
          studentId: Number(row.student_id),
          studentName: row.student_name,
          attempt: row.attempt,
          questionId: Number(row.question_id),
          index: row.index,
          flagged: row.flagged,
          answer: row.answer ?? null,
          answered: isAnswered((row.answer ?? null) as StoredAnswer | null),
          seq: row.seq === null ? null : Number(row.seq),
          savedAt: row.saved_at,
          isFinished: row.is_finished,
          score: scoreShown && row.score !== null ? Number(row.score) : null,
          gradedAt: scoreShown ? row.graded_at : null,
        };
      }),
      total,
    ];
  }

  /**
   * One question of an attempt with the student's answer, as the attempt's result shows it: staff
   * see everything; the student once finished, with scores and solutions as the exam allows.
   */
  async review(auth: AuthContext, studentQuestionId: number): Promise<StudentQuestionReview> {
    const [row]: Array<{ student_exam_id: string }> = await this.dataSource.query(
      `SELECT sq.student_exam_id FROM student_questions sq JOIN student_exams se ON se.id = sq.student_exam_id
        WHERE sq.id = $1 AND se.tenant_id = $2`,
      [studentQuestionId, auth.tenantId],
    );
    if (!row) throw notFound('Question not found');
    let result: AttemptResult;
    try {
      result = await this.results.result(auth, Number(row.student_exam_id), new Date(), studentQuestionId);
    } catch (error) {
      // someone else's attempt: the question does not exist for the caller
      if (error instanceof JsonApiException && error.getStatus() === 404)
        throw notFound('Question not found');
      throw error;
    }
    const [question] = result.questions;
    if (!question) throw notFound('Question not found');
    return {
      ...question,
      studentExamId: result.id,
      showScore: result.showScore,
      showSolution: result.showSolution,
      solutionAt: result.solutionAt,
    };
  }
}
