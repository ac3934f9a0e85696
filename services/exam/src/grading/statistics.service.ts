import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { notFound, type ParsedQuery } from '@lms/jsonapi';
import type { QuestionType } from '../domain/question-rules';
import {
  BIN_COUNT,
  BIN_WIDTH,
  bins,
  difficultyLevel,
  discriminationLevel,
  GROUP_SHARE,
} from '../domain/statistics';
import { GradingAccess, type GradedExam } from './grading-access';

/** A number or null from a numeric/float column, rounded to `places`. */
const round = (value: string | number | null, places = 2) =>
  value === null ? null : Math.round(Number(value) * 10 ** places) / 10 ** places;

/** One question's item analysis over the finished, scored attempts that had it. */
export interface QuestionAnalysis {
  question_id: number;
  index: number | null;
  package: number | null;
  questions_type: QuestionType | null;
  /** Attempts with a score on it (pending essays are left out). */
  attempts: number;
  answered: number;
  mean_score: number | null;
  difficulty: number | null;
  difficulty_level: ReturnType<typeof difficultyLevel>;
  discrimination: number | null;
  discrimination_level: ReturnType<typeof discriminationLevel>;
}

export interface ExamStatistic {
  examId: number;
  passingGrade: number;
  finalScoreType: string;
  /** Students with at least one attempt. */
  students: number;
  attempts: { started: number; running: number; finished: number; stopped: number; grading_pending: number };
  /** Over each student's final score (by `final_score_type`), students with a scored attempt. */
  scores: {
    count: number;
    mean: number | null;
    median: number | null;
    stdev: number | null;
    min: number | null;
    max: number | null;
    passed: number;
    pass_rate: number | null;
  };
  distribution: Array<{ from: number; to: number; label: string; count: number }>;
  /** Seconds from start to finish of the finished attempts. */
  time_spent: { mean: number | null; median: number | null; min: number | null; max: number | null };
  questions?: QuestionAnalysis[];
}

export interface QuestionStatistic extends QuestionAnalysis {
  examId: number;
  /** Choice types: how many finished attempts chose each option (upper and lower 27 % groups too). */
  options: Array<{
    id: number;
    index: number;
    answer: string | null;
    is_correct: boolean;
    chosen: number;
    chosen_upper: number;
    chosen_lower: number;
  }>;
  /** Typed answers (exact, parameterized): the 20 most frequent, with their mean score. */
  values: Array<{ value: string; count: number; mean_score: number | null }>;
}

export interface QuestionStudent {
  id: number;
  questionId: number;
  /** The question's position in its package (null: deleted since). */
  questionIndex: number | null;
  studentExamId: number;
  studentId: number;
  name: string | null;
  nim: string | null;
  attempt: number;
  finishedAt: Date | null;
  answer: unknown;
  score: number | null;
  gradedAt: Date | null;
  gradedBy: number | null;
}

/**
 * The finished, scored attempts of an exam (`$1`), ranked for the upper/lower groups per question:
 * `rk` 1 is the best attempt score, ties by attempt id. `$2` is the share of each group.
 */
const ITEM_ROWS = `
  WITH scored AS (
    SELECT id, score FROM student_exams WHERE exam_id = $1 AND is_finished AND score IS NOT NULL
  ), items AS (
    SELECT sq.question_id, sq.id AS student_question_id, sq.score AS question_score, sq.student_exam_id,
           coalesce(jsonb_typeof(a.answer) = 'object' AND (
             coalesce(a.answer -> 'answer_index', '[]') NOT IN ('[]', 'null')
             OR btrim(coalesce(a.answer ->> 'value', a.answer ->> 'text', '')) <> ''), false) AS answered,
           row_number() OVER (PARTITION BY sq.question_id ORDER BY s.score DESC, s.id) AS rk,
           count(*) OVER (PARTITION BY sq.question_id) AS n
      FROM student_questions sq
      JOIN scored s ON s.id = sq.student_exam_id
      LEFT JOIN student_answers a ON a.student_question_id = sq.id
     WHERE sq.score IS NOT NULL
  ), ranked AS (
    SELECT items.*, LEAST(GREATEST(1, round(n * $2::numeric)), floor(n / 2)) AS k FROM items
  )`;

