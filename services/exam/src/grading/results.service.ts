import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { forbidden, notFound } from '@lms/jsonapi';
import { fillPlaceholders } from '../domain/dataset';
import { isAnswered, type StoredAnswer } from '../domain/attempt';
import type { QuestionType } from '../domain/question-rules';
import { expectedValue, finalScore, isPassed } from '../domain/scoring';
import { GradingAccess, type GradedExam } from './grading-access';

/** An answer option as a result shows it. */
export interface ResultOption {
  id: number;
  index: number;
  /** Its text, `{placeholders}` filled with the student's item. */
  answer: string | null;
  /** A formula's value for the student's item (what a parameterized choice shows; the solution of a parameterized question). */
  value: number | null;
  /** Whether it is correct (a choice with a point above 0; an accepted answer); null while solutions are hidden. */
  is_correct: boolean | null;
  /** An exact question's accepted answer; null while solutions are hidden. */
  exact_answer: string | null;
}

export interface ResultQuestion {
  student_question_id: number;
  index: number;
  question_id: number;
  questions_type: QuestionType | null;
  weight: number;
  question: string;
  answer: unknown;
  answered: boolean;
  /** 0–100; null while hidden, or an essay not graded yet. */
  score: number | null;
  graded_at: Date | null;
  solution: string | null;
  answers: ResultOption[];
}

/** What the caller may see of an attempt's result, and what they see. */
export interface AttemptResult {
  id: number;
  examId: number;
  studentId: number;
  attempt: number;
  isFinished: boolean;
  isStopped: boolean;
  startAt: Date | null;
  finishedAt: Date | null;
  score: number | null;
  isPassed: boolean | null;
  /** Essays still waiting for a grader (null while scores are hidden). */
  gradingPending: number | null;
  /** The exam's score across the student's attempts (`final_score_type`); null while hidden. */
  finalScore: number | null;
  finalIsPassed: boolean | null;
  showScore: boolean;
  showSolution: boolean;
  /** When solutions become visible to the student; null: never (or already). */
  solutionAt: Date | null;
  questions: ResultQuestion[];
}

interface AttemptRow {
  id: string;
  exam_id: string;
  student_id: string;
  attempt: number;
  is_finished: boolean;
  is_stopped: boolean;
  start_at: Date | null;
  finished_at: Date | null;
  score: string | null;
  is_passed: boolean | null;
}

interface QuestionRow {
  id: string;
  index: number;
  question_id: string;
  type: QuestionType | null;
  weight: number | null;
  question: string | null;
  solution: string | null;
  values: Record<string, number> | null;
  score: string | null;
  graded_at: Date | null;
  answer: unknown;
}

interface OptionRow {
  id: string;
  question_id: string;
  index: number;
  answer: string | null;
  point: number;
  exact_answer: string | null;
  tolerance: number;
  decimal_place: number;
  formula: string | null;
}

