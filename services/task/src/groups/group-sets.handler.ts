import { Controller } from '@nestjs/common';
import { type EventContext, type EventOf, OnEvent } from '@lms/events';

@Controller()
export class GroupsChangedHandler {
  /** Replaces the projected set with the snapshot, unless a newer one is already applied. */
  @OnEvent('course.groups.changed')
  async handle(envelope: EventOf<'course.groups.changed'>, context: EventContext) {
    const { courseId, type, groups } = envelope.data;
    await context.manager.query(
      `INSERT INTO course_group_sets (course_id, type, tenant_id, groups, as_of) VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT (course_id, type) DO UPDATE SET groups = excluded.groups, as_of = excluded.as_of
       WHERE course_group_sets.as_of <= excluded.as_of`,
      [
        courseId,
        type,
        envelope.tenantId,
        JSON.stringify(
          groups.map((group) => ({
            id: group.id,
            name: group.name,
            members: group.members.map((member) => ({ userId: member.userId, isLeader: member.isLeader })),
          })),
        ),
        envelope.occurredAt,
      ],
    );
  }
}