/**
 * Exam statistics (spec 02 §7): SQL aggregates over the exam's attempts — never every answer
 * loaded into memory — read by its staff only.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: GradingAccess,
  ) {}

  /** Counts, score summary, distribution and time spent; with `questions`, each question's analysis. */
  async exam(auth: AuthContext, examId: number, withQuestions: boolean): Promise<ExamStatistic> {
    const exam = await this.access.staffExam(auth, examId);
    const manager = this.dataSource.manager;
    const [counts]: Array<Record<string, string>> = await manager.query(
      `SELECT count(DISTINCT student_id) AS students,
              count(*) AS started,
              count(*) FILTER (WHERE NOT is_finished) AS running,
              count(*) FILTER (WHERE is_finished) AS finished,
              count(*) FILTER (WHERE is_stopped) AS stopped,
              count(*) FILTER (WHERE is_finished AND score IS NOT NULL AND is_passed IS NULL) AS grading_pending,
              avg(extract(epoch FROM finished_at - start_at)) FILTER (WHERE is_finished) AS time_mean,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - start_at))
                FILTER (WHERE is_finished) AS time_median,
              min(extract(epoch FROM finished_at - start_at)) FILTER (WHERE is_finished) AS time_min,
              max(extract(epoch FROM finished_at - start_at)) FILTER (WHERE is_finished) AS time_max
         FROM student_exams WHERE exam_id = $1`,
      [exam.id],
    );
    const finals = `
      WITH finals AS (
        SELECT student_id,
               CASE $2::text
                 WHEN 'average' THEN round(avg(score), 2)
                 WHEN 'latest' THEN (array_agg(score ORDER BY finished_at DESC NULLS LAST, attempt DESC))[1]
                 ELSE max(score)
               END AS score
          FROM student_exams WHERE exam_id = $1 AND is_finished AND score IS NOT NULL
         GROUP BY student_id
      )`;
    const [summary]: Array<Record<string, string | null>> = await manager.query(
      `${finals}
       SELECT count(*) AS count, avg(score) AS mean,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY score) AS median,
              stddev_pop(score) AS stdev, min(score) AS min, max(score) AS max,
              count(*) FILTER (WHERE score >= $3) AS passed
         FROM finals`,
      [exam.id, exam.finalScoreType, exam.passingGrade],
    );
    const binRows: Array<{ bin: number; count: string }> = await manager.query(
      `${finals}
       SELECT LEAST(floor(score / $3)::int, $4::int - 1) AS bin, count(*) AS count FROM finals GROUP BY 1`,
      [exam.id, exam.finalScoreType, BIN_WIDTH, BIN_COUNT],
    );
    const binCounts = new Map(binRows.map((row) => [Number(row.bin), Number(row.count)]));
    const count = Number(summary.count);
    const passed = Number(summary.passed);
    return {
      examId: exam.id,
      passingGrade: exam.passingGrade,
      finalScoreType: exam.finalScoreType,
      students: Number(counts.students),
      attempts: {
        started: Number(counts.started),
        running: Number(counts.running),
        finished: Number(counts.finished),
        stopped: Number(counts.stopped),
        grading_pending: Number(counts.grading_pending),
      },
      scores: {
        count,
        mean: round(summary.mean),
        median: round(summary.median),
        stdev: round(summary.stdev),
        min: round(summary.min),
        max: round(summary.max),
        passed,
        pass_rate: count ? round(passed / count, 4) : null,
      },
      distribution: bins().map(({ bin, from, to, label }) => ({
        from,
        to,
        label,
        count: binCounts.get(bin) ?? 0,
      })),
      time_spent: {
        mean: round(counts.time_mean, 0),
        median: round(counts.time_median, 0),
        min: round(counts.time_min, 0),
        max: round(counts.time_max, 0),
      },
      ...(withQuestions ? { questions: await this.analysis(exam) } : {}),
    };
  }

  /** Item analysis of every question the exam's attempts had (its current questions first, by package and index). */
  private async analysis(exam: GradedExam, questionId?: number): Promise<QuestionAnalysis[]> {
    const rows: Array<Record<string, string | number | null>> = await this.dataSource.manager.query(
      `${ITEM_ROWS}
       SELECT r.question_id, q.index, q.package, q.questions_type,
              count(*) AS attempts,
              count(*) FILTER (WHERE r.answered) AS answered,
              avg(r.question_score) AS mean_score,
              CASE WHEN max(r.n) >= 2 THEN
                avg(r.question_score) FILTER (WHERE r.rk <= r.k) - avg(r.question_score) FILTER (WHERE r.rk > r.n - r.k)
              END AS discrimination
         FROM ranked r LEFT JOIN questions q ON q.id = r.question_id
        WHERE $3::bigint IS NULL OR r.question_id = $3
        GROUP BY r.question_id, q.index, q.package, q.questions_type
        ORDER BY q.package NULLS LAST, q.index NULLS LAST, r.question_id`,
      [exam.id, GROUP_SHARE, questionId ?? null],
    );
    return rows.map((row) => {
      const mean = row.mean_score === null ? null : Number(row.mean_score);
      const p = mean === null ? null : round(mean / 100, 4);
      const d = row.discrimination === null ? null : round(Number(row.discrimination) / 100, 4);
      return {
        question_id: Number(row.question_id),
        index: row.index === null ? null : Number(row.index),
        package: row.package === null ? null : Number(row.package),
        questions_type: row.questions_type as QuestionType | null,
        attempts: Number(row.attempts),
        answered: Number(row.answered),
        mean_score: round(mean),
        difficulty: p,
        difficulty_level: difficultyLevel(p),
        discrimination: d,
        discrimination_level: discriminationLevel(d),
      };
    });
  }

  /** A question's item analysis with how its options were chosen and its typed answers. */
  async question(auth: AuthContext, examId: number, questionId: number): Promise<QuestionStatistic> {
    const exam = await this.access.staffExam(auth, examId);
    const manager = this.dataSource.manager;
    const [question]: Array<{ id: string; index: number; package: number; questions_type: QuestionType }> =
      await manager.query(
        `SELECT id, index, package, questions_type FROM questions WHERE id = $1 AND exam_id = $2`,
        [questionId, exam.id],
      );
    if (!question) throw notFound('Question not found in this exam');
    const [analysis] = await this.analysis(exam, questionId);
    const options: Array<Record<string, string | number | null>> = await manager.query(
      `${ITEM_ROWS}
       SELECT o.id, o.index, o.answer, o.point,
              count(r.student_question_id) AS chosen,
              count(r.student_question_id) FILTER (WHERE r.rk <= r.k) AS chosen_upper,
              count(r.student_question_id) FILTER (WHERE r.rk > r.n - r.k) AS chosen_lower
         FROM question_answers o
         LEFT JOIN (ranked r JOIN student_answers a ON a.student_question_id = r.student_question_id)
           ON r.question_id = o.question_id AND a.answer -> 'answer_index' @> to_jsonb(o.index)
        WHERE o.question_id = $3
        GROUP BY o.id, o.index, o.answer, o.point
        ORDER BY o.index`,
      [exam.id, GROUP_SHARE, questionId],
    );
    const values: Array<{ value: string; count: string; mean_score: string | null }> = await manager.query(
      `SELECT a.answer ->> 'value' AS value, count(*) AS count, avg(sq.score) AS mean_score
         FROM student_questions sq
         JOIN student_exams se ON se.id = sq.student_exam_id AND se.exam_id = $1 AND se.is_finished
         JOIN student_answers a ON a.student_question_id = sq.id
        WHERE sq.question_id = $2 AND btrim(coalesce(a.answer ->> 'value', '')) <> ''
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 20`,
      [exam.id, questionId],
    );
    const empty: QuestionAnalysis = {
      question_id: questionId,
      index: question.index,
      package: question.package,
      questions_type: question.questions_type,
      attempts: 0,
      answered: 0,
      mean_score: null,
      difficulty: null,
      difficulty_level: null,
      discrimination: null,
      discrimination_level: null,
    };
    return {
      ...(analysis ?? empty),
      examId: exam.id,
      options:
        question.questions_type === 'essay' ||
        question.questions_type === 'exact' ||
        question.questions_type === 'parameterized'
          ? []
          : options.map((row) => ({
              id: Number(row.id),
              index: Number(row.index),
              answer: row.answer === null ? null : String(row.answer),
              is_correct: Number(row.point) > 0,
              chosen: Number(row.chosen),
              chosen_upper: Number(row.chosen_upper),
              chosen_lower: Number(row.chosen_lower),
            })),
      values: values.map((row) => ({
        value: row.value,
        count: Number(row.count),
        mean_score: round(row.mean_score),
      })),
    };
  }

  /**
   * The finished attempts' answers to one question (`questionId`) — or to every essay of the exam
   * (null): the grading queue — with each student's answer and score, `filter[graded]=false`
   * only those without a score yet (an essay left empty scores 0 by itself); by question, then by name.
   */
  async students(
    auth: AuthContext,
    examId: number,
    questionId: number | null,
    query: ParsedQuery,
  ): Promise<[QuestionStudent[], number]> {
    const exam = await this.access.staffExam(auth, examId);
    const graded = query.filters.find((filter) => filter.field === 'graded')?.value;
    const from = `student_questions sq
         JOIN student_exams se ON se.id = sq.student_exam_id
         LEFT JOIN questions q ON q.id = sq.question_id`;
    const where = `se.exam_id = $1 AND se.is_finished
      AND (sq.question_id = $2 OR ($2::bigint IS NULL AND q.questions_type = 'essay'))
      AND ($3::boolean IS NULL OR (sq.score IS NOT NULL) = $3)`;
    const params = [exam.id, questionId, typeof graded === 'boolean' ? graded : null];
    const [{ total }]: Array<{ total: string }> = await this.dataSource.manager.query(
      `SELECT count(*) AS total FROM ${from} WHERE ${where}`,
      params,
    );
    const rows: Array<Record<string, unknown>> = await this.dataSource.manager.query(
      `SELECT sq.id, sq.question_id, q.index AS question_index, sq.student_exam_id, se.student_id, u.name, u.nim,
              se.attempt, se.finished_at, a.answer, sq.score, sq.graded_at, sq.graded_by
         FROM ${from}
         LEFT JOIN users u ON u.id = se.student_id AND u.tenant_id = se.tenant_id
         LEFT JOIN student_answers a ON a.student_question_id = sq.id
        WHERE ${where}
        ORDER BY q.package NULLS LAST, q.index NULLS LAST, sq.question_id, u.name NULLS LAST, se.student_id, se.attempt
        LIMIT $4 OFFSET $5`,
      [...params, query.limit, query.offset],
    );
    return [
      rows.map((row) => ({
        id: Number(row.id),
        questionId: Number(row.question_id),
        questionIndex: row.question_index === null ? null : Number(row.question_index),
        studentExamId: Number(row.student_exam_id),
        studentId: Number(row.student_id),
        name: (row.name as string | null) ?? null,
        nim: (row.nim as string | null) ?? null,
        attempt: Number(row.attempt),
        finishedAt: (row.finished_at as Date | null) ?? null,
        answer: row.answer ?? null,
        score: row.score === null ? null : Number(row.score),
        gradedAt: (row.graded_at as Date | null) ?? null,
        gradedBy: row.graded_by === null ? null : Number(row.graded_by),
      })),
      Number(total),
    ];
  }
}
