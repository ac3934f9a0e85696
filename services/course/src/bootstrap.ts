import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { EventsServer, type EventTransport } from '@lms/events';
import multipart from '@fastify/multipart';
import { createServiceApp, serveOpenApi } from '@lms/platform';
import type { BlobStorage } from '@lms/storage';
import { CourseAppModule } from './app.module';
import type { CourseConfig } from './config';
import { BLOB_STORAGE, BLOB_ROUTES_OPENAPI, serveLocalBlobs } from './files/blob-storage';

/** Builds and starts the course service on `config.port` (0 = any free port). */
export async function startCourse(
  config: CourseConfig,
  transport: EventTransport,
  options: { logLevel?: string; host?: string } = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(CourseAppModule.forRoot(config, transport), {
    name: 'course',
    logLevel: options.logLevel,
    forwarding: config.forwarding,
  });
  serveOpenApi(app, { title: 'course', extraPaths: BLOB_ROUTES_OPENAPI });
  // Uploads are streamed part by part (nothing buffered whole); limits are set per request.
  await app.register(multipart, { throwFileSizeLimit: true });
  serveLocalBlobs(
    app.getHttpAdapter().getInstance(),
    app.get<BlobStorage>(BLOB_STORAGE),
    config.maxUploadBytes,
  );
  app.connectMicroservice({ strategy: new EventsServer(transport, app.get(DataSource), 'course') });
  await app.startAllMicroservices();
  await app.listen({ port: config.port, host: options.host ?? '127.0.0.1' });
  return app;
}
