import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import { attributePointer, notFound, unprocessable } from '@lms/jsonapi';
import {
  attemptScore,
  isPassed,
  MAX_QUESTION_SCORE,
  scoreQuestion,
  type ScoringOption,
} from '../domain/scoring';
import type { QuestionType } from '../domain/question-rules';
import { MonitorFeed } from '../attempts/monitor-feed';
import { GradingAccess } from './grading-access';

/** Attempts a recalculation scores per transaction. */
export const RECALCULATION_BATCH = 200;

export type ScoreReason = 'finished' | 'essay_graded' | 'recalculated';

/** One attempt's score before and after it was (re)scored. */
export interface ScoreChange {
  student_exam_id: number;
  student_id: number;
  attempt: number;
  before: number | null;
  after: number;
  is_passed: boolean | null;
  pending: number;
}

interface AttemptRow {
  id: string;
  tenant_id: string;
  exam_id: string;
  course_id: string;
  student_id: string;
  attempt: number;
  score: string | null;
  is_passed: boolean | null;
  scored_at: Date | null;
  passing_grade: string;
}

interface QuestionRow {
  id: string;
  student_exam_id: string;
  question_id: string;
  score: string | null;
  graded_at: Date | null;
  saved_at: Date | null;
  type: QuestionType | null;
  weight: number | null;
  values: Record<string, number> | null;
  answer: unknown;
}

interface OptionRow {
  question_id: string;
  index: number;
  point: number;
  exact_answer: string | null;
  tolerance: number;
  decimal_place: number;
  formula: string | null;
}

const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * Scores attempts (spec 02 §4–§5, the rules of `domain/scoring.ts`): objective questions at the
 * finish, an essay when it is graded, every finished attempt of an exam when a question was
 * fixed. Writes `student_questions.score`, `student_exams.score | is_passed | scored_at` and the
 * monitor's `attempt_progress.score`, and records `exam.attempt.scored` — all in the caller's
 * transaction.
 */
@Injectable()
export class GradingService {
  constructor(
    private readonly unit: UnitOfWork,
    private readonly access: GradingAccess,
    private readonly feed: MonitorFeed,
  ) {}

  /** Scores one attempt in the caller's transaction (the finish calls it). */
  async scoreAttempt(manager: EntityManager, studentExamId: number, reason: ScoreReason = 'finished') {
    await this.scoreAttempts(manager, [studentExamId], reason);
  }

