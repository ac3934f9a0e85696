import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { EventsServer, type EventTransport } from '@lms/events';
import { createServiceApp } from '@lms/platform';
import { CourseModule } from './app.module';
import type { CourseConfig } from './config';

/** Builds and starts the course service on `config.port` (0 = any free port). */
export async function startCourse(
  config: CourseConfig,
  transport: EventTransport,
  options: { logLevel?: string; host?: string } = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(CourseModule.forRoot(config, transport), {
    name: 'course',
    logLevel: options.logLevel,
  });
  app.connectMicroservice({ strategy: new EventsServer(transport, app.get(DataSource), 'course') });
  await app.startAllMicroservices();
  await app.listen({ port: config.port, host: options.host ?? '127.0.0.1' });
  return app;
}
