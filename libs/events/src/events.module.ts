import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OutboxRelay, outboxRetentionHours } from './relay';
import { UnitOfWork } from './unit-of-work';
import type { EventTransport } from './transport';

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
export const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

export interface EventsModuleOptions {
  service: string;
  transport: EventTransport;
  relayIntervalMs?: number;
}

/** Runs the service's outbox relay for as long as the application lives. */
@Injectable()
class RelayLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(private readonly relay: OutboxRelay) {}

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  /** Before the DataSource closes (TypeORM closes it in onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }
}

/**
 * Wires a service to its event transport: the transport itself (for the consumer side, see
 * `EventsServer`), the outbox relay that publishes what the service commits, and the
 * `UnitOfWork` its writes run in.
 */
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        { provide: EVENT_TRANSPORT, useValue: options.transport },
        {
          provide: OutboxRelay,
          inject: [DataSource, EVENTS_OPTIONS],
          useFactory: (dataSource: DataSource, opts: EventsModuleOptions) =>
            new OutboxRelay(dataSource, opts.transport, {
              service: opts.service,
              intervalMs: opts.relayIntervalMs,
              retentionHours: outboxRetentionHours(),
            }),
        },
        RelayLifecycle,
        UnitOfWork,
      ],
      exports: [EVENT_TRANSPORT, OutboxRelay, UnitOfWork],
    };
  }
}

export const InjectTransport = () => Inject(EVENT_TRANSPORT);
