import { type DynamicModule, type FactoryProvider, Module, type ModuleMetadata } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TokenVerifier } from '@lms/auth';
import { RealtimeAdapter, type RealtimeOptions } from './realtime.adapter';
import { RealtimeEmitter } from './realtime.emitter';

const REALTIME_OPTIONS = Symbol('lms:realtime-options');

const adapterProvider: FactoryProvider<RealtimeAdapter> = {
  provide: RealtimeAdapter,
  useFactory: (options: RealtimeOptions, verifier: TokenVerifier, adapterHost: HttpAdapterHost) =>
    new RealtimeAdapter(options, verifier, adapterHost),
  inject: [REALTIME_OPTIONS, TokenVerifier, HttpAdapterHost],
};

/**
 * Sockets for a service: its `@WebSocketGateway()` classes served by `RealtimeAdapter` at
 * `options.path` (installed by `createServiceApp` of `@lms/platform`), and `RealtimeEmitter` for
 * any provider to emit. Needs the `TokenVerifier` of `AuthModule.forRoot` (global). Global itself.
 */
@Module({})
export class RealtimeModule {
  static forRoot(options: RealtimeOptions): DynamicModule {
    return {
      module: RealtimeModule,
      global: true,
      providers: [{ provide: REALTIME_OPTIONS, useValue: options }, adapterProvider, RealtimeEmitter],
      exports: [RealtimeAdapter, RealtimeEmitter],
    };
  }

  /** Options from the service's own providers (its campus lookup, its configuration). */
  static forRootAsync(options: {
    imports?: ModuleMetadata['imports'];
    inject?: FactoryProvider['inject'];
    useFactory: (...deps: never[]) => RealtimeOptions | Promise<RealtimeOptions>;
  }): DynamicModule {
    return {
      module: RealtimeModule,
      global: true,
      imports: options.imports ?? [],
      providers: [
        { provide: REALTIME_OPTIONS, useFactory: options.useFactory, inject: options.inject ?? [] },
        adapterProvider,
        RealtimeEmitter,
      ],
      exports: [RealtimeAdapter, RealtimeEmitter],
    };
  }
}
