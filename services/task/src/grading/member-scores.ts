import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { GradedTask } from './grading-access';
import { isPassed, memberScore } from './scoring';

/** A member of a group with the score the group's answer gives them (docs/task-scoring.md). */
export interface MemberScore {
  studentId: number;
  name: string | null;
  username: string | null;
  /** Ratings received from the group's current other members. */
  ratings: number;
  /** Their mean (two decimals), null when none. */
  peerMean: number | null;
  /** The member's score, null while the group's answer is not scored. */
  score: number | null;
  isPassed: boolean | null;
}

/**
 * The SQL twin of `memberScore()` over a group score `g`, a peer mean `m` (already rounded to two
 * decimals) and the task's shares `lp`, `sp`: the statistics and the export compute it in the
 * database. `member-scores` integration tests check the two agree.
 */
export function memberScoreSql(g: string, m: string, lp: string, sp: string): string {
  return `CASE WHEN ${g} IS NULL THEN NULL
    WHEN ${lp} IS NULL OR ${sp} IS NULL OR ${m} IS NULL OR ${lp} + ${sp} <= 0 THEN round(${g}, 2)
    ELSE round((${lp} * ${g} + ${sp} * ${m}) / (${lp} + ${sp}), 2) END`;
}

/**
 * The mean rating (two decimals) the member `student` received on the group answer `answer` from
 * the current members of group `grp` — a rating by someone since taken out of the group no longer
 * counts — as a lateral subquery yielding `mean` and `ratings`.
 */
export function peerMeanSql(answer: string, student: string, grp: string): string {
  return `SELECT round(avg(ga.score), 2) AS mean, count(*) AS ratings
      FROM group_assessments ga
     WHERE ga.answer_id = ${answer} AND ga.student_id = ${student} AND ga.assessor_id <> ${student}
       AND EXISTS (SELECT 1 FROM task_group_members am WHERE am.group_id = ${grp} AND am.student_id = ga.assessor_id)`;
}

/**
 * Each student a set of tasks is for (`$1`: task ids) — enrolled in a class of the task's course
 * that the task is for (every class with `all_class`) — with their answer and their score: their
 * own answer's for a personal task; for a group task their group's answer and their member score.
 * Columns: task_id, student_id, class_id, group_id, answer_id, is_sent, is_late, sent_at,
 * answer_score (the group's for a group answer), peer_mean, ratings, score, passing_grade.
 */
export const STUDENT_SCORES_SQL = `
  WITH task_students AS (
    SELECT t.id AS task_id, cs.user_id AS student_id, min(cs.class_id) AS class_id
      FROM tasks t
      JOIN course_students cs ON cs.course_id = t.course_id AND cs.tenant_id = t.tenant_id AND cs.enrolled
     WHERE t.id = ANY($1::bigint[])
       AND (t.all_class OR EXISTS (SELECT 1 FROM task_classes tc WHERE tc.task_id = t.id AND tc.class_id = cs.class_id))
     GROUP BY t.id, cs.user_id
  ), student_scores AS (
    SELECT ts.task_id, ts.student_id, ts.class_id, m.group_id, a.id AS answer_id,
           a.is_sent, a.is_late, a.sent_at, a.score AS answer_score, peer.mean AS peer_mean,
           coalesce(peer.ratings, 0) AS ratings, t.passing_grade,
           CASE WHEN t.task_type = 'GROUP'
                THEN ${memberScoreSql('a.score', 'peer.mean', 't.lecturer_percentage', 't.student_percentage')}
                ELSE a.score END AS score
      FROM task_students ts
      JOIN tasks t ON t.id = ts.task_id
      LEFT JOIN task_group_members m
        ON t.task_type = 'GROUP' AND m.task_id = ts.task_id AND m.student_id = ts.student_id
      -- two index lookups (an OR of both conditions would scan every answer of the task per student)
      LEFT JOIN LATERAL (
        SELECT pa.id, pa.is_sent, pa.is_late, pa.sent_at, pa.score FROM task_answers pa
         WHERE t.task_type <> 'GROUP' AND pa.task_id = ts.task_id AND pa.student_id = ts.student_id
        UNION ALL
        SELECT ga.id, ga.is_sent, ga.is_late, ga.sent_at, ga.score FROM task_answers ga
         WHERE t.task_type = 'GROUP' AND ga.task_id = ts.task_id AND ga.group_id = m.group_id
      ) a ON TRUE
      LEFT JOIN LATERAL (${peerMeanSql('a.id', 'ts.student_id', 'm.group_id')}) peer ON t.task_type = 'GROUP'
  )`;

/** Members' scores of group answers, computed with `memberScore()` from what the database holds. */
@Injectable()
export class MemberScores {
  constructor(private readonly dataSource: DataSource) {}

  /** The members of the answer's group, by name, with their ratings and score. */
  async of(
    task: GradedTask,
    answer: { id: number; groupId: number | null; score: number | null },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<MemberScore[]> {
    if (answer.groupId === null) return [];
    const rows: Array<{
      student_id: string;
      name: string | null;
      username: string | null;
      mean: string | null;
      ratings: string;
    }> = await manager.query(
      `SELECT m.student_id, u.name, u.username, peer.mean, peer.ratings
         FROM task_group_members m
         LEFT JOIN users u ON u.id = m.student_id AND u.tenant_id = $3
         CROSS JOIN LATERAL (${peerMeanSql('$2', 'm.student_id', 'm.group_id')}) peer
        WHERE m.group_id = $1
        ORDER BY u.name NULLS LAST, m.student_id`,
      [answer.groupId, answer.id, task.tenantId],
    );
    return rows.map((row) => {
      const peerMean = row.mean === null ? null : Number(row.mean);
      const score = memberScore({
        groupScore: answer.score,
        peerMean,
        lecturerPercentage: task.lecturerPercentage,
        studentPercentage: task.studentPercentage,
      });
      return {
        studentId: Number(row.student_id),
        name: row.name,
        username: row.username,
        ratings: Number(row.ratings),
        peerMean,
        score,
        isPassed: isPassed(score, task.passingGrade),
      };
    });
  }
}
