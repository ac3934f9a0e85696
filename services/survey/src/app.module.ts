import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, PROJECTIONS, Projections, ProjectionsBackfill } from '@lms/projections';
import type { SurveyConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * survey: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers.
 */
@Module({})
export class SurveyAppModule {
  static forRoot(config: SurveyConfig, transport: EventTransport): DynamicModule {
    return serviceModule(SurveyAppModule, {
      service: 'survey',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      controllers: [...PROJECTIONS.handlers],
      providers: [
        Projections,
        ...ProjectionsBackfill.providers({ service: 'survey', topics: PROJECTED_TOPICS }),
      ],
    });
  }
}
