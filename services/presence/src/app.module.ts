import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, PROJECTIONS, Projections, ProjectionsBackfill } from '@lms/projections';
import type { PresenceConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * presence: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers.
 */
@Module({})
export class PresenceAppModule {
  static forRoot(config: PresenceConfig, transport: EventTransport): DynamicModule {
    return serviceModule(PresenceAppModule, {
      service: 'presence',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      controllers: [...PROJECTIONS.handlers],
      providers: [
        Projections,
        ...ProjectionsBackfill.providers({ service: 'presence', topics: PROJECTED_TOPICS }),
      ],
    });
  }
}
