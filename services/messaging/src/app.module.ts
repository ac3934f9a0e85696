import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, Projections, ProjectionsBackfill } from '@lms/projections';
import type { MessagingConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { NOTIFICATION_HANDLERS, notificationProviders } from './notifications/notification-parts';
import { NotificationsController } from './notifications/notifications.controller';
import { PushController } from './notifications/push/push.controller';

/**
 * messaging: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers.
 */
@Module({})
export class MessagingAppModule {
  static forRoot(config: MessagingConfig, transport: EventTransport): DynamicModule {
    return serviceModule(MessagingAppModule, {
      service: 'messaging',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      controllers: [...NOTIFICATION_HANDLERS, NotificationsController, PushController],
      providers: [
        Projections,
        ...ProjectionsBackfill.providers({ service: 'messaging', topics: PROJECTED_TOPICS }),
        ...notificationProviders(config),
      ],
    });
  }
}