  /**
   * Scores attempts (locked for the transaction), answering each one's score before and after.
   * An essay keeps the score its grader gave (pending until then, and again once its answer is
   * saved after the grading); a question deleted since the attempt was made no longer counts. `exam.attempt.scored` is recorded for an attempt scored
   * for the first time or whose score or pass changed.
   */
  async scoreAttempts(
    manager: EntityManager,
    studentExamIds: readonly number[],
    reason: ScoreReason,
  ): Promise<ScoreChange[]> {
    if (!studentExamIds.length) return [];
    const attempts: AttemptRow[] = await manager.query(
      `SELECT se.id, se.tenant_id, se.exam_id, e.course_id, se.student_id, se.attempt, se.score,
              se.is_passed, se.scored_at, e.passing_grade
         FROM student_exams se JOIN exams e ON e.id = se.exam_id
        WHERE se.id = ANY($1::bigint[])
        ORDER BY se.id
          FOR UPDATE OF se`,
      [studentExamIds],
    );
    const questions: QuestionRow[] = await manager.query(
      `SELECT sq.id, sq.student_exam_id, sq.question_id, sq.score, sq.graded_at, a.saved_at,
              q.questions_type AS type, q.weight, i.values, a.answer
         FROM student_questions sq
         LEFT JOIN questions q ON q.id = sq.question_id
         LEFT JOIN data_set_items i ON i.id = sq.data_set_item_id
         LEFT JOIN student_answers a ON a.student_question_id = sq.id
        WHERE sq.student_exam_id = ANY($1::bigint[])`,
      [studentExamIds],
    );
    const questionIds = [...new Set(questions.map((row) => row.question_id))];
    const optionRows: OptionRow[] = questionIds.length
      ? await manager.query(
          `SELECT question_id, index, point, exact_answer, tolerance, decimal_place, formula
             FROM question_answers WHERE question_id = ANY($1::bigint[]) ORDER BY question_id, index`,
          [questionIds],
        )
      : [];
    const options = new Map<string, ScoringOption[]>();
    for (const row of optionRows) {
      const list = options.get(row.question_id) ?? [];
      list.push({
        index: row.index,
        point: row.point,
        exact_answer: row.exact_answer,
        tolerance: row.tolerance,
        decimal_place: row.decimal_place,
        formula: row.formula,
      });
      options.set(row.question_id, list);
    }

    const questionScores = {
      ids: [] as string[],
      scores: [] as Array<number | null>,
      ungraded: [] as boolean[],
    };
    const byAttempt = new Map<string, Array<{ score: number | null; weight: number }>>();
    for (const row of questions) {
      const list = byAttempt.get(row.student_exam_id) ?? [];
      byAttempt.set(row.student_exam_id, list);
      if (row.type === null) continue; // the question was deleted
      let score: number | null;
      const result = scoreQuestion(
        { type: row.type, options: options.get(row.question_id) ?? [] },
        row.answer,
        row.values,
      );
      // an essay changed after it was graded (its attempt was reset and answered again) waits for a grader again
      const stale =
        row.type === 'essay' &&
        row.graded_at !== null &&
        row.saved_at !== null &&
        row.saved_at.getTime() > row.graded_at.getTime();
      if (row.type === 'essay' && row.graded_at !== null && !stale) score = num(row.score);
      else score = result.status === 'scored' ? result.score : null;
      list.push({ score, weight: row.weight ?? 1 });
      if (score !== num(row.score) || stale) {
        questionScores.ids.push(row.id);
        questionScores.scores.push(score);
        questionScores.ungraded.push(stale);
      }
    }
    if (questionScores.ids.length)
      await manager.query(
        `UPDATE student_questions sq SET score = v.score,
                graded_at = CASE WHEN v.ungraded THEN NULL ELSE sq.graded_at END,
                graded_by = CASE WHEN v.ungraded THEN NULL ELSE sq.graded_by END
           FROM unnest($1::bigint[], $2::numeric[], $3::boolean[]) AS v(id, score, ungraded) WHERE sq.id = v.id`,
        [questionScores.ids, questionScores.scores, questionScores.ungraded],
      );

    const changes: ScoreChange[] = attempts.map((row) => {
      const { score, pending } = attemptScore(byAttempt.get(row.id) ?? []);
      return {
        student_exam_id: Number(row.id),
        student_id: Number(row.student_id),
        attempt: row.attempt,
        before: num(row.score),
        after: score,
        is_passed: pending ? null : isPassed(score, Number(row.passing_grade)),
        pending,
      };
    });
    await manager.query(
      `UPDATE student_exams se SET score = v.score, is_passed = v.passed, scored_at = now()
         FROM unnest($1::bigint[], $2::numeric[], $3::boolean[]) AS v(id, score, passed) WHERE se.id = v.id`,
      [changes.map((c) => c.student_exam_id), changes.map((c) => c.after), changes.map((c) => c.is_passed)],
    );
    await manager.query(
      `UPDATE attempt_progress p SET score = v.score
         FROM unnest($1::bigint[], $2::numeric[]) AS v(id, score) WHERE p.student_exam_id = v.id`,
      [changes.map((c) => c.student_exam_id), changes.map((c) => c.after)],
    );
    this.feed.touchedIn(
      manager,
      changes.map((c) => c.student_exam_id),
    );
    for (const [n, row] of attempts.entries()) {
      const change = changes[n];
      if (row.scored_at !== null && change.before === change.after && row.is_passed === change.is_passed)
        continue;
      await recordEvent(manager, 'exam.attempt.scored', {
        tenantId: Number(row.tenant_id),
        key: change.student_exam_id,
        data: {
          examId: Number(row.exam_id),
          courseId: Number(row.course_id),
          studentExamId: change.student_exam_id,
          studentId: change.student_id,
          attempt: row.attempt,
          score: change.after,
          isPassed: change.is_passed,
          pending: change.pending,
          reason,
        },
      });
    }
    return changes;
  }

