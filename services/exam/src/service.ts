import multipart from '@fastify/multipart';
import { defineService } from '@lms/platform';
import { ExamAppModule } from './app.module';
import { ExamConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** exam: its own database (lms_exam), events through the outbox. */
export const examService = defineService({
  name: 'exam',
  defaultPort: 3003,
  config: (env) => ExamConfig.fromEnv(env),
  module: (config, transport) => ExamAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  configure: async (app) => {
    // Imports are read part by part; their size is bounded per request (MAX_IMPORT_BYTES).
    await app.register(multipart, { throwFileSizeLimit: true });
  },
});
