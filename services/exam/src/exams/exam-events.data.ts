/**
 * The exam service's facts about exams and attempts as other services learn them: the
 * `exam.exam.*` and `exam.attempt.scored` events, recorded after a change and republished when a
 * consumer asks (`platform.snapshot.requested`, topics `exam.exam` and `exam.attempt`).
 */
import type { EntityManager } from 'typeorm';
import { recordEvent } from '@lms/events';
import type { Exam } from './exam.entity';

/** Records `exam.exam.upserted`: the exam as it is now, with its classes and assistants. */
export async function recordExamUpserted(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
  exam: Exam,
): Promise<void> {
  const classes: Array<{ class_id: string }> = await manager.query(
    `SELECT class_id FROM exam_classes WHERE exam_id = $1 ORDER BY class_id`,
    [exam.id],
  );
  const assistants: Array<{ user_id: string }> = await manager.query(
    `SELECT user_id FROM exam_assistants WHERE exam_id = $1 ORDER BY user_id`,
    [exam.id],
  );
  await recordEvent(manager, 'exam.exam.upserted', {
    tenantId,
    actorId,
    key: exam.id,
    data: {
      id: Number(exam.id),
      courseId: Number(exam.courseId),
      activityId: exam.activityId === null ? null : Number(exam.activityId),
      name: exam.name,
      type: exam.type,
      startAt: exam.startAt?.toISOString() ?? null,
      endAt: exam.endAt?.toISOString() ?? null,
      isPublished: exam.isPublished,
      isFinished: exam.isFinished,
      passingGrade: Number(exam.passingGrade),
      packages: exam.package,
      duration: exam.duration,
      classIds: classes.map((row) => Number(row.class_id)),
      assistantIds: assistants.map((row) => Number(row.user_id)),
    },
  });
}

/** Records `exam.exam.deleted` (a soft delete). */
export async function recordExamDeleted(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
  exam: Pick<Exam, 'id' | 'courseId'>,
): Promise<void> {
  await recordEvent(manager, 'exam.exam.deleted', {
    tenantId,
    actorId,
    key: exam.id,
    data: { id: Number(exam.id), courseId: Number(exam.courseId) },
  });
}

/**
 * Republishes every scored attempt of the campus as `exam.attempt.scored` (reason `snapshot`):
 * one event per attempt, its current score. Answers how many.
 */
export async function recordScoredAttemptsSnapshot(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
): Promise<number> {
  const rows: Array<{
    id: string;
    exam_id: string;
    course_id: string;
    student_id: string;
    attempt: number;
    score: string;
    is_passed: boolean | null;
    pending: string;
  }> = await manager.query(
    `SELECT se.id, se.exam_id, e.course_id, se.student_id, se.attempt, se.score, se.is_passed,
            (SELECT count(*) FROM student_questions sq JOIN questions q ON q.id = sq.question_id
              WHERE sq.student_exam_id = se.id AND sq.score IS NULL) AS pending
       FROM student_exams se JOIN exams e ON e.id = se.exam_id
      WHERE se.tenant_id = $1 AND se.scored_at IS NOT NULL AND se.score IS NOT NULL
      ORDER BY se.id`,
    [tenantId],
  );
  for (const row of rows)
    await recordEvent(manager, 'exam.attempt.scored', {
      tenantId,
      actorId,
      key: row.id,
      data: {
        examId: Number(row.exam_id),
        courseId: Number(row.course_id),
        studentExamId: Number(row.id),
        studentId: Number(row.student_id),
        attempt: row.attempt,
        score: Number(row.score),
        isPassed: row.is_passed,
        pending: Number(row.pending),
        reason: 'snapshot',
      },
    });
  return rows.length;
}
