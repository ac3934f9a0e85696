import multipart from '@fastify/multipart';
import { defineService, seedWhenReady } from '@lms/platform';
import { ProjectAppModule } from './app.module';
import { ProjectConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { seedProjectDemo } from './seed/demo-project.seed';

/** project: its own database (lms_project), events through the outbox. */
export const projectService = defineService({
  name: 'project',
  defaultPort: 3009,
  config: (env) => ProjectConfig.fromEnv(env),
  module: (config, transport) => ProjectAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  // A file content's upload is read part by part (ContentFiles bounds it).
  configure: async (app) => {
    await app.register(multipart, { throwFileSizeLimit: true });
  },
  // A workspace of the demo lecturer with a project of the demo students; the users arrive by event, so it waits.
  seedDemo: (app, demo) => seedWhenReady('project', demo, (tenantId) => seedProjectDemo(app, tenantId)),
});
