import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

@Controller()
export class StaffChangedHandler {
  /** Replaces the course's staff with the snapshot, unless a newer one is already applied. */
  @OnEvent('course.staff.changed')
  async handle(envelope: EventOf<'course.staff.changed'>, context: EventContext) {
    const { courseId, lecturerId, assistants } = envelope.data;
    const manager = context.manager;
    const applied: unknown[] = await manager.query(
      `INSERT INTO course_rosters (course_id, tenant_id, staff_as_of) VALUES ($1, $2, $3)
       ON CONFLICT (course_id) DO UPDATE SET staff_as_of = excluded.staff_as_of
       WHERE course_rosters.staff_as_of IS NULL OR course_rosters.staff_as_of <= excluded.staff_as_of
       RETURNING course_id`,
      [courseId, envelope.tenantId, envelope.occurredAt],
    );
    if (applied.length === 0) return;
    await manager.query(`DELETE FROM course_staff WHERE course_id = $1`, [courseId]);
    const staff = [
      ...assistants.map((assistant) => [assistant.userId, 'assistant'] as const),
      ...(lecturerId === null ? [] : [[lecturerId, 'lecturer'] as const]),
    ];
    if (staff.length === 0) return;
    await manager.query(
      `INSERT INTO course_staff (course_id, user_id, tenant_id, role)
       SELECT $1, user_id, $2, role FROM unnest($3::bigint[], $4::text[]) AS given(user_id, role)
       ON CONFLICT (course_id, user_id) DO UPDATE SET role = excluded.role`,
      [courseId, envelope.tenantId, staff.map(([userId]) => userId), staff.map(([, role]) => role)],
    );
  }
}
