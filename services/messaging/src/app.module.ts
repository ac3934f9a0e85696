import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { campusIdOfHost, PROJECTED_TOPICS, Projections, ProjectionsBackfill } from '@lms/projections';
import { RealtimeModule } from '@lms/realtime';
import { openServiceStorage } from '@lms/storage';
import { AnnouncementsController } from './announcements/announcements.controller';
import { AnnouncementsService } from './announcements/announcements.service';
import { ChatController } from './chat/chat.controller';
import { ChatGateway } from './chat/chat.gateway';
import { ChatService } from './chat/chat.service';
import type { MessagingConfig } from './config';
import { ENTITIES } from './entities';
import { MessageFiles, MESSAGING_STORAGE } from './messages/message-files';
import { MessagesController } from './messages/messages.controller';
import { MessagesService } from './messages/messages.service';
import { MIGRATIONS } from './migrations';
import { NewsController, PublicNewsController } from './news/news.controller';
import { NewsService } from './news/news.service';
import { People } from './people';
import { NOTIFICATION_HANDLERS, notificationProviders } from './notifications/notification-parts';
import { NotificationsController } from './notifications/notifications.controller';
import { PushController } from './notifications/push/push.controller';

/**
 * messaging: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers: course messages,
 * chat rooms and their socket (`/socket/messages`), announcements and news.
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
      imports: [
        // the chat's pushes and `msg_msg` (/socket/messages), a campus's handshake checked against its host
        RealtimeModule.forRootAsync({
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => ({
            path: '/socket/messages',
            redisUrl: config.redisUrl,
            campusOfHost: campusIdOfHost(dataSource),
          }),
        }),
      ],
      controllers: [
        // the projections' handlers, those of enrolments and users notifying too (one handler per event)
        ...NOTIFICATION_HANDLERS,
        NotificationsController,
        PushController,
        ChatController,
        MessagesController,
        AnnouncementsController,
        PublicNewsController,
        NewsController,
      ],
      providers: [
        Projections,
        ...ProjectionsBackfill.providers({ service: 'messaging', topics: PROJECTED_TOPICS }),
        People,
        ChatService,
        ChatGateway,
        { provide: MESSAGING_STORAGE, useFactory: () => openServiceStorage('messaging', config.blobs) },
        MessageFiles,
        MessagesService,
        AnnouncementsService,
        NewsService,
        ...notificationProviders(config),
      ],
    });
  }
}
