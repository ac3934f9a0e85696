import { defineService } from '@lms/platform';
import { MessagingAppModule } from './app.module';
import { MessagingConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** messaging: its own database (lms_messaging), events through the outbox. */
export const messagingService = defineService({
  name: 'messaging',
  defaultPort: 3006,
  config: (env) => MessagingConfig.fromEnv(env),
  module: (config, transport) => MessagingAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
});
