import multipart from '@fastify/multipart';
import { defineService, seedWhenReady } from '@lms/platform';
import { type BlobStorage, blobRoutesOpenApi, serveServiceBlobs } from '@lms/storage';
import { ExamAppModule } from './app.module';
import { ExamConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { seedExamDemo } from './seed/demo-exam.seed';
import { BLOB_STORAGE } from './storage/blob-storage';

/** exam: its own database (lms_exam), events through the outbox. */
export const examService = defineService({
  name: 'exam',
  defaultPort: 3003,
  config: (env) => ExamConfig.fromEnv(env),
  module: (config, transport) => ExamAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  // The local-disk blob links (exports) are plain Fastify routes, outside the controllers.
  openApi: { extraPaths: blobRoutesOpenApi('exam') },
  configure: async (app, config) => {
    // Imports and images are read part by part; their size is bounded per request.
    await app.register(multipart, { throwFileSizeLimit: true });
    serveServiceBlobs(
      app.getHttpAdapter().getInstance(),
      'exam',
      app.get<BlobStorage>(BLOB_STORAGE),
      config.maxUploadBytes,
    );
  },
  // The demo quiz of IF101; the course, its staff and students arrive by event, so it waits.
  seedDemo: (app, demo) => seedWhenReady('exam', demo, (tenantId) => seedExamDemo(app, tenantId)),
});
