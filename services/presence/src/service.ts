import { defineService, seedWhenReady } from '@lms/platform';
import { type BlobStorage, blobRoutesOpenApi, serveServiceBlobs } from '@lms/storage';
import { PresenceAppModule } from './app.module';
import { PresenceConfig } from './config';
import { ENTITIES } from './entities';
import { MAX_EXPORT_BYTES } from './exports/presence-exports.service';
import { PRESENCE_STORAGE } from './exports/presence-storage';
import { MIGRATIONS } from './migrations';
import { seedPresenceDemo } from './seed/demo-presence.seed';

/** presence: its own database (lms_presence), events through the outbox. */
export const presenceService = defineService({
  name: 'presence',
  defaultPort: 3005,
  config: (env) => PresenceConfig.fromEnv(env),
  module: (config, transport) => PresenceAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  // The local-disk links of the exports are plain Fastify routes, outside the controllers.
  openApi: { extraPaths: blobRoutesOpenApi('presence') },
  configure: async (app) => {
    serveServiceBlobs(
      app.getHttpAdapter().getInstance(),
      'presence',
      app.get<BlobStorage>(PRESENCE_STORAGE),
      MAX_EXPORT_BYTES,
    );
  },
  // The attendance of IF101-A; the course, its class, students and modules arrive by event, so it waits.
  seedDemo: (app, demo) => seedWhenReady('presence', demo, (tenantId) => seedPresenceDemo(app, tenantId)),
});
