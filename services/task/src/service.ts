import multipart from '@fastify/multipart';
import { defineService } from '@lms/platform';
import { TaskAppModule } from './app.module';
import { TaskConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** task: its own database (lms_task), events through the outbox. */
export const taskService = defineService({
  name: 'task',
  defaultPort: 3004,
  config: (env) => TaskConfig.fromEnv(env),
  module: (config, transport) => TaskAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  configure: async (app) => {
    // Files of tasks, answers and comments are read part by part (TaskFiles bounds each one).
    await app.register(multipart, { throwFileSizeLimit: true });
  },
});
