import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { recordEvent, UnitOfWork } from '@lms/events';

/** The name under which the request is remembered in `projection_backfills`. */
export const MEMBERSHIPS_BACKFILL = 'course.members';

/**
 * Fills the memberships projection from what the course service knew before identity consumed
 * its events: once per database, on the first start, identity asks the course service to
 * republish the staff and students of every course of each campus (`platform.snapshot.requested`,
 * through the outbox, so the request waits for a course service that is not up yet). Replicas
 * starting together ask once: the `projection_backfills` row decides.
 */
@Injectable()
export class MembershipsBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger(MembershipsBackfill.name);

  constructor(private readonly unit: UnitOfWork) {}

  async onApplicationBootstrap(): Promise<void> {
    const campuses = await this.unit.run(async (manager) => {
      const first: unknown[] = await manager.query(
        `INSERT INTO projection_backfills (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING name`,
        [MEMBERSHIPS_BACKFILL],
      );
      if (first.length === 0) return 0;
      const tenants: Array<{ id: number }> = await manager.query(`SELECT id FROM tenants ORDER BY id`);
      for (const { id } of tenants) {
        await recordEvent(manager, 'platform.snapshot.requested', {
          tenantId: id,
          key: id,
          data: { requestedBy: 'identity', topics: ['course.staff', 'course.enrolment'] },
        });
      }
      return tenants.length;
    });
    if (campuses > 0) this.logger.log(`asked for the course members of ${campuses} campuses`);
  }
}
