import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, PROJECTIONS, Projections, ProjectionsBackfill } from '@lms/projections';
import type { RpsConfig } from './config';
import { ENTITIES } from './entities';
import { ApproversController } from './approvers/approvers.controller';
import { ApproversService } from './approvers/approvers.service';
import { CoursePlansController, CoursePlanStagesController } from './courseplans/course-plans.controller';
import { CoursePlansService } from './courseplans/course-plans.service';
import { CpmkEventsHandler } from './cpmk/cpmk-events.handler';
import { CpmkController } from './cpmk/cpmk.controller';
import { CpmkService } from './cpmk/cpmk.service';
import { MIGRATIONS } from './migrations';
import { ApprovalController, PublicRpsController, RpsController } from './plans/rps.controller';
import { RpsService } from './plans/rps.service';

/** The exam and task facts CPMK measurement projects (its backfill asks their owners for them). */
const CPMK_TOPICS = ['exam.exam', 'exam.attempt', 'task.task', 'task.answer'] as const;

/**
 * rps: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers: semester plans
 * (RPS) with their approval and public preview; course plans and their stages; the approvers;
 * CPMK measurement, with the exam and task scores it projects (and backfills) from their events.
 */
@Module({})
export class RpsAppModule {
  static forRoot(config: RpsConfig, transport: EventTransport): DynamicModule {
    return serviceModule(RpsAppModule, {
      service: 'rps',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      controllers: [
        ...PROJECTIONS.handlers,
        RpsController,
        ApprovalController,
        PublicRpsController,
        CoursePlansController,
        CoursePlanStagesController,
        ApproversController,
        CpmkEventsHandler,
        CpmkController,
      ],
      providers: [
        Projections,
        RpsService,
        ApproversService,
        CoursePlansService,
        CpmkService,
        ...ProjectionsBackfill.providers({ service: 'rps', topics: [...PROJECTED_TOPICS, ...CPMK_TOPICS] }),
      ],
    });
  }
}
