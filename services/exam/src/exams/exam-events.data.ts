/**
 * The exam service's facts about exams and attempts as other services learn them: the
 * `exam.exam.*` and `exam.attempt.scored` events recorded after a change, and with the attempts'
 * starts and ends republished when a consumer asks (`platform.snapshot.requested`, topics
 * `exam.exam` and `exam.attempt`).
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
      isShowScore: exam.isShowScore,
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

/** An attempt as a snapshot reads it: what every event of an attempt names. */
interface AttemptRow {
  id: string;
  exam_id: string;
  course_id: string;
  student_id: string;
  attempt: number;
}

/** The columns of `student_exams se JOIN exams e` an `AttemptRow` reads. */
const ATTEMPT_COLUMNS = 'se.id, se.exam_id, e.course_id, se.student_id, se.attempt';

function attemptOf(row: AttemptRow) {
  return {
    examId: Number(row.exam_id),
    courseId: Number(row.course_id),
    studentExamId: Number(row.id),
    studentId: Number(row.student_id),
    attempt: row.attempt,
  };
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
  const rows: Array<AttemptRow & { score: string; is_passed: boolean | null; pending: string }> =
    await manager.query(
      `SELECT ${ATTEMPT_COLUMNS}, se.score, se.is_passed,
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
        ...attemptOf(row),
        score: Number(row.score),
        isPassed: row.is_passed,
        pending: Number(row.pending),
        reason: 'snapshot',
      },
    });
  return rows.length;
}

/**
 * Republishes every started attempt of the campus as the to-do list and timelines know them:
 * `exam.attempt.started` (its start, deadline and package) and, once it ended,
 * `exam.attempt.finished` — why it ended is not stored apart from a stop, so an end at or after
 * the deadline is `deadline` and any other `student`. A reset attempt waiting for its new start
 * is left out (it has no start). Answers how many attempts.
 */
export async function recordAttemptFactsSnapshot(
  manager: EntityManager,
  tenantId: number,
  actorId: number | null,
): Promise<number> {
  const rows: Array<
    AttemptRow & {
      package: number;
      start_at: Date;
      end_at: Date | null;
      is_finished: boolean;
      is_stopped: boolean;
      finished_at: Date | null;
    }
  > = await manager.query(
    `SELECT ${ATTEMPT_COLUMNS}, se.package, se.start_at, se.end_at, se.is_finished, se.is_stopped,
            se.finished_at
       FROM student_exams se JOIN exams e ON e.id = se.exam_id
      WHERE se.tenant_id = $1 AND se.start_at IS NOT NULL
      ORDER BY se.id`,
    [tenantId],
  );
  for (const row of rows) {
    const attempt = attemptOf(row);
    await recordEvent(manager, 'exam.attempt.started', {
      tenantId,
      actorId,
      key: row.id,
      data: {
        ...attempt,
        package: row.package,
        startAt: row.start_at.toISOString(),
        endAt: row.end_at?.toISOString() ?? null,
      },
    });
    if (!row.is_finished || row.finished_at === null) continue;
    await recordEvent(manager, 'exam.attempt.finished', {
      tenantId,
      actorId,
      key: row.id,
      data: {
        ...attempt,
        reason: row.is_stopped
          ? 'stopped'
          : row.end_at !== null && row.finished_at >= row.end_at
            ? 'deadline'
            : 'student',
        finishedAt: row.finished_at.toISOString(),
      },
    });
  }
  return rows.length;
}
