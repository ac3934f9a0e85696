import multipart from '@fastify/multipart';
import { DataSource } from 'typeorm';
import { defineService, seedWhenReady } from '@lms/platform';
import { type BlobStorage, blobRoutesOpenApi, serveServiceBlobs } from '@lms/storage';
import { CourseAppModule } from './app.module';
import { CourseConfig } from './config';
import { ENTITIES } from './entities';
import { BLOB_STORAGE } from './files/blob-storage';
import { MIGRATIONS } from './migrations';
import { seedDemoGradebookWeights } from './gradebook/gradebook.seed';
import { seedCourseDemo } from './seed/demo.seed';
import { keepResultBodies } from './vlabs/vlab-signature';

/** Course: courses, structure, contents and files, enrolment, staff, catalogue, academic sync, discussions. */
export const courseService = defineService({
  name: 'course',
  defaultPort: 3002,
  config: (env) => CourseConfig.fromEnv(env),
  module: (config, transport) => CourseAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  // The local-disk blob links are plain Fastify routes, outside the controllers.
  openApi: { extraPaths: blobRoutesOpenApi('course') },
  configure: async (app, config) => {
    // Uploads are streamed part by part (nothing buffered whole); limits are set per request.
    await app.register(multipart, { throwFileSizeLimit: true });
    // Virtual labs sign their result reports: the exact bytes are kept for the check.
    keepResultBodies(app.getHttpAdapter().getInstance());
    serveServiceBlobs(
      app.getHttpAdapter().getInstance(),
      'course',
      app.get<BlobStorage>(BLOB_STORAGE),
      config.maxUploadBytes,
    );
  },
  // The demo course; its users arrive by event from identity, so it waits until they are here.
  seedDemo: (app, demo) =>
    seedWhenReady('course', demo, (tenantId) =>
      seedCourseDemo(app.get(DataSource), app.get<BlobStorage>(BLOB_STORAGE), tenantId),
    ),
  // The demo gradebook's weights of the exam and the tasks, once their projections are here.
  seedDemoLast: async (app, demo) => {
    if (demo.tenantId === undefined) return;
    const dataSource = app.get(DataSource);
    const deadline = Date.now() + demo.patienceMs;
    while ((await seedDemoGradebookWeights(dataSource, demo.tenantId)) === 'waiting') {
      if (Date.now() > deadline)
        throw new Error(
          'course: the demo exam and tasks did not arrive: their gradebook weights are not set',
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  },
});
