import { defineService } from '@lms/platform';
import { ProjectAppModule } from './app.module';
import { ProjectConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** project: its own database (lms_project), events through the outbox. */
export const projectService = defineService({
  name: 'project',
  defaultPort: 3009,
  config: (env) => ProjectConfig.fromEnv(env),
  module: (config, transport) => ProjectAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
});