  /**
   * A grader's score for an essay (0 to 100; 0 is a score, nothing is not): the exam's staff
   * only, once the attempt is finished; the attempt is scored again with it.
   */
  async gradeEssay(auth: AuthContext, studentQuestionId: number, score: number) {
    return this.unit.run(async (manager) => {
      const [row]: Array<{
        id: string;
        student_exam_id: string;
        exam_id: string;
        type: QuestionType | null;
        is_finished: boolean;
      }> = await manager.query(
        `SELECT sq.id, sq.student_exam_id, se.exam_id, q.questions_type AS type, se.is_finished
             FROM student_questions sq
             JOIN student_exams se ON se.id = sq.student_exam_id
             LEFT JOIN questions q ON q.id = sq.question_id
            WHERE sq.id = $1 AND se.tenant_id = $2
              FOR UPDATE OF sq`,
        [studentQuestionId, auth.tenantId],
      );
      if (!row) throw notFound('Student question not found');
      await this.access.staffExam(auth, Number(row.exam_id), manager);
      if (row.type !== 'essay')
        throw unprocessable([
          {
            pointer: attributePointer('student_question_id'),
            detail:
              row.type === null
                ? 'the question was deleted from the exam'
                : `a ${row.type} question is scored automatically: only essays are graded by hand`,
          },
        ]);
      if (!row.is_finished)
        throw unprocessable([
          {
            pointer: attributePointer('student_question_id'),
            detail: 'the attempt is still running: grade it once the student has finished',
          },
        ]);
      if (score > MAX_QUESTION_SCORE)
        throw unprocessable([
          { pointer: attributePointer('score'), detail: `score must be at most ${MAX_QUESTION_SCORE}` },
        ]);
      await manager.query(
        `UPDATE student_questions SET score = $2, graded_at = now(), graded_by = $3 WHERE id = $1`,
        [studentQuestionId, score, auth.userId],
      );
      const [change] = await this.scoreAttempts(manager, [Number(row.student_exam_id)], 'essay_graded');
      const [graded]: Array<{ graded_at: Date }> = await manager.query(
        `SELECT graded_at FROM student_questions WHERE id = $1`,
        [studentQuestionId],
      );
      return {
        id: studentQuestionId,
        studentExamId: Number(row.student_exam_id),
        score,
        gradedAt: graded.graded_at,
        gradedBy: auth.userId,
        attempt: change,
      };
    });
  }

  /**
   * Scores every finished attempt of the exam again (after a question or its options were
   * fixed), in batches of `RECALCULATION_BATCH` attempts, each its own transaction; answers the
   * attempts whose score changed, and by how much.
   */
  async recalculate(auth: AuthContext, examId: number) {
    await this.access.staffExam(auth, examId);
    const changed: Array<ScoreChange & { difference: number }> = [];
    let attempts = 0;
    let after = 0;
    for (;;) {
      const done = await this.unit.run(async (manager) => {
        const rows: Array<{ id: string }> = await manager.query(
          `SELECT id FROM student_exams
            WHERE exam_id = $1 AND tenant_id = $2 AND is_finished AND id > $3
            ORDER BY id LIMIT $4`,
          [examId, auth.tenantId, after, RECALCULATION_BATCH],
        );
        if (!rows.length) return true;
        after = Number(rows[rows.length - 1].id);
        attempts += rows.length;
        const changes = await this.scoreAttempts(
          manager,
          rows.map((row) => Number(row.id)),
          'recalculated',
        );
        for (const change of changes)
          if (change.before !== change.after)
            changed.push({
              ...change,
              difference: Math.round((change.after - (change.before ?? 0)) * 100) / 100,
            });
        return rows.length < RECALCULATION_BATCH;
      });
      if (done) break;
    }
    return { examId, attempts, changed };
  }
}
