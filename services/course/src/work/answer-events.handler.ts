import { Controller } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import { recordTimeline } from './timeline.data';

/**
 * Keeps `task_answer_facts` (sent, sent back, scored since) and the students' timelines from the
 * task service's answer events. Facts are ordered by their own times (sent, reopened), so a late
 * or republished event never undoes a newer one.
 */
@Controller()
export class AnswerEventsHandler {
  @OnEvent('task.answer.submitted')
  async submitted(envelope: EventOf<'task.answer.submitted'>, context: EventContext) {
    const answer = envelope.data;
    await context.manager.query(
      `INSERT INTO task_answer_facts
         (answer_id, tenant_id, task_id, course_id, group_id, member_ids, is_sent, is_late, sent_at, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, TRUE, $7, $8, $9)
       ON CONFLICT (answer_id) DO UPDATE SET
         member_ids = excluded.member_ids, is_sent = TRUE, is_late = excluded.is_late,
         sent_at = excluded.sent_at, occurred_at = excluded.occurred_at
       WHERE COALESCE(task_answer_facts.sent_at, '-infinity') < excluded.sent_at
         AND COALESCE(task_answer_facts.reopened_at, '-infinity') < excluded.sent_at`,
      [
        answer.answerId,
        envelope.tenantId,
        answer.taskId,
        answer.courseId,
        answer.groupId,
        answer.memberIds,
        answer.isLate,
        answer.sentAt,
        envelope.occurredAt,
      ],
    );
    await recordTimeline(context.manager, {
      tenantId: envelope.tenantId,
      courseId: answer.courseId,
      kind: 'task_sent',
      itemId: answer.taskId,
      subjectId: answer.answerId,
      userIds: answer.memberIds,
      actorId: answer.sentBy,
      detail: { is_late: answer.isLate, group_id: answer.groupId },
      occurredAt: answer.sentAt,
    });
  }

  @OnEvent('task.answer.reopened')
  async reopened(envelope: EventOf<'task.answer.reopened'>, context: EventContext) {
    const answer = envelope.data;
    await context.manager.query(
      `INSERT INTO task_answer_facts
         (answer_id, tenant_id, task_id, course_id, group_id, member_ids, is_sent, reopened_at, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, FALSE, $7, $8)
       ON CONFLICT (answer_id) DO UPDATE SET
         member_ids = excluded.member_ids, is_sent = FALSE, reopened_at = excluded.reopened_at,
         occurred_at = excluded.occurred_at
       WHERE COALESCE(task_answer_facts.sent_at, '-infinity') < excluded.reopened_at
         AND COALESCE(task_answer_facts.reopened_at, '-infinity') < excluded.reopened_at`,
      [
        answer.answerId,
        envelope.tenantId,
        answer.taskId,
        answer.courseId,
        answer.groupId,
        answer.memberIds,
        answer.reopenedAt,
        envelope.occurredAt,
      ],
    );
    await recordTimeline(context.manager, {
      tenantId: envelope.tenantId,
      courseId: answer.courseId,
      kind: 'task_reopened',
      itemId: answer.taskId,
      subjectId: answer.answerId,
      userIds: answer.memberIds,
      actorId: envelope.actorId,
      detail: { group_id: answer.groupId },
      occurredAt: answer.reopenedAt,
    });
  }
}
/**
 * An answer was scored (`task.answer.scored`, whose one handler in this service is the
 * gradebook's: it calls this in its transaction): the answer is no longer waiting for its score,
 * and each student it counts for has it on their timeline.
 */
export async function recordAnswerScored(
  manager: EntityManager,
  envelope: EventOf<'task.answer.scored'>,
): Promise<void> {
  const scored = envelope.data;
  // A republished score keeps its own time: a send after it still waits for a score.
  const scoredAt = scored.scoredAt ?? envelope.occurredAt;
  // Scored before its send is known here (events of two topics, or a backfill): it was sent.
  await manager.query(
    `INSERT INTO task_answer_facts
       (answer_id, tenant_id, task_id, course_id, group_id, member_ids, is_sent, scored_at, occurred_at)
     VALUES ($1, $2, $3, $4, $5, $6, TRUE, $7, $8)
     ON CONFLICT (answer_id) DO UPDATE SET scored_at = excluded.scored_at
     WHERE COALESCE(task_answer_facts.scored_at, '-infinity') < excluded.scored_at`,
    [
      scored.answerId,
      envelope.tenantId,
      scored.taskId,
      scored.courseId,
      scored.groupId,
      scored.students.map((student) => student.studentId),
      scoredAt,
      envelope.occurredAt,
    ],
  );
  for (const student of scored.students)
    await recordTimeline(manager, {
      tenantId: envelope.tenantId,
      courseId: scored.courseId,
      kind: 'task_scored',
      itemId: scored.taskId,
      subjectId: scored.answerId,
      userIds: [student.studentId],
      actorId: envelope.actorId,
      detail: { score: student.score, is_passed: student.isPassed, reason: scored.reason },
      occurredAt: scoredAt,
    });
}
