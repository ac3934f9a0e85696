import multipart from '@fastify/multipart';
import { defineService, seedWhenReady } from '@lms/platform';
import { type BlobStorage, blobRoutesOpenApi, serveServiceBlobs } from '@lms/storage';
import { TaskAppModule } from './app.module';
import { TaskConfig } from './config';
import { ENTITIES } from './entities';
import { TASK_STORAGE } from './files/task-storage';
import { MIGRATIONS } from './migrations';
import { seedTaskDemo } from './seed/demo-task.seed';

/** task: its own database (lms_task), events through the outbox. */
export const taskService = defineService({
  name: 'task',
  defaultPort: 3004,
  config: (env) => TaskConfig.fromEnv(env),
  module: (config, transport) => TaskAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  // The local-disk blob links (the answers' zip exports) are plain Fastify routes, outside the controllers.
  openApi: { extraPaths: blobRoutesOpenApi('task') },
  configure: async (app, config) => {
    // Files of tasks, answers and comments are read part by part (TaskFiles bounds each one).
    await app.register(multipart, { throwFileSizeLimit: true });
    serveServiceBlobs(
      app.getHttpAdapter().getInstance(),
      'task',
      app.get<BlobStorage>(TASK_STORAGE),
      config.fileMaxBytes,
    );
  },
  // The demo tasks of IF101; the course, its staff, students and structure arrive by event, so it waits.
  seedDemo: (app, demo) => seedWhenReady('task', demo, (tenantId) => seedTaskDemo(app, tenantId)),
});
