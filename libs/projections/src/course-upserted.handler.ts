import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

@Controller()
export class CourseUpsertedHandler {
  /** Replaces the course and its classes with the snapshot, unless a newer one is already applied. */
  @OnEvent('course.course.upserted')
  async handle(envelope: EventOf<'course.course.upserted'>, context: EventContext) {
    const course = envelope.data;
    const manager = context.manager;
    const applied: unknown[] = await manager.query(
      `INSERT INTO courses (id, tenant_id, name, code, period_id, period_name, period_year, period_type,
                            is_active, start_at, end_at, as_of)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO UPDATE SET
         name = excluded.name, code = excluded.code, period_id = excluded.period_id,
         period_name = excluded.period_name, period_year = excluded.period_year,
         period_type = excluded.period_type, is_active = excluded.is_active,
         start_at = excluded.start_at, end_at = excluded.end_at, as_of = excluded.as_of
       WHERE courses.as_of <= excluded.as_of
       RETURNING id`,
      [
        course.id,
        envelope.tenantId,
        course.name,
        course.code,
        course.period?.id ?? null,
        course.period?.name ?? null,
        course.period?.year ?? null,
        course.period?.type ?? null,
        course.isActive,
        course.startAt,
        course.endAt,
        envelope.occurredAt,
      ],
    );
    if (applied.length === 0) return;
    await manager.query(`DELETE FROM course_classes WHERE course_id = $1 AND NOT (id = ANY($2::bigint[]))`, [
      course.id,
      course.classes.map((courseClass) => courseClass.id),
    ]);
    if (course.classes.length === 0) return;
    await manager.query(
      `INSERT INTO course_classes (id, course_id, tenant_id, name)
       SELECT id, $1, $2, name FROM unnest($3::bigint[], $4::text[]) AS given(id, name)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, course_id = excluded.course_id`,
      [
        course.id,
        envelope.tenantId,
        course.classes.map((courseClass) => courseClass.id),
        course.classes.map((courseClass) => courseClass.name),
      ],
    );
  }
}
