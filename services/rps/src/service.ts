import { defineService, seedWhenReady } from '@lms/platform';
import { RpsAppModule } from './app.module';
import { RpsConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { seedRpsDemo } from './seed/demo-rps.seed';

/** rps: its own database (lms_rps), events through the outbox. */
export const rpsService = defineService({
  name: 'rps',
  defaultPort: 3008,
  config: (env) => RpsConfig.fromEnv(env),
  module: (config, transport) => RpsAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  seedDemo: (app, demo) => seedWhenReady('rps', demo, (tenantId) => seedRpsDemo(app, tenantId)),
});
