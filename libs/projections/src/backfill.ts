import { Inject, Injectable, Logger, type OnApplicationBootstrap, type Provider } from '@nestjs/common';
import { EVERY_CAMPUS, recordEvent, UnitOfWork } from '@lms/events';

/** What a consumer may ask the owners to republish (`platform.snapshot.requested`). */
export type SnapshotTopic =
  | 'identity.tenant'
  | 'identity.user'
  | 'course.course'
  | 'course.staff'
  | 'course.enrolment'
  | 'course.structure'
  | 'course.groups'
  | 'exam.exam'
  | 'exam.attempt'
  | 'task.task'
  | 'task.answer'
  | 'presence.session';

/** Every topic the projections of this library are fed by. */
export const PROJECTED_TOPICS: readonly SnapshotTopic[] = [
  'identity.tenant',
  'identity.user',
  'course.course',
  'course.staff',
  'course.enrolment',
  'course.structure',
];

export interface ProjectionsBackfillOptions {
  /** The service asking (`requestedBy`, for the owners' logs). */
  service: string;
  /** The topics its projections are fed by. */
  topics: readonly SnapshotTopic[];
}

const OPTIONS = Symbol('ProjectionsBackfillOptions');

/**
 * Fills a service's projections with what was published before it consumed the topics: on its
 * first start with a topic, the service asks the topic's owner to republish the current state of
 * every campus (one `platform.snapshot.requested` with `tenantId` `EVERY_CAMPUS`, through the
 * outbox, so the request waits for an owner that is not up yet). `projection_backfills` holds
 * one row per topic asked for, so each topic is asked once per database — replicas starting
 * together ask once, and a topic added in a later version is asked for then.
 */
@Injectable()
export class ProjectionsBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProjectionsBackfill.name);

  constructor(
    private readonly unit: UnitOfWork,
    @Inject(OPTIONS) private readonly options: ProjectionsBackfillOptions,
  ) {}

  /** The providers of a service's backfill: `providers: [...ProjectionsBackfill.providers({ … })]`. */
  static providers(options: ProjectionsBackfillOptions): Provider[] {
    return [{ provide: OPTIONS, useValue: options }, ProjectionsBackfill];
  }

  async onApplicationBootstrap(): Promise<void> {
    const topics = await this.unit.run(async (manager) => {
      const fresh: Array<{ name: SnapshotTopic }> = await manager.query(
        `INSERT INTO projection_backfills (name) SELECT unnest($1::varchar[])
         ON CONFLICT DO NOTHING RETURNING name`,
        [this.options.topics],
      );
      if (fresh.length === 0) return [];
      const asked = this.options.topics.filter((topic) => fresh.some((row) => row.name === topic));
      await recordEvent(manager, 'platform.snapshot.requested', {
        tenantId: EVERY_CAMPUS,
        key: EVERY_CAMPUS,
        data: { requestedBy: this.options.service, topics: asked },
      });
      return asked;
    });
    if (topics.length > 0) this.logger.log(`asked every campus's ${topics.join(', ')} to be republished`);
  }
}
