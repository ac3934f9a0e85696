import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import type { ParsedQuery } from '@lms/jsonapi';
import { countsSql, percentageOf } from '../completion/completion.service';
import { STUDENT_TASKS_SOON, TASK_TO_SEND } from '../todo/todo.service';
import { MY_COURSES_CTE } from '../work/my-courses.sql';
import { filterConditions, pageOfRows } from '../work/page-of-rows';
import type { DashboardGrade, DashboardProgress, DashboardTask, RunningExam } from './dashboard.resource';

/**
 * A student's tasks due (STUDENT_TASKS_SOON; `$3` the campus's time zone, for "due today"): those still to send (the to-do's rule) and those sent
 * before an end still ahead; a score only once the task shows scores (as the task service tells
 * students), and "scored" only then — an unreleased score never leaves the server.
 */
const TASKS = `
  SELECT t.id, t.title AS name, t.course_id, t.start_at, t.end_at,
         CASE WHEN NOT COALESCE(a.is_sent, FALSE) AND a.reopened_at IS NOT NULL THEN 'change_requested'
              WHEN NOT COALESCE(a.is_sent, FALSE) THEN 'not_sent'
              WHEN t.show_score AND a.scored_at >= a.sent_at THEN 'scored'
              ELSE 'sent' END AS status,
         CASE WHEN t.show_score AND a.scored_at >= a.sent_at
              THEN (SELECT s.score FROM task_answer_scores s WHERE s.answer_id = a.answer_id AND s.student_id = $2)
         END AS score,
         COALESCE((t.end_at AT TIME ZONE $3::text)::date = (now() AT TIME ZONE $3::text)::date, FALSE) AS due_today
  ${STUDENT_TASKS_SOON}
     AND ((${TASK_TO_SEND}) OR (COALESCE(a.is_sent, FALSE) AND t.end_at > now()))`;

/**
 * A student's released scores: of tasks that show scores (each answer's score for them), and of
 * published exams that show scores (their best attempt with no essay waiting for a grader, as the
 * gradebook counts the best) — released when the score was last set.
 */
const GRADES = `
  SELECT 'task' AS kind, t.id AS item_id, t.title AS name, t.course_id, s.score,
         s.score >= t.passing_grade AS is_passed, sc.as_of AS released_at
    FROM task_answer_scores s
    JOIN task_answers_scored sc ON sc.answer_id = s.answer_id
    JOIN task_projections t ON t.id = s.task_id
    JOIN mine ON mine.id = t.course_id AND NOT mine.staff
   WHERE s.student_id = $2 AND t.show_score AND t.is_active AND NOT t.deleted
  UNION ALL
  SELECT 'exam', e.id, e.title, e.course_id, best.score, best.is_passed, best.as_of
    FROM exam_projections e JOIN mine ON mine.id = e.course_id AND NOT mine.staff
    JOIN LATERAL (SELECT s.score, s.is_passed, s.as_of FROM exam_attempt_scores s
                   WHERE s.exam_id = e.id AND s.student_id = $2 AND s.pending = 0
                   ORDER BY s.score DESC, s.as_of DESC LIMIT 1) best ON TRUE
   WHERE e.is_show_score AND e.is_published AND NOT e.deleted`;

/** A student's courses that track completion, with how many of the contents that count they did. */
const PROGRESS = `
  SELECT mine.id AS course_id,
         count(DISTINCT c.id)::int AS required,
         count(DISTINCT co.completionable_id)::int AS completed
    FROM mine JOIN courses course ON course.id = mine.id AND course.completion_tracking AND course.is_active
    LEFT JOIN contents c ON c.course_id = mine.id AND ${countsSql('c')}
    LEFT JOIN completions co ON co.completionable_type = 'contents' AND co.completionable_id = c.id
                            AND co.user_id = $2
   WHERE NOT mine.staff
   GROUP BY mine.id`;

/**
 * The exams of the courses the caller teaches that run now: published, not closed, their window
 * open (none: open), with their attempts in progress and finished (src/work's attempt facts).
 */
const RUNNING_EXAMS = `
  SELECT e.id, e.title AS name, e.course_id, e.start_at, e.end_at,
         (SELECT count(*) FROM exam_attempt_facts f WHERE f.exam_id = e.id AND f.finished_at IS NULL)::int
           AS in_progress,
         (SELECT count(*) FROM exam_attempt_facts f WHERE f.exam_id = e.id AND f.finished_at IS NOT NULL)::int
           AS finished
    FROM exam_projections e JOIN mine ON mine.id = e.course_id AND mine.staff
   WHERE e.is_published AND NOT e.deleted AND NOT e.is_finished
     AND (e.start_at IS NULL OR e.start_at <= now()) AND (e.end_at IS NULL OR e.end_at > now())`;

