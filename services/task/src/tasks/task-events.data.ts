/**
 * The task service's facts about tasks and answers as other services learn them:
 * `task.task.upserted` recorded after a change, and it, the answers' sends and change requests
 * (`task.answer.submitted` / `.reopened`) and `task.answer.scored` republished when a consumer
 * asks (`platform.snapshot.requested`, topics `task.task` and `task.answer`).
 */
import type { EntityManager } from 'typeorm';
import { recordEvent } from '@lms/events';
import { memberScoreSql, peerMeanSql } from '../grading/member-scores';
import { isPassed } from '../grading/scoring';
import type { Task } from './task.entity';

/** Records `task.task.upserted`: the task as it is now (deleted softly or not), with its classes. */
export async function recordTaskUpserted(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
  task: Task,
): Promise<void> {
  const classes: Array<{ class_id: string }> = await manager.query(
    `SELECT class_id FROM task_classes WHERE task_id = $1 ORDER BY class_id`,
    [task.id],
  );
  await recordEvent(manager, 'task.task.upserted', {
    tenantId,
    actorId,
    key: task.id,
    data: {
      id: Number(task.id),
      courseId: Number(task.courseId),
      taskableType: task.taskableType,
      taskableId: Number(task.taskableId),
      name: task.name,
      startAt: task.startAt?.toISOString() ?? null,
      endAt: task.endAt?.toISOString() ?? null,
      tasksType: task.taskType,
      assessmentMethod: task.assessmentMethod,
      passingGrade: Number(task.passingGrade),
      isActive: task.isActive,
      showScore: task.showScore,
      allClass: task.allClass,
      classIds: classes.map((row) => Number(row.class_id)),
      deleted: task.deletedAt !== null,
    },
  });
}

interface ScoredRow {
  answer_id: string;
  task_id: string;
  course_id: string;
  group_id: string | null;
  score: string;
  scored_at: Date;
  passing_grade: string;
  student_id: string | null;
  student_score: string | null;
}

/**
 * Republishes every scored answer of the campus as `task.answer.scored` (reason `snapshot`): the
 * student of a personal answer, or each current member of the group with their member score, as
 * the live event names them. Answers how many answers.
 */
export async function recordScoredAnswersSnapshot(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
): Promise<number> {
  const rows: ScoredRow[] = await manager.query(
    `SELECT a.id AS answer_id, a.task_id, t.course_id, a.group_id, a.score, a.scored_at, t.passing_grade,
            coalesce(a.student_id, m.student_id) AS student_id,
            CASE WHEN a.group_id IS NULL THEN a.score
                 ELSE ${memberScoreSql('a.score', 'peer.mean', 't.lecturer_percentage', 't.student_percentage')}
            END AS student_score
       FROM task_answers a
       JOIN tasks t ON t.id = a.task_id
       LEFT JOIN task_group_members m ON a.group_id IS NOT NULL AND m.group_id = a.group_id
       LEFT JOIN LATERAL (${peerMeanSql('a.id', 'm.student_id', 'a.group_id')}) peer ON a.group_id IS NOT NULL
      WHERE t.tenant_id = $1 AND a.score IS NOT NULL AND a.scored_at IS NOT NULL
      ORDER BY a.id, student_id`,
    [tenantId],
  );
  const answers = new Map<string, ScoredRow[]>();
  for (const row of rows) answers.set(row.answer_id, [...(answers.get(row.answer_id) ?? []), row]);
  for (const [answerId, students] of answers) {
    const first = students[0];
    const passingGrade = Number(first.passing_grade);
    await recordEvent(manager, 'task.answer.scored', {
      tenantId,
      actorId,
      key: Number(answerId),
      data: {
        answerId: Number(answerId),
        taskId: Number(first.task_id),
        courseId: Number(first.course_id),
        groupId: first.group_id === null ? null : Number(first.group_id),
        score: Number(first.score),
        passingGrade,
        students: students
          .filter((row) => row.student_id !== null && row.student_score !== null)
          .map((row) => ({
            studentId: Number(row.student_id),
            score: Number(row.student_score),
            isPassed: isPassed(Number(row.student_score), passingGrade) as boolean,
          })),
        reason: 'snapshot',
        scoredAt: first.scored_at.toISOString(),
      },
    });
  }
  return answers.size;
}

/**
 * Republishes what the to-do list and timelines know of every answer of the campus that was ever
 * sent: `task.answer.submitted` of a sent one (its last send, by whoever last saved it) or
 * `task.answer.reopened` of one a change request sent back to draft (at its last save: the
 * request, or the students' edit since). Drafts never sent say nothing. The students are the
 * student of a personal answer or the group's members now, as the live events name them.
 * Answers how many answers.
 */
export async function recordAnswerFactsSnapshot(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
): Promise<number> {
  const rows: Array<{
    id: string;
    task_id: string;
    course_id: string;
    student_id: string | null;
    group_id: string | null;
    member_ids: string[];
    is_sent: boolean;
    sent_at: Date;
    is_late: boolean;
    updated_by: string;
    updated_at: Date;
  }> = await manager.query(
    `SELECT a.id, a.task_id, t.course_id, a.student_id, a.group_id, a.is_sent, a.sent_at, a.is_late,
            a.updated_by, a.updated_at,
            CASE WHEN a.group_id IS NULL THEN ARRAY[a.student_id]
                 ELSE ARRAY(SELECT m.student_id FROM task_group_members m
                             WHERE m.group_id = a.group_id ORDER BY m.student_id)
            END AS member_ids
       FROM task_answers a JOIN tasks t ON t.id = a.task_id
      WHERE t.tenant_id = $1 AND a.sent_at IS NOT NULL
      ORDER BY a.id`,
    [tenantId],
  );
  for (const row of rows) {
    const answer = {
      answerId: Number(row.id),
      taskId: Number(row.task_id),
      courseId: Number(row.course_id),
      studentId: row.student_id === null ? null : Number(row.student_id),
      groupId: row.group_id === null ? null : Number(row.group_id),
      memberIds: row.member_ids.map(Number),
    };
    if (row.is_sent)
      await recordEvent(manager, 'task.answer.submitted', {
        tenantId,
        actorId,
        key: answer.answerId,
        data: {
          ...answer,
          sentBy: Number(row.updated_by),
          isLate: row.is_late,
          sentAt: row.sent_at.toISOString(),
        },
      });
    else
      await recordEvent(manager, 'task.answer.reopened', {
        tenantId,
        actorId,
        key: answer.answerId,
        data: { ...answer, reopenedAt: row.updated_at.toISOString() },
      });
  }
  return rows.length;
}
