import { defineService } from '@lms/platform';
import { PresenceAppModule } from './app.module';
import { PresenceConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** presence: its own database (lms_presence), events through the outbox. */
export const presenceService = defineService({
  name: 'presence',
  defaultPort: 3005,
  config: (env) => PresenceConfig.fromEnv(env),
  module: (config, transport) => PresenceAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
});
