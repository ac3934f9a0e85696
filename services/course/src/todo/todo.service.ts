import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import type { ParsedQuery } from '@lms/jsonapi';
import { FORMABLE_ACTIVE, FORMABLE_LIVE } from '../forms/forms.sql';
import { MY_COURSES_CTE } from '../work/my-courses.sql';
import { filterConditions, pageOfRows } from '../work/page-of-rows';
import type { TodoItem } from './todo.resource';

/** How far ahead an exam or task that has not opened yet is already on a student's to-do. */
export const UPCOMING_DAYS = 7;

/**
 * A student's exams (published, for one of their classes, not closed by the lecturer) open now or
 * within UPCOMING_DAYS and not ended, that they have not finished an attempt at.
 */
const STUDENT_EXAMS = `
  SELECT 'exam' AS todo_type, e.id AS item_id, e.title AS name, e.course_id,
         CASE WHEN EXISTS (SELECT 1 FROM exam_attempt_facts f
                            WHERE f.exam_id = e.id AND f.student_id = $2 AND f.finished_at IS NULL)
              THEN 'in_progress' ELSE 'not_started' END AS status,
         e.start_at, e.end_at, e.end_at AS due_at, NULL::timestamptz AS since, NULL::int AS count
    FROM exam_projections e JOIN mine ON mine.id = e.course_id AND NOT mine.staff
   WHERE e.is_published AND NOT e.deleted AND NOT e.is_finished
     AND (cardinality(e.class_ids) = 0 OR e.class_ids && mine.class_ids)
     AND (e.start_at IS NULL OR e.start_at <= now() + make_interval(days => ${UPCOMING_DAYS}))
     AND (e.end_at IS NULL OR e.end_at > now())
     AND NOT EXISTS (SELECT 1 FROM exam_attempt_facts f
                      WHERE f.exam_id = e.id AND f.student_id = $2 AND f.finished_at IS NOT NULL)`;

/**
 * A student's task `t` (active, for one of their classes of `mine`) open now or within
 * UPCOMING_DAYS, and `a`: the latest of their answers to it (`answer_id, is_sent, sent_at,
 * reopened_at, scored_at`; none yet: nulls). `$2` is the student. The to-do's and the dashboard's
 * tasks (src/dashboard) both read them so.
 */
export const STUDENT_TASKS_SOON = `
    FROM task_projections t JOIN mine ON mine.id = t.course_id AND NOT mine.staff
    LEFT JOIN LATERAL (SELECT af.answer_id, af.is_sent, af.sent_at, af.reopened_at, af.scored_at
                         FROM task_answer_facts af
                        WHERE af.task_id = t.id AND $2 = ANY(af.member_ids)
                        ORDER BY af.occurred_at DESC LIMIT 1) a ON TRUE
   WHERE t.is_active AND NOT t.deleted
     AND (t.all_class OR t.class_ids && mine.class_ids)
     AND (t.start_at IS NULL OR t.start_at <= now() + make_interval(days => ${UPCOMING_DAYS}))`;

/**
 * Of STUDENT_TASKS_SOON, those still to send: the answer is not sent before the end — or was sent
 * back by a change request (even after the end: the lecturer reopened it).
 */
export const TASK_TO_SEND = `NOT COALESCE(a.is_sent, FALSE)
     AND (t.end_at IS NULL OR t.end_at > now() OR a.reopened_at IS NOT NULL)`;

/** A student's tasks to send (STUDENT_TASKS_SOON, TASK_TO_SEND). */
const STUDENT_TASKS = `
  SELECT 'task', t.id, t.title, t.course_id,
         CASE WHEN a.reopened_at IS NOT NULL THEN 'change_requested' ELSE 'not_sent' END,
         t.start_at, t.end_at, t.end_at, NULL::timestamptz, NULL::int
  ${STUDENT_TASKS_SOON}
     AND ${TASK_TO_SEND}`;

/**
 * A student's forms (logbooks) open now, as they see them (src/forms), whose entry of the current
 * period — the campus's day for a daily form, its month for a monthly one (`$3`: its time zone) —
 * they have not written, from the form's first day or month on: due at the period's last second,
 * or at the form's end when that comes first.
 */
