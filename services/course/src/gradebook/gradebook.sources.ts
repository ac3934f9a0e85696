import { FORMABLE_LIVE } from '../forms/forms.sql';
import type { GradeableType } from './gradebook.entity';

/**
 * Where the gradebook's columns and scores come from: per kind of gradeable, one `SELECT` of its
 * columns in course `$1` of campus `$2` (`gradeable_id, title`, the creation order being the id's)
 * and one of its scores there (`student_id, gradeable_id, score`: one score per student, 0–100).
 * Exams and tasks are the exam and task services' (src/gradeables); forms and custom activities the
 * course's own; attendance (`presences`) is computed from the presence service's sent sessions.
 */
export interface GradeableSource {
  type: GradeableType;
  columns: string;
  scores: string;
}

export const GRADEABLE_SOURCES: readonly GradeableSource[] = [
  {
    type: 'exams',
    columns: `SELECT id AS gradeable_id, title FROM exam_projections
               WHERE course_id = $1 AND tenant_id = $2 AND NOT deleted`,
    // the highest scored attempt counts (docs/gradebook.md)
    scores: `SELECT student_id, exam_id AS gradeable_id, max(score) AS score FROM exam_attempt_scores
              WHERE course_id = $1 AND tenant_id = $2 GROUP BY student_id, exam_id`,
  },
  {
    type: 'tasks',
    columns: `SELECT id AS gradeable_id, title FROM task_projections
               WHERE course_id = $1 AND tenant_id = $2 AND NOT deleted`,
    // a student's own answer's score, or their member score of their group's answer
    scores: `SELECT s.student_id, s.task_id AS gradeable_id, max(s.score) AS score
               FROM task_answer_scores s JOIN task_answers_scored a ON a.answer_id = s.answer_id
              WHERE s.course_id = $1 AND a.tenant_id = $2 GROUP BY s.student_id, s.task_id`,
  },
  {
    type: 'forms',
    // a form assessed by rubric, on a live module or activity (src/forms): one without a rubric has no score
    columns: `SELECT form.id AS gradeable_id, form.title FROM forms form
               WHERE form.course_id = $1 AND form.tenant_id = $2 AND form.assesment_method = 'rubric'
                 AND ${FORMABLE_LIVE}`,
    // the mean of the student's assessed entries (an entry not assessed yet does not count)
    scores: `SELECT a.student_id, a.form_id AS gradeable_id, round(avg(a.score), 2) AS score
               FROM form_answers a JOIN forms f ON f.id = a.form_id
              WHERE f.course_id = $1 AND f.tenant_id = $2 AND a.score IS NOT NULL
              GROUP BY a.student_id, a.form_id`,
  },
  {
    type: 'courseactivities',
    columns: `SELECT id AS gradeable_id, title FROM custom_activities WHERE course_id = $1 AND tenant_id = $2`,
    scores: `SELECT s.student_id, s.activity_id AS gradeable_id, s.score
               FROM custom_activity_scores s JOIN custom_activities a ON a.id = s.activity_id
              WHERE a.course_id = $1 AND a.tenant_id = $2`,
  },
  {
    type: 'presences',
    // the course's attendance, one column (its id the course's) while the course counts it
    columns: `SELECT id AS gradeable_id, 'Attendance'::varchar AS title FROM courses
               WHERE id = $1 AND tenant_id = $2 AND gradebook_presence`,
    // of the sent sessions listing the student, the percentage they attended (type attend; any
    // other type, or no mark, is absence); recomputed from the sessions the course keeps
    scores: `SELECT m.user_id AS student_id, s.course_id AS gradeable_id,
                    round(100.0 * count(*) FILTER (WHERE m.type = 'attend') / count(*), 2) AS score
               FROM presence_session_marks m
               JOIN presence_session_facts s ON s.id = m.session_id AND s.course_id = m.course_id
              WHERE m.course_id = $1 AND s.tenant_id = $2
              GROUP BY m.user_id, s.course_id`,
  },
];

/** Every gradeable of course `$1` (campus `$2`): `gradeable_type, kind, gradeable_id, title`. */
export const COLUMNS_SQL = GRADEABLE_SOURCES.map(
  (source, kind) =>
    `SELECT '${source.type}'::varchar AS gradeable_type, ${kind} AS kind, c.gradeable_id, c.title
       FROM (${source.columns}) c`,
).join('\nUNION ALL\n');

/**
 * Every score of course `$1` (campus `$2`): `gradeable_type, gradeable_id, student_id, score` —
 * a cell of the grid, gathered by column (`gradebook.service.ts`).
 */
export const SCORES_SQL = GRADEABLE_SOURCES.map(
  (source) =>
    `SELECT '${source.type}'::varchar AS gradeable_type, s.gradeable_id, s.student_id, s.score
       FROM (${source.scores}) s`,
).join('\nUNION ALL\n');
