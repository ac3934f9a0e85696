import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

/**
 * The exam service's facts the course service keeps (gradebook columns and scores, agenda):
 * each row keeps the `occurredAt` of the event that set it and only a newer event replaces it,
 * so redelivery, late delivery and the backfill's republished snapshots are harmless.
 */
@Controller()
export class ExamEventsHandler {
  @OnEvent('exam.exam.upserted')
  async upserted(envelope: EventOf<'exam.exam.upserted'>, context: EventContext) {
    const exam = envelope.data;
    await context.manager.query(
      `INSERT INTO exam_projections (id, tenant_id, course_id, activity_id, title, exams_type, start_at,
              end_at, is_published, is_finished, passing_grade, duration, class_ids, deleted, as_of, is_show_score)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::bigint[], false, $14, $15)
       ON CONFLICT (id) DO UPDATE SET tenant_id = excluded.tenant_id, course_id = excluded.course_id,
              activity_id = excluded.activity_id, title = excluded.title, exams_type = excluded.exams_type,
              start_at = excluded.start_at, end_at = excluded.end_at, is_published = excluded.is_published,
              is_finished = excluded.is_finished,
              is_show_score = CASE WHEN $16 THEN excluded.is_show_score ELSE exam_projections.is_show_score END,
              passing_grade = excluded.passing_grade,
              duration = excluded.duration, class_ids = excluded.class_ids, deleted = false,
              as_of = excluded.as_of
        WHERE exam_projections.as_of <= excluded.as_of`,
      [
        exam.id,
        envelope.tenantId,
        exam.courseId,
        exam.activityId,
        exam.name,
        exam.type,
        exam.startAt,
        exam.endAt,
        exam.isPublished,
        exam.isFinished,
        exam.passingGrade,
        exam.duration,
        exam.classIds,
        envelope.occurredAt,
        exam.isShowScore ?? false,
        exam.isShowScore !== undefined,
      ],
    );
  }

  /** A deleted exam leaves the gradebook and the agenda; its scores stay (a restore brings them back). */
  @OnEvent('exam.exam.deleted')
  async deleted(envelope: EventOf<'exam.exam.deleted'>, context: EventContext) {
    await context.manager.query(
      `INSERT INTO exam_projections (id, tenant_id, course_id, title, deleted, as_of)
       VALUES ($1, $2, $3, '', true, $4)
       ON CONFLICT (id) DO UPDATE SET deleted = true, as_of = excluded.as_of
        WHERE exam_projections.as_of <= excluded.as_of`,
      [envelope.data.id, envelope.tenantId, envelope.data.courseId, envelope.occurredAt],
    );
  }

  /** An attempt's score: the latest event of the attempt wins (a recalculation replaces it). */
  @OnEvent('exam.attempt.scored')
  async scored(envelope: EventOf<'exam.attempt.scored'>, context: EventContext) {
    const attempt = envelope.data;
    await context.manager.query(
      `INSERT INTO exam_attempt_scores (student_exam_id, tenant_id, exam_id, course_id, student_id,
              attempt, score, pending, is_passed, as_of)
       VALUES ($1, $2, $3, $4, $5, $6, round($7::numeric, 2), $8, $9, $10)
       ON CONFLICT (student_exam_id) DO UPDATE SET score = excluded.score, pending = excluded.pending,
              is_passed = excluded.is_passed, attempt = excluded.attempt, as_of = excluded.as_of
        WHERE exam_attempt_scores.as_of <= excluded.as_of`,
      [
        attempt.studentExamId,
        envelope.tenantId,
        attempt.examId,
        attempt.courseId,
        attempt.studentId,
        attempt.attempt,
        attempt.score,
        attempt.pending,
        attempt.isPassed,
        envelope.occurredAt,
      ],
    );
  }
}
