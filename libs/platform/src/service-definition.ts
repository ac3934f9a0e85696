import { Logger, type DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource, type EntitySchema, type MixedList } from 'typeorm';
import { EventHandlerErrors, EventsServer, type EventTransport } from '@lms/events';
import { InertSocketAdapter } from '@lms/realtime';
import { z } from 'zod';
import { readEnv, variable } from './config';
import { type OpenApiDocumentOptions, serveOpenApi } from './openapi';
import { createServiceApp } from './service-app';
import type { ServiceConfigBase } from './service-module';
import { closeOnSignals, kafkaTransportFromEnv } from './stack';
import { exitOnStartupFailure } from './startup';
import { startTracing, tracerOf } from './tracing';

/** The demo campus being seeded: each service's seed reads what the earlier ones gave. */
export interface DemoSeed {
  /** Host of the demo campus (`localhost`). */
  domain: string;
  /** Password of every demo account. */
  password: string;
  /** The demo campus's id, once identity made it. */
  tenantId?: number;
  /** How long a seed may wait for what other services send it by event. */
  patienceMs: number;
}

/**
 * Runs a demo seed that waits for other services' data to arrive by event: `seed(tenantId)` again
 * every 200 ms while it throws, until `demo.patienceMs` have passed (then its last error).
 */
export async function seedWhenReady(
  service: string,
  demo: DemoSeed,
  seed: (tenantId: number) => Promise<unknown>,
): Promise<void> {
  if (demo.tenantId === undefined)
    throw new Error(`${service}: the demo seed needs the demo campus (identity first)`);
  const deadline = Date.now() + demo.patienceMs;
  for (;;) {
    try {
      await seed(demo.tenantId);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export interface ServiceStartOptions {
  logLevel?: string;
  /** Listen address: 127.0.0.1 (all-in-one, tests) unless given. */
  host?: string;
}

/**
 * Everything the platform needs to know about a domain service, exported once by the service
 * (`services/<name>/src/service.ts`) and listed in `services/all-in-one/src/registry.ts`, which
 * `npm start` (all-in-one), `npm run stack` (scripts/stack.mjs) and the end-to-end tests read.
 */
export interface ServiceDefinition<C extends ServiceConfigBase = ServiceConfigBase> {
  /** Lower-case name: `lms_<name>` database, `<NAME>_URL` at the gateway, log field. */
  name: string;
  /** The port it listens on when PORT is unset (containers: compose and k8s). */
  defaultPort: number;
  /** Its configuration from the environment; throws naming every missing or malformed variable. */
  config(env?: NodeJS.ProcessEnv): C;
  /** Its app module (built with `serviceModule`). */
  module(config: C, transport: EventTransport): DynamicModule;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity list type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own migration list type
  migrations: Function[];
  /** Its OpenAPI document (`/openapi.json`) beyond what its controllers declare (title: its name). */
  openApi?: Omit<OpenApiDocumentOptions, 'title'>;
  /** Fastify plugins and raw routes registered before it listens (uploads, say). */
  configure?(app: NestFastifyApplication, config: C): Promise<void> | void;
  /**
   * Its part of the demo campus (`SEED_DEMO`): runs in registry order, after the service
   * listens; what it returns is added to the seed for the services after it.
   */
  seedDemo?(app: NestFastifyApplication, demo: DemoSeed): Promise<Partial<DemoSeed> | void>;
  /**
   * The part of its demo data that needs what the services after it seeded to have reached it by
   * event (a projection of their demo data): runs once every service's `seedDemo` is done
   * (all-in-one), or right after its own (stack mode, where the others seed in their processes),
   * waiting up to `demo.patienceMs` for those events.
   */
  seedDemoLast?(app: NestFastifyApplication, demo: DemoSeed): Promise<void>;
}

/** Typed identity: `export const demoService = defineService({ ... })`. */
export function defineService<C extends ServiceConfigBase>(
  definition: ServiceDefinition<C>,
): ServiceDefinition<C> {
  return definition;
}

/** Builds and starts a service on `config.port` (0 = any free port), events on `transport`. */
export async function startService<C extends ServiceConfigBase>(
  definition: ServiceDefinition<C>,
  config: C,
  transport: EventTransport,
  options: ServiceStartOptions = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(definition.module(config, transport), {
    name: definition.name,
    logLevel: options.logLevel,
    forwarding: config.forwarding,
  });
  serveOpenApi(app, { title: definition.name, ...definition.openApi });
  await definition.configure?.(app, config);
  // Deferred: the handlers are wired when it listens, after its filter is registered.
  app
    .connectMicroservice(
      {
        strategy: new EventsServer(transport, app.get(DataSource), definition.name, {
          tracer: tracerOf(definition.name),
        }),
      },
      { deferInitialization: true },
    )
    .useGlobalFilters(new EventHandlerErrors())
    // its own socket.io would serve the service's gateways again, elsewhere (InertSocketAdapter)
    .useWebSocketAdapter(new InertSocketAdapter());
  await app.startAllMicroservices();
  await app.listen({ port: config.port, host: options.host ?? '127.0.0.1' });
  return app;
}

/**
 * A service's stack-mode entry point (`services/<name>/src/main.ts`): configuration from the
 * environment, events on Kafka, listening on all addresses, closed on SIGTERM/SIGINT, the demo
 * campus seeded when SEED_DEMO is set (DEMO_DOMAIN, DEMO_PASSWORD, DEMO_TENANT_ID), traces exported
 * when an OTLP endpoint is configured (`tracing.ts`). A start-up failure prints its cause and fix
 * and exits with status 1.
 */
export function runService<C extends ServiceConfigBase>(definition: ServiceDefinition<C>): void {
  let port: number | undefined;
  const run = async () => {
    startTracing({ process: definition.name });
    const config = definition.config();
    port = config.port;
    const transport = kafkaTransportFromEnv(definition.name);
    const demo = readEnv(
      definition.name,
      z.object({
        SEED_DEMO: variable.flag(),
        DEMO_DOMAIN: variable.string('localhost'),
        DEMO_PASSWORD: variable.string('lms-demo'),
        DEMO_TENANT_ID: variable.int(1, { min: 1 }),
      }),
    );
    const app = await startService(definition, config, transport, { host: '0.0.0.0' });
    closeOnSignals(app, transport, definition.name);
    if (demo.SEED_DEMO) {
      const seed: DemoSeed = {
        domain: demo.DEMO_DOMAIN,
        password: demo.DEMO_PASSWORD,
        tenantId: demo.DEMO_TENANT_ID,
        patienceMs: 10 * 60_000,
      };
      try {
        await definition.seedDemo?.(app, seed);
        await definition.seedDemoLast?.(app, seed);
      } catch (error) {
        new Logger(definition.name).error(`demo data not seeded: ${String(error)}`);
      }
    }
  };
  run().catch(exitOnStartupFailure(definition.name, () => ({ ports: { PORT: port } })));
}
