import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

/**
 * The presence service's sent sessions, which the gradebook's attendance column counts
 * (docs/gradebook.md): a session and its students' marks are replaced whole, and only by a newer
 * event of the session (`as_of`), so the same event twice, or late, or republished by the
 * backfill, leaves the same rows.
 */
@Controller()
export class PresenceEventsHandler {
  @OnEvent('presence.session.sent')
  async sent(envelope: EventOf<'presence.session.sent'>, context: EventContext) {
    const session = envelope.data;
    const manager = context.manager;
    const applied: unknown[] = await manager.query(
      `INSERT INTO presence_session_facts (id, tenant_id, course_id, class_id, start_at, sent_at, as_of)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET tenant_id = excluded.tenant_id, course_id = excluded.course_id,
              class_id = excluded.class_id, start_at = excluded.start_at, sent_at = excluded.sent_at,
              as_of = excluded.as_of
        WHERE presence_session_facts.as_of <= excluded.as_of
       RETURNING id`,
      [
        session.id,
        envelope.tenantId,
        session.courseId,
        session.classId,
        session.startAt,
        session.sentAt,
        envelope.occurredAt,
      ],
    );
    if (applied.length === 0) return;
    await manager.query(`DELETE FROM presence_session_marks WHERE session_id = $1`, [session.id]);
    if (session.details.length === 0) return;
    await manager.query(
      `INSERT INTO presence_session_marks (session_id, user_id, course_id, type)
       SELECT $1, user_id, $2, type FROM unnest($3::bigint[], $4::varchar[]) AS given(user_id, type)
       ON CONFLICT (session_id, user_id) DO UPDATE SET type = excluded.type`,
      [
        session.id,
        session.courseId,
        session.details.map((detail) => detail.userId),
        session.details.map((detail) => detail.type),
      ],
    );
  }
}
