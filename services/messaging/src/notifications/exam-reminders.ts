import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf } from '@lms/events';
import { courseStudents, everyone, notify } from './notifications.data';
import { links } from './notification-links';

/** Injection token of the minutes before an exam's start its students are reminded (EXAM_REMINDER_MINUTES). */
export const REMINDER_MINUTES = Symbol('REMINDER_MINUTES');

/** Reminders claimed per transaction. */
const BATCH = 100;

/**
 * "About to start": the published exams that have not started (`exam_reminders`, from
 * `exam.exam.upserted`), reminded once `minutes` before their start by the notification sweep.
 * Moving the start makes a new reminder; unpublishing, finishing or deleting the exam drops it.
 */
@Injectable()
export class ExamReminders {
  constructor(@Inject(REMINDER_MINUTES) private readonly minutes: number) {}

  /** Keeps the exam's reminder as its latest event says (an older event changes nothing). */
  async track(manager: EntityManager, envelope: EventOf<'exam.exam.upserted'>): Promise<void> {
    const exam = envelope.data;
    const pending =
      exam.isPublished && !exam.isFinished && exam.startAt !== null && new Date(exam.startAt) > new Date();
    if (!pending) {
      await manager.query(`DELETE FROM exam_reminders WHERE exam_id = $1 AND source_occurred_at <= $2`, [
        exam.id,
        envelope.occurredAt,
      ]);
      return;
    }
    await manager.query(
      `INSERT INTO exam_reminders (exam_id, tenant_id, course_id, name, start_at, class_ids, source_occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (exam_id) DO UPDATE SET
         course_id = excluded.course_id, name = excluded.name, class_ids = excluded.class_ids,
         reminded_at = CASE WHEN exam_reminders.start_at = excluded.start_at THEN exam_reminders.reminded_at END,
         start_at = excluded.start_at, source_occurred_at = excluded.source_occurred_at
       WHERE exam_reminders.source_occurred_at <= excluded.source_occurred_at`,
      [
        exam.id,
        envelope.tenantId,
        exam.courseId,
        exam.name,
        exam.startAt,
        exam.classIds,
        envelope.occurredAt,
      ],
    );
  }

  async forget(manager: EntityManager, examId: number): Promise<void> {
    await manager.query(`DELETE FROM exam_reminders WHERE exam_id = $1`, [examId]);
  }

  /**
   * Tells the students of every exam starting within `minutes` (and not started yet) that it is
   * about to start; claimed `FOR UPDATE SKIP LOCKED`, so replicas share the work and none twice.
   * How many exams it reminded.
   */
  async remindDue(manager: EntityManager): Promise<number> {
    const due: Array<{
      exam_id: string;
      tenant_id: string;
      course_id: string;
      name: string;
      start_at: Date;
      class_ids: string[];
    }> = await manager.query(
      `SELECT exam_id, tenant_id, course_id, name, start_at, class_ids FROM exam_reminders
          WHERE reminded_at IS NULL AND start_at > now() AND start_at <= now() + make_interval(mins => $1)
          ORDER BY start_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [this.minutes, BATCH],
    );
    for (const row of due) {
      const [examId, tenantId, courseId] = [
        Number(row.exam_id),
        Number(row.tenant_id),
        Number(row.course_id),
      ];
      const students = await courseStudents(manager, tenantId, courseId, row.class_ids.map(Number));
      await notify(
        manager,
        tenantId,
        {
          type: 'EXAM_START',
          objectId: examId,
          courseId,
          link: links.exam(examId),
          dedupeKey: `exam-start:${examId}:${row.start_at.getTime()}`,
        },
        everyone(students, { name: row.name, startAt: row.start_at.toISOString() }),
      );
      await manager.query(`UPDATE exam_reminders SET reminded_at = now() WHERE exam_id = $1`, [examId]);
    }
    return due.length;
  }
}
