import multipart from '@fastify/multipart';
import { defineService, seedWhenReady } from '@lms/platform';
import { type BlobStorage, blobRoutesOpenApi, serveServiceBlobs } from '@lms/storage';
import { MessagingAppModule } from './app.module';
import { MessagingConfig } from './config';
import { ENTITIES } from './entities';
import { MESSAGING_STORAGE } from './messages/message-files';
import { MIGRATIONS } from './migrations';
import { seedMessagingDemo } from './seed/demo-messaging.seed';

/** messaging: its own database (lms_messaging), events through the outbox. */
export const messagingService = defineService({
  name: 'messaging',
  defaultPort: 3006,
  config: (env) => MessagingConfig.fromEnv(env),
  module: (config, transport) => MessagingAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  // The local-disk links of the messages' files are plain Fastify routes, outside the controllers.
  openApi: { extraPaths: blobRoutesOpenApi('messaging') },
  configure: async (app, config) => {
    // Files of course messages are read part by part (MessageFiles bounds each one).
    await app.register(multipart, { throwFileSizeLimit: true });
    serveServiceBlobs(
      app.getHttpAdapter().getInstance(),
      'messaging',
      app.get<BlobStorage>(MESSAGING_STORAGE),
      config.fileMaxBytes,
    );
  },
  // Messages, chats and an announcement of IF101, and news; users and the course arrive by event, so it waits.
  seedDemo: (app, demo) => seedWhenReady('messaging', demo, (tenantId) => seedMessagingDemo(app, tenantId)),
});