interface CourseColumns {
  course_id: string | number;
  course_name: string;
  course_code: string | null;
}

const courseOf = (row: CourseColumns) => ({
  courseId: Number(row.course_id),
  courseName: row.course_name,
  courseCode: row.course_code,
});

/** A number PostgreSQL answers as text (`numeric`), or null. */
const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The dashboard's cards (issue 21) that the course service's own data answers, each its own
 * query over the caller's courses of their campus (`mine`): a student's own rows only, staff's
 * the courses they teach. The exams to take and the answers and essays waiting for the staff are
 * the to-do's (`GET /todo?filter[todo_type]=…`).
 */
@Injectable()
export class DashboardService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The rows of a card's `SELECT` (aliased `card`) with their course, filtered and paged: `$1` the
   * campus, `$2` the caller, then `more` (`$3`…).
   */
  private async card<Row>(
    auth: AuthContext,
    rows: string,
    query: ParsedQuery,
    orderBy: string,
    more: unknown[] = [],
  ): Promise<[Array<Row & CourseColumns>, number]> {
    const parameters: unknown[] = [auth.tenantId, auth.userId, ...more];
    const conditions = filterConditions(query.filters, parameters);
    return pageOfRows<Row & CourseColumns>(
      this.dataSource,
      `WITH ${MY_COURSES_CTE}
       SELECT card.*, mine.name AS course_name, mine.code AS course_code
         FROM (${rows}) card JOIN mine ON mine.id = card.course_id
        ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}`,
      parameters,
      query,
      orderBy,
    );
  }

  /** The student's tasks due, soonest end first (none last). */
  async tasks(auth: AuthContext, query: ParsedQuery): Promise<[DashboardTask[], number]> {
    const [rows, total] = await this.card<{
      id: string;
      name: string;
      status: DashboardTask['status'];
      start_at: Date | null;
      end_at: Date | null;
      due_today: boolean;
      score: string | null;
    }>(auth, TASKS, query, 'page.end_at ASC NULLS LAST, page.id', [auth.timeZone]);
    return [
      rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        ...courseOf(row),
        status: row.status,
        startAt: row.start_at,
        endAt: row.end_at,
        dueToday: row.due_today,
        score: numberOrNull(row.score),
      })),
      total,
    ];
  }

  /** The student's released scores, latest first. */
  async grades(auth: AuthContext, query: ParsedQuery): Promise<[DashboardGrade[], number]> {
    const [rows, total] = await this.card<{
      kind: DashboardGrade['kind'];
      item_id: string;
      name: string;
      score: string;
      is_passed: boolean | null;
      released_at: Date;
    }>(auth, GRADES, query, 'page.released_at DESC, page.kind, page.item_id');
    return [
      rows.map((row) => ({
        kind: row.kind,
        itemId: Number(row.item_id),
        name: row.name,
        ...courseOf(row),
        score: Number(row.score),
        isPassed: row.is_passed,
        releasedAt: row.released_at,
      })),
      total,
    ];
  }

  /** The student's progress per course that tracks completion, by course name. */
  async progress(auth: AuthContext, query: ParsedQuery): Promise<[DashboardProgress[], number]> {
    const [rows, total] = await this.card<{ required: number; completed: number }>(
      auth,
      PROGRESS,
      query,
      'page.course_name, page.course_id',
    );
    return [
      rows.map((row) => ({
        ...courseOf(row),
        completed: row.completed,
        required: row.required,
        percentage: percentageOf(row.completed, row.required),
      })),
      total,
    ];
  }

  /** The exams running now in the courses the caller teaches, soonest end first. */
  async runningExams(auth: AuthContext, query: ParsedQuery): Promise<[RunningExam[], number]> {
    const [rows, total] = await this.card<{
      id: string;
      name: string;
      start_at: Date | null;
      end_at: Date | null;
      in_progress: number;
      finished: number;
    }>(auth, RUNNING_EXAMS, query, 'page.end_at ASC NULLS LAST, page.id');
    return [
      rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        ...courseOf(row),
        startAt: row.start_at,
        endAt: row.end_at,
        inProgress: row.in_progress,
        finished: row.finished,
      })),
      total,
    ];
  }
}