const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * An attempt's result (`GET /exam/studentexams/{id}/result`). Staff of the exam see everything.
 * The attempt's student sees it once finished, and then only what the exam allows, enforced here:
 * scores (their attempt's, each question's and the exam's across attempts) when `is_show_score`;
 * correct options, accepted answers, computed values and solutions when `is_show_solution`, right
 * after their finish when `is_show_solution_directly`, otherwise once the exam is over for
 * everyone (its end and every student's overridden end passed, or staff marked it finished).
 * Anybody else: 404.
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: GradingAccess,
  ) {}

  /**
   * The result of the attempt, with all its questions or only the student question `only`
   * (`GET /exam/studentquestions/view`).
   */
  async result(
    auth: AuthContext,
    studentExamId: number,
    now = new Date(),
    only: number | null = null,
  ): Promise<AttemptResult> {
    const manager = this.dataSource.manager;
    const [attempt]: AttemptRow[] = await manager.query(
      `SELECT id, exam_id, student_id, attempt, is_finished, is_stopped, start_at, finished_at, score, is_passed
         FROM student_exams WHERE id = $1 AND tenant_id = $2`,
      [studentExamId, auth.tenantId],
    );
    if (!attempt) throw notFound('Student exam not found');
    const exam = await this.access.exam(auth, Number(attempt.exam_id));
    const own = Number(attempt.student_id) === auth.userId;
    const staff = !own && (await this.access.isStaff(auth, exam));
    if (!own && !staff) throw notFound('Student exam not found');
    if (own && !attempt.is_finished)
      throw forbidden('The result is shown once you have finished the exam', 'not_finished');

    const showScore = staff || exam.isShowScore;
    const solutionAt = staff ? null : await this.solutionTime(exam, attempt);
    const showSolution = staff || (solutionAt !== null && solutionAt.getTime() <= now.getTime());

    const all: QuestionRow[] = await manager.query(
      `SELECT sq.id, sq.index, sq.question_id, q.questions_type AS type, q.weight, q.question, q.solution,
              i.values, sq.score, sq.graded_at, a.answer
         FROM student_questions sq
         LEFT JOIN questions q ON q.id = sq.question_id
         LEFT JOIN data_set_items i ON i.id = sq.data_set_item_id
         LEFT JOIN student_answers a ON a.student_question_id = sq.id
        WHERE sq.student_exam_id = $1
        ORDER BY sq.index`,
      [studentExamId],
    );
    const questions = only === null ? all : all.filter((row) => Number(row.id) === only);
    const optionRows: OptionRow[] = questions.length
      ? await manager.query(
          `SELECT id, question_id, index, answer, point, exact_answer, tolerance, decimal_place, formula
             FROM question_answers WHERE question_id = ANY($1::bigint[]) ORDER BY question_id, index`,
          [questions.map((row) => row.question_id)],
        )
      : [];
    const options = new Map<string, OptionRow[]>();
    for (const row of optionRows)
      options.set(row.question_id, [...(options.get(row.question_id) ?? []), row]);

    const pending = all.filter((row) => row.type === 'essay' && row.graded_at === null).length;
    let final: number | null = null;
    if (showScore) {
      const scored: Array<{ attempt: number; score: string; finished_at: Date | null }> = await manager.query(
        `SELECT attempt, score, finished_at FROM student_exams
          WHERE exam_id = $1 AND student_id = $2 AND is_finished AND score IS NOT NULL`,
        [exam.id, attempt.student_id],
      );
      final = finalScore(
        scored.map((row) => ({
          attempt: row.attempt,
          score: Number(row.score),
          finished_at: row.finished_at,
        })),
        exam.finalScoreType,
      );
    }

    return {
      id: Number(attempt.id),
      examId: exam.id,
      studentId: Number(attempt.student_id),
      attempt: attempt.attempt,
      isFinished: attempt.is_finished,
      isStopped: attempt.is_stopped,
      startAt: attempt.start_at,
      finishedAt: attempt.finished_at,
      score: showScore ? num(attempt.score) : null,
      isPassed: showScore ? attempt.is_passed : null,
      gradingPending: showScore ? pending : null,
      finalScore: final,
      finalIsPassed: final === null ? null : isPassed(final, exam.passingGrade),
      showScore,
      showSolution,
      solutionAt: showSolution ? null : solutionAt,
      questions: questions.map((row) => {
        const values = row.values ?? {};
        const type = row.type;
        return {
          student_question_id: Number(row.id),
          index: row.index,
          question_id: Number(row.question_id),
          questions_type: type,
          weight: row.weight ?? 0,
          question: row.question === null ? '' : fillPlaceholders(row.question, values),
          answer: row.answer ?? null,
          answered: isAnswered((row.answer ?? null) as StoredAnswer | null),
          score: showScore ? num(row.score) : null,
          graded_at: showScore ? row.graded_at : null,
          solution: showSolution ? row.solution : null,
          answers: (options.get(row.question_id) ?? []).map((option) => {
            const value = expectedValue(option, row.values);
            return {
              id: Number(option.id),
              index: option.index,
              answer: option.answer === null ? null : fillPlaceholders(option.answer, values),
              // a parameterized choice shows its value while taking; a parameterized answer is the solution
              value: type === 'parameterized_multiple_choices' || showSolution ? (value ?? null) : null,
              // every option of an exact or parameterized question is an accepted answer
              is_correct: showSolution
                ? type === 'exact' || type === 'parameterized' || option.point > 0
                : null,
              exact_answer: showSolution ? option.exact_answer : null,
            };
          }),
        };
      }),
    };
  }

  /**
   * When the attempt's student may see solutions: never without `is_show_solution`; at their
   * finish with `is_show_solution_directly`; else when the exam is over for every student — its
   * end and the latest overridden end of any student, or now when staff marked it finished.
   */
  private async solutionTime(exam: GradedExam, attempt: AttemptRow): Promise<Date | null> {
    if (!exam.isShowSolution) return null;
    if (exam.isShowSolutionDirectly) return attempt.finished_at;
    if (exam.isFinished) return attempt.finished_at ?? new Date(0);
    if (exam.endAt === null) return null;
    const [latest]: Array<{ end_at: Date | null }> = await this.dataSource.manager.query(
      `SELECT max(end_at) AS end_at FROM (
         SELECT override_end_at AS end_at FROM exam_overrides WHERE exam_id = $1
         UNION ALL SELECT override_end_at FROM student_exams WHERE exam_id = $1
         UNION ALL SELECT end_at FROM student_exams WHERE exam_id = $1 AND NOT is_finished
       ) ends`,
      [exam.id],
    );
    const ends = [exam.endAt, latest?.end_at ?? null].filter((end): end is Date => end !== null);
    return new Date(Math.max(...ends.map((end) => end.getTime())));
  }
}
