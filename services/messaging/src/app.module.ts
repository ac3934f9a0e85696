import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, PROJECTIONS, Projections, ProjectionsBackfill } from '@lms/projections';
import type { MessagingConfig } from './config';
import { conversations } from './conversations';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * messaging: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers.
 */
@Module({})
export class MessagingAppModule {
  static forRoot(config: MessagingConfig, transport: EventTransport): DynamicModule {
    const own = conversations(config);
    return serviceModule(MessagingAppModule, {
      service: 'messaging',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      imports: [...own.imports],
      controllers: [...PROJECTIONS.handlers, ...own.controllers],
      providers: [
        ...own.providers,
        Projections,
        ...ProjectionsBackfill.providers({ service: 'messaging', topics: PROJECTED_TOPICS }),
      ],
    });
  }
}
