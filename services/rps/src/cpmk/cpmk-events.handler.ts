import { Controller } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';
import type { AssessmentType } from './cpmk.entities';

/** The assessment's facts as the owner published them; only a newer event replaces them. */
async function upsertAssessment(
  manager: EntityManager,
  type: AssessmentType,
  row: { id: number; tenantId: number; courseId: number; title: string; deleted: boolean; asOf: string },
) {
  await manager.query(
    `INSERT INTO cpmk_assessments (type, id, tenant_id, course_id, title, deleted, as_of)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (type, id) DO UPDATE SET tenant_id = excluded.tenant_id, course_id = excluded.course_id,
            title = CASE WHEN excluded.title = '' THEN cpmk_assessments.title ELSE excluded.title END,
            deleted = excluded.deleted, as_of = excluded.as_of
      WHERE cpmk_assessments.as_of <= excluded.as_of`,
    [type, row.id, row.tenantId, row.courseId, row.title, row.deleted, row.asOf],
  );
}

/**
 * The scores one attempt or answer gives its students, replacing those of an older event of the
 * same source whole (a member who left a group loses the group's score); an older event arriving
 * late changes nothing.
 */
async function replaceScores(
  manager: EntityManager,
  source: { type: AssessmentType; id: number; asOf: string },
  assessment: { tenantId: number; courseId: number; id: number },
  students: ReadonlyArray<{ studentId: number; score: number }>,
) {
  const applied: unknown[] = await manager.query(
    `INSERT INTO cpmk_score_sources (type, id, as_of) VALUES ($1, $2, $3)
     ON CONFLICT (type, id) DO UPDATE SET as_of = excluded.as_of
      WHERE cpmk_score_sources.as_of <= excluded.as_of
     RETURNING id`,
    [source.type, source.id, source.asOf],
  );
  if (applied.length === 0) return;
  await manager.query(`DELETE FROM cpmk_scores WHERE source_type = $1 AND source_id = $2`, [
    source.type,
    source.id,
  ]);
  if (students.length === 0) return;
  await manager.query(
    `INSERT INTO cpmk_scores (source_type, source_id, student_id, tenant_id, course_id, assessment_type,
            assessment_id, score)
     SELECT $1, $2, student_id, $3, $4, $1, $5, round(score, 2)
       FROM unnest($6::bigint[], $7::numeric[]) AS given(student_id, score)`,
    [
      source.type,
      source.id,
      assessment.tenantId,
      assessment.courseId,
      assessment.id,
      students.map((student) => student.studentId),
      students.map((student) => student.score),
    ],
  );
}

/**
 * The exam and task facts CPMK measurement needs (what can be mapped, and the scores), kept in
 * rps's own tables from the owners' events: idempotent and out-of-order safe (each row keeps the
 * `occurredAt` of the event that set it), so redelivery and the backfill's snapshots are harmless.
 */
@Controller()
export class CpmkEventsHandler {
  @OnEvent('exam.exam.upserted')
  async examUpserted(envelope: EventOf<'exam.exam.upserted'>, context: EventContext) {
    const exam = envelope.data;
    await upsertAssessment(context.manager, 'exam', {
      id: exam.id,
      tenantId: envelope.tenantId,
      courseId: exam.courseId,
      title: exam.name,
      deleted: false,
      asOf: envelope.occurredAt,
    });
  }

  @OnEvent('exam.exam.deleted')
  async examDeleted(envelope: EventOf<'exam.exam.deleted'>, context: EventContext) {
    await upsertAssessment(context.manager, 'exam', {
      id: envelope.data.id,
      tenantId: envelope.tenantId,
      courseId: envelope.data.courseId,
      title: '',
      deleted: true,
      asOf: envelope.occurredAt,
    });
  }

  @OnEvent('task.task.upserted')
  async taskUpserted(envelope: EventOf<'task.task.upserted'>, context: EventContext) {
    const task = envelope.data;
    await upsertAssessment(context.manager, 'task', {
      id: task.id,
      tenantId: envelope.tenantId,
      courseId: task.courseId,
      title: task.name,
      deleted: task.deleted,
      asOf: envelope.occurredAt,
    });
  }

  /** An attempt's latest score (a recalculation or a graded essay replaces it). */
  @OnEvent('exam.attempt.scored')
  async attemptScored(envelope: EventOf<'exam.attempt.scored'>, context: EventContext) {
    const attempt = envelope.data;
    await replaceScores(
      context.manager,
      { type: 'exam', id: attempt.studentExamId, asOf: envelope.occurredAt },
      { tenantId: envelope.tenantId, courseId: attempt.courseId, id: attempt.examId },
      [{ studentId: attempt.studentId, score: attempt.score }],
    );
  }

  /** A scored answer: its student's score, or each group member's. */
  @OnEvent('task.answer.scored')
  async answerScored(envelope: EventOf<'task.answer.scored'>, context: EventContext) {
    const answer = envelope.data;
    await replaceScores(
      context.manager,
      { type: 'task', id: answer.answerId, asOf: envelope.occurredAt },
      { tenantId: envelope.tenantId, courseId: answer.courseId, id: answer.taskId },
      answer.students,
    );
  }
}
