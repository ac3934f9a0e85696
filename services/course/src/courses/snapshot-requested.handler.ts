import { Controller, Logger } from '@nestjs/common';
import { type EventContext, type EventOf, EVERY_CAMPUS, OnEvent } from '@lms/events';
import { recordGroupSetsSnapshot } from '../groups/groups.data';
import { recordCampusSnapshots } from './course-snapshot.data';
import { type MembersTopic, recordMembersSnapshot } from './members.data';

const MEMBERS: readonly MembersTopic[] = ['course.staff', 'course.enrolment'];
const COURSES = ['course.course', 'course.structure'] as const;

@Controller()
export class SnapshotRequestedHandler {
  private readonly logger = new Logger(SnapshotRequestedHandler.name);

  /**
   * A consumer's backfill: republishes every course of the campus asked about (or of every
   * campus) — the course and its classes, its structure, its staff, its students, its sets of
   * groups — for the topics asked of this service (others' topics are theirs to answer).
   */
  @OnEvent('platform.snapshot.requested')
  async handle(envelope: EventOf<'platform.snapshot.requested'>, context: EventContext) {
    const asked = envelope.data.topics;
    const members = new Set(MEMBERS.filter((topic) => asked.includes(topic)));
    const courses = COURSES.filter((topic) => asked.includes(topic));
    const groups = asked.includes('course.groups');
    if (members.size === 0 && courses.length === 0 && !groups) return;
    const manager = context.manager;
    const campuses =
      envelope.tenantId === EVERY_CAMPUS
        ? (
            (await manager.query(`SELECT DISTINCT tenant_id FROM courses ORDER BY tenant_id`)) as Array<{
              tenant_id: string;
            }>
          ).map((row) => Number(row.tenant_id))
        : [envelope.tenantId];
    let count = 0;
    for (const tenantId of campuses) {
      // Members first: a change takes the members' lock before the snapshots' (course-snapshot.data.ts).
      if (members.size > 0) count = await recordMembersSnapshot(manager, tenantId, envelope.actorId, members);
      for (const topic of courses)
        count = await recordCampusSnapshots(manager, tenantId, envelope.actorId, topic);
      if (members.size > 0 || courses.length > 0)
        this.logger.log(
          `republished ${[...courses, ...members].join(', ')} of ${count} courses of campus ${tenantId} for ${envelope.data.requestedBy}`,
        );
      if (groups)
        this.logger.log(
          `republished ${await recordGroupSetsSnapshot(manager, tenantId, envelope.actorId)} sets of groups of campus ${tenantId} for ${envelope.data.requestedBy}`,
        );
    }
  }
}
