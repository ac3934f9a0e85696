/**
 * The task service's facts about tasks and scored answers as other services learn them:
 * `task.task.upserted` recorded after a change, and both it and `task.answer.scored` republished
 * when a consumer asks (`platform.snapshot.requested`, topics `task.task` and `task.answer`).
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
    `SELECT a.id AS answer_id, a.task_id, t.course_id, a.group_id, a.score, t.passing_grade,
            coalesce(a.student_id, m.student_id) AS student_id,
            CASE WHEN a.group_id IS NULL THEN a.score
                 ELSE ${memberScoreSql('a.score', 'peer.mean', 't.lecturer_percentage', 't.student_percentage')}
            END AS student_score
       FROM task_answers a
       JOIN tasks t ON t.id = a.task_id
       LEFT JOIN task_group_members m ON a.group_id IS NOT NULL AND m.group_id = a.group_id
       LEFT JOIN LATERAL (${peerMeanSql('a.id', 'm.student_id', 'a.group_id')}) peer ON a.group_id IS NOT NULL
      WHERE t.tenant_id = $1 AND a.score IS NOT NULL
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
      },
    });
  }
  return answers.size;
}
