import multipart from '@fastify/multipart';
import { defineService } from '@lms/platform';
import { TaskAppModule } from './app.module';
import { TaskConfig } from './config';
import { ENTITIES } from './entities';
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
  configure: async (app) => {
    // Files of tasks, answers and comments are read part by part (TaskFiles bounds each one).
    await app.register(multipart, { throwFileSizeLimit: true });
  },
  // The demo tasks of IF101; the course, its staff, students and structure arrive by event, so it waits.
  seedDemo: async (app, demo) => {
    if (demo.tenantId === undefined)
      throw new Error('task: the demo seed needs the demo campus (identity first)');
    const deadline = Date.now() + demo.patienceMs;
    for (;;) {
      try {
        await seedTaskDemo(app, demo.tenantId);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  },
});
