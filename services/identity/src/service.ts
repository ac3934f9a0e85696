import multipart from '@fastify/multipart';
import { DataSource } from 'typeorm';
import { defineService } from '@lms/platform';
import { IdentityAppModule } from './app.module';
import { IdentityConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { seedIdentityDemo } from './seed/demo.seed';

/** Identity: campuses (host → tenant, site info), users, passwords, sessions. */
export const identityService = defineService({
  name: 'identity',
  defaultPort: 3001,
  config: (env) => IdentityConfig.fromEnv(env),
  module: (config, transport) => IdentityAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  configure: async (app) => {
    // Users files are streamed row by row (nothing buffered whole); limits are set per request.
    await app.register(multipart, { throwFileSizeLimit: true });
  },
  // The demo campus and its accounts; the other services' seeds need its id.
  seedDemo: async (app, demo) => {
    const { tenantId } = await seedIdentityDemo(app.get(DataSource), demo);
    return { tenantId };
  },
});
