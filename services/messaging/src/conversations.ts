import type { ModuleMetadata, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TenantProjection } from '@lms/projections';
import { openServiceStorage } from '@lms/storage';
import { RealtimeModule } from '@lms/realtime';
import { AnnouncementsController } from './announcements/announcements.controller';
import { AnnouncementsService } from './announcements/announcements.service';
import { ChatController } from './chat/chat.controller';
import { ChatGateway } from './chat/chat.gateway';
import { ChatService } from './chat/chat.service';
import type { MessagingConfig } from './config';
import { MessageFiles, MESSAGING_STORAGE } from './messages/message-files';
import { MessagesController } from './messages/messages.controller';
import { MessagesService } from './messages/messages.service';
import { NewsController, PublicNewsController } from './news/news.controller';
import { NewsService } from './news/news.service';
import { People } from './people';

/**
 * Course messages, chat rooms (and their socket, `/socket/messages`), announcements and news: what
 * `MessagingAppModule` adds for them (one spread each in its `imports`, `controllers`, `providers`).
 */
export const conversations = (config: MessagingConfig) => ({
  imports: [
    // the chat's pushes and `msg_msg` (/socket/messages), a campus's handshake checked against its host
    RealtimeModule.forRootAsync({
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => ({
        path: '/socket/messages',
        redisUrl: config.redisUrl,
        campusOfHost: async (host: string) =>
          (await dataSource.getRepository(TenantProjection).findOneBy({ domain: host }))?.id ?? null,
      }),
    }),
  ] satisfies ModuleMetadata['imports'],
  controllers: [
    ChatController,
    MessagesController,
    AnnouncementsController,
    PublicNewsController,
    NewsController,
  ],
  providers: [
    People,
    ChatService,
    ChatGateway,
    { provide: MESSAGING_STORAGE, useFactory: () => openServiceStorage('messaging', config.blobs) },
    MessageFiles,
    MessagesService,
    AnnouncementsService,
    NewsService,
  ] satisfies Provider[],
});
