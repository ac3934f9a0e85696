import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import { recordTimeline } from './timeline.data';

/**
 * Keeps `exam_attempt_facts` (has the student done the exam?) and the students' timelines from
 * the exam service's attempt events. An event older than the row's last one changes nothing; a
 * redelivery is stopped by the inbox, a republished fact by the timeline's unique fact.
 */
@Controller()
export class AttemptEventsHandler {
  @OnEvent('exam.attempt.started')
  async started(envelope: EventOf<'exam.attempt.started'>, context: EventContext) {
    const attempt = envelope.data;
    // A start after a reset makes the attempt run again: its finish is cleared. The start of a
    // finish known first (delivered out of order: the finish stood in for the start) fills in
    // the start and deadline and keeps the finish.
    await context.manager.query(
      `INSERT INTO exam_attempt_facts
         (student_exam_id, tenant_id, exam_id, course_id, student_id, attempt, started_at, deadline_at,
          finished_at, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9)
       ON CONFLICT (student_exam_id) DO UPDATE SET
         attempt = excluded.attempt, started_at = excluded.started_at, deadline_at = excluded.deadline_at,
         finished_at = CASE WHEN exam_attempt_facts.started_at < excluded.started_at THEN NULL
                            ELSE exam_attempt_facts.finished_at END,
         occurred_at = excluded.occurred_at
       WHERE exam_attempt_facts.started_at < excluded.started_at
          OR (exam_attempt_facts.started_at = exam_attempt_facts.finished_at
              AND exam_attempt_facts.deadline_at IS NULL AND excluded.started_at < exam_attempt_facts.finished_at)`,
      [
        attempt.studentExamId,
        envelope.tenantId,
        attempt.examId,
        attempt.courseId,
        attempt.studentId,
        attempt.attempt,
        attempt.startAt,
        attempt.endAt,
        envelope.occurredAt,
      ],
    );
    await recordTimeline(context.manager, {
      tenantId: envelope.tenantId,
      courseId: attempt.courseId,
      kind: 'exam_started',
      itemId: attempt.examId,
      subjectId: attempt.studentExamId,
      userIds: [attempt.studentId],
      actorId: envelope.actorId,
      detail: { attempt: attempt.attempt },
      occurredAt: attempt.startAt,
    });
  }

  @OnEvent('exam.attempt.finished')
  async finished(envelope: EventOf<'exam.attempt.finished'>, context: EventContext) {
    const attempt = envelope.data;
    // A finish known before its start (delivered out of order) still records the attempt as done,
    // its finish standing in for the start until the start comes.
    await context.manager.query(
      `INSERT INTO exam_attempt_facts
         (student_exam_id, tenant_id, exam_id, course_id, student_id, attempt, started_at, deadline_at,
          finished_at, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $7, $8)
       ON CONFLICT (student_exam_id) DO UPDATE SET
         finished_at = excluded.finished_at, occurred_at = excluded.occurred_at
       WHERE exam_attempt_facts.started_at <= excluded.finished_at`,
      [
        attempt.studentExamId,
        envelope.tenantId,
        attempt.examId,
        attempt.courseId,
        attempt.studentId,
        attempt.attempt,
        attempt.finishedAt,
        envelope.occurredAt,
      ],
    );
    await recordTimeline(context.manager, {
      tenantId: envelope.tenantId,
      courseId: attempt.courseId,
      kind: 'exam_finished',
      itemId: attempt.examId,
      subjectId: attempt.studentExamId,
      userIds: [attempt.studentId],
      actorId: attempt.reason === 'stopped' ? envelope.actorId : null,
      detail: { attempt: attempt.attempt, reason: attempt.reason },
      occurredAt: attempt.finishedAt,
    });
  }
}
