import { type JsonResource, ServiceHarness } from '@lms/testing';
import type { MessagingConfig } from '../../src/config';
import { NotificationSweep } from '../../src/notifications/notification-sweep';
import { messagingService } from '../../src/service';

export const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
export const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/**
 * The messaging service in the generic harness, its notification sweep left to the test
 * (`sweep()`; the timer's interval is an hour), with a campus and a course (`classroom()`).
 */
export class MessagingHarness extends ServiceHarness<MessagingConfig> {
  constructor(env: Record<string, string> = {}) {
    super(messagingService, { NOTIFICATION_SWEEP_INTERVAL_MS: '3600000', ...env });
  }

  /** One pass of the notification sweep: reminders, pushes, digests. */
  sweep() {
    return this.app.get(NotificationSweep).sweep();
  }

  /**
   * Campus 1 (kampus.test) with a course of classes A (`student`, `deskmate`) and B
   * (`classmate`), its `lecturer`; `elsewhere`: a student of another campus.
   */
  async classroom(tenantId = 1) {
    await this.given.campus({ id: tenantId, domain: `kampus${tenantId}.test`, name: 'Universitas Uji' });
    const lecturer = await this.given.user(tenantId, 'lecturer');
    const student = await this.given.user(tenantId, 'student', { name: 'Ani' });
    const deskmate = await this.given.user(tenantId, 'student', { name: 'Budi' });
    const classmate = await this.given.user(tenantId, 'student', { name: 'Citra' });
    const elsewhere = await this.given.user(tenantId + 1, 'student');
    const [classA, classB] = [this.nextId(), this.nextId()];
    const course = await this.project('course.course.upserted', tenantId, {
      name: 'Kalkulus',
      classes: [
        { id: classA, name: 'A' },
        { id: classB, name: 'B' },
      ],
    });
    await this.given.staff(tenantId, { courseId: course.id, lecturerId: lecturer.id, assistants: [] });
    for (const [classId, user] of [
      [classA, student],
      [classA, deskmate],
      [classB, classmate],
    ] as const)
      await this.given.enrolment(tenantId, { courseId: course.id, classId, userId: user.id });
    return {
      tenantId,
      course,
      classA,
      classB,
      lecturer,
      student,
      deskmate,
      classmate,
      elsewhere,
      asLecturer: await this.as(lecturer),
      asStudent: await this.as(student),
      asDeskmate: await this.as(deskmate),
      asClassmate: await this.as(classmate),
      asElsewhere: await this.as(elsewhere),
    };
  }

  /** The user's notifications as stored, oldest first. */
  async notificationsOf(userId: number) {
    const rows: Array<{
      type: string;
      object_id: string;
      link: string;
      data: Record<string, unknown>;
      is_read: boolean;
    }> = await this.ds.query(
      `SELECT type, object_id, link, data, is_read FROM notifications WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    return rows.map((row) => ({ ...row, object_id: Number(row.object_id) }));
  }
}
