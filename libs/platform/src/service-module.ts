import type { DynamicModule, ModuleMetadata, Provider, Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { EntitySchema, MixedList } from 'typeorm';
import { AuthModule } from '@lms/auth';
import { openServiceDataSource } from '@lms/database';
import { EventsModule, type EventTransport } from '@lms/events';
import type { ForwardingTrust } from './forwarding';
import { HealthModule } from './health.controller';

/** What every domain service's configuration carries (the rest is the service's own). */
export interface ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  /** Whose forwarding headers it believes (TRUSTED_PROXIES and the gateway); loopback only when unset. */
  forwarding?: ForwardingTrust;
}

export interface ServiceModuleOptions<C extends ServiceConfigBase> {
  /** The service's name: logs, PostgreSQL application_name, event consumer group. */
  service: string;
  config: C;
  transport: EventTransport;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity list type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own migration list type
  migrations: MixedList<Function | string>;
  /** Entities injected as repositories (`@InjectRepository`). */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity type
  repositories?: (Function | EntitySchema)[];
  imports?: ModuleMetadata['imports'];
  controllers?: Type[];
  providers?: Provider[];
  exports?: ModuleMetadata['exports'];
}

/**
 * The app module of a domain service: its own PostgreSQL database (DataSource opened with its
 * migrations applied), token verification (`AuthModule`), outbox/relay/inbox on the given event
 * transport (`EventsModule`), `/healthz` and `/readyz`, and the service's configuration object
 * injectable by its class. The service adds its controllers and providers.
 *
 *     static forRoot(config: DemoConfig, transport: EventTransport): DynamicModule {
 *       return serviceModule(DemoModule, { service: 'demo', config, transport, entities, migrations,
 *         controllers: [...], providers: [...] });
 *     }
 */
export function serviceModule<C extends ServiceConfigBase>(
  module: Type,
  options: ServiceModuleOptions<C>,
): DynamicModule {
  const { config, service } = options;
  return {
    module,
    imports: [
      TypeOrmModule.forRootAsync({
        useFactory: () => ({ type: 'postgres' }),
        dataSourceFactory: () =>
          openServiceDataSource({
            url: config.databaseUrl,
            service,
            entities: options.entities,
            migrations: options.migrations,
          }),
      }),
      ...(options.repositories?.length ? [TypeOrmModule.forFeature(options.repositories)] : []),
      AuthModule.forRoot({ publicKeyPem: config.jwtPublicKey }),
      EventsModule.forRoot({ service, transport: options.transport }),
      HealthModule,
      ...(options.imports ?? []),
    ],
    controllers: options.controllers ?? [],
    providers: [{ provide: config.constructor, useValue: config }, ...(options.providers ?? [])],
    exports: options.exports ?? [],
  };
}
