import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

@Controller()
export class StructureSnapshottedHandler {
  /** Replaces the course's modules and activities with the snapshot, unless a newer one is held. */
  @OnEvent('course.structure.snapshotted')
  async handle(envelope: EventOf<'course.structure.snapshotted'>, context: EventContext) {
    const { courseId, modules, activities } = envelope.data;
    const manager = context.manager;
    const applied: unknown[] = await manager.query(
      `INSERT INTO course_structures (course_id, tenant_id, as_of) VALUES ($1, $2, $3)
       ON CONFLICT (course_id) DO UPDATE SET as_of = excluded.as_of
       WHERE course_structures.as_of <= excluded.as_of
       RETURNING course_id`,
      [courseId, envelope.tenantId, envelope.occurredAt],
    );
    if (applied.length === 0) return;
    await manager.query(`DELETE FROM course_activities WHERE course_id = $1`, [courseId]);
    await manager.query(`DELETE FROM course_modules WHERE course_id = $1`, [courseId]);
    await manager.query(
      `INSERT INTO course_modules (id, course_id, tenant_id, name, index, is_active)
       SELECT id, $1, $2, name, index, is_active
         FROM unnest($3::bigint[], $4::text[], $5::int[], $6::boolean[]) AS given(id, name, index, is_active)
       ON CONFLICT (id) DO UPDATE SET course_id = excluded.course_id, name = excluded.name,
         index = excluded.index, is_active = excluded.is_active`,
      [
        courseId,
        envelope.tenantId,
        modules.map((module) => module.id),
        modules.map((module) => module.name),
        modules.map((module) => module.index),
        modules.map((module) => module.isActive),
      ],
    );
    await manager.query(
      `INSERT INTO course_activities (id, module_id, course_id, tenant_id, parent_id, name, index, is_active)
       SELECT id, module_id, $1, $2, parent_id, name, index, is_active
         FROM unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::int[], $8::boolean[])
           AS given(id, module_id, parent_id, name, index, is_active)
       ON CONFLICT (id) DO UPDATE SET module_id = excluded.module_id, course_id = excluded.course_id,
         parent_id = excluded.parent_id, name = excluded.name, index = excluded.index,
         is_active = excluded.is_active`,
      [
        courseId,
        envelope.tenantId,
        activities.map((activity) => activity.id),
        activities.map((activity) => activity.moduleId),
        activities.map((activity) => activity.parentId),
        activities.map((activity) => activity.name),
        activities.map((activity) => activity.index),
        activities.map((activity) => activity.isActive),
      ],
    );
  }
}
