import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { EventsServer, type EventTransport } from '@lms/events';
import { createServiceApp, serveOpenApi } from '@lms/platform';
import { IdentityAppModule } from './app.module';
import type { IdentityConfig } from './config';

/** Builds and starts the identity service on `config.port` (0 = any free port). */
export async function startIdentity(
  config: IdentityConfig,
  transport: EventTransport,
  options: { logLevel?: string; host?: string } = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(IdentityAppModule.forRoot(config, transport), {
    name: 'identity',
    logLevel: options.logLevel,
    forwarding: config.forwarding,
  });
  serveOpenApi(app, { title: 'identity' });
  app.connectMicroservice({ strategy: new EventsServer(transport, app.get(DataSource), 'identity') });
  await app.startAllMicroservices();
  await app.listen({ port: config.port, host: options.host ?? '127.0.0.1' });
  return app;
}