const STUDENT_FORMS = `
  SELECT 'form', form.id, form.title, form.course_id, 'not_sent',
         form.start_at, form.end_at, LEAST(form.end_at, p.ends_at), NULL::timestamptz, NULL::int
    FROM forms form JOIN mine ON mine.id = form.course_id AND NOT mine.staff
   CROSS JOIN LATERAL (
         SELECT to_char(now() AT TIME ZONE $3::text, CASE form.type WHEN 'daily' THEN 'YYYY-MM-DD' ELSE 'YYYY-MM' END)
                  AS period,
                (date_trunc(CASE form.type WHEN 'daily' THEN 'day' ELSE 'month' END, now() AT TIME ZONE $3::text)
                  + CASE form.type WHEN 'daily' THEN interval '1 day' ELSE interval '1 month' END)
                  AT TIME ZONE $3::text - interval '1 second' AS ends_at) p
   WHERE form.start_at <= now() AND form.end_at > now() AND ${FORMABLE_LIVE} AND ${FORMABLE_ACTIVE}
     AND p.period >= COALESCE(CASE form.type WHEN 'daily' THEN to_char(form.date, 'YYYY-MM-DD') ELSE form.month END, '')
     AND NOT EXISTS (SELECT 1 FROM form_answers x
                      WHERE x.form_id = form.id AND x.student_id = $2 AND x.period = p.period)`;

/** Staff: per task of their courses, the sent answers not scored since they were sent (oldest send: since). */
const ANSWERS_TO_SCORE = `
  SELECT 'score_answers', t.id, t.title, t.course_id, 'waiting',
         t.start_at, t.end_at, NULL::timestamptz, w.since, w.count
    FROM task_projections t JOIN mine ON mine.id = t.course_id AND mine.staff
    JOIN LATERAL (SELECT min(af.sent_at) AS since, count(*)::int AS count FROM task_answer_facts af
                   WHERE af.task_id = t.id AND af.is_sent
                     AND (af.scored_at IS NULL OR af.scored_at < af.sent_at)) w ON w.count > 0
   WHERE NOT t.deleted`;

/**
 * Staff: per exam of their courses, the attempts whose essays wait for a grader (`pending` of the
 * latest `exam.attempt.scored`, src/gradeables), waiting since that score.
 */
const ESSAYS_TO_GRADE = `
  SELECT 'grade_essays', e.id, e.title, e.course_id, 'waiting',
         e.start_at, e.end_at, NULL::timestamptz, w.since, w.count
    FROM exam_projections e JOIN mine ON mine.id = e.course_id AND mine.staff
    JOIN LATERAL (SELECT min(s.as_of) AS since, count(*)::int AS count FROM exam_attempt_scores s
                   WHERE s.course_id = e.course_id AND s.exam_id = e.id AND s.pending > 0) w ON w.count > 0
   WHERE NOT e.deleted`;

export const TODO_SOURCES: readonly string[] = [
  STUDENT_EXAMS,
  STUDENT_TASKS,
  STUDENT_FORMS,
  ANSWERS_TO_SCORE,
  ESSAYS_TO_GRADE,
];

interface TodoRow {
  todo_type: TodoItem['todoType'];
  item_id: string | number;
  name: string;
  course_id: string | number;
  course_name: string;
  course_code: string | null;
  status: TodoItem['status'];
  start_at: Date | null;
  end_at: Date | null;
  due_at: Date | null;
  since: Date | null;
  count: number | null;
}

/**
 * `GET /todo`: what the caller must do next across their courses, one query over TODO_SOURCES.
 * Ordered by when it is due: a student's item by its end (none last), staff's by how long it has
 * waited — both are "the time it became urgent" (`COALESCE(due_at, since)`), earliest first.
 */
@Injectable()
export class TodoService {
  constructor(private readonly dataSource: DataSource) {}

  async list(auth: AuthContext, query: ParsedQuery): Promise<[TodoItem[], number]> {
    const parameters: unknown[] = [auth.tenantId, auth.userId, auth.timeZone];
    const conditions = filterConditions(query.filters, parameters);
    const items = `WITH ${MY_COURSES_CTE},
       todo AS (${TODO_SOURCES.join('\n UNION ALL ')})
       SELECT todo.*, mine.name AS course_name, mine.code AS course_code
         FROM todo JOIN mine ON mine.id = todo.course_id
        ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}`;
    const [rows, total] = await pageOfRows<TodoRow>(
      this.dataSource,
      items,
      parameters,
      query,
      'COALESCE(page.due_at, page.since) ASC NULLS LAST, page.todo_type, page.item_id',
    );
    return [
      rows.map((row) => ({
        todoType: row.todo_type,
        itemId: Number(row.item_id),
        name: row.name,
        courseId: Number(row.course_id),
        courseName: row.course_name,
        courseCode: row.course_code,
        status: row.status,
        startAt: row.start_at,
        endAt: row.end_at,
        dueAt: row.due_at,
        since: row.since,
        count: row.count,
      })),
      total,
    ];
  }
}
