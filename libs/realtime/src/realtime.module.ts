import { type DynamicModule, type FactoryProvider, Module, type ModuleMetadata } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TokenVerifier } from '@lms/auth';
import { Realtime, type RealtimeOptions } from './realtime';

const REALTIME_OPTIONS = Symbol('lms:realtime-options');

const realtimeProvider: FactoryProvider<Realtime> = {
  provide: Realtime,
  useFactory: (options: RealtimeOptions, verifier: TokenVerifier, adapterHost: HttpAdapterHost) =>
    new Realtime(options, verifier, adapterHost),
  inject: [REALTIME_OPTIONS, TokenVerifier, HttpAdapterHost],
};

/**
 * socket.io on the service's HTTP server at `options.path` (see `Realtime`). Needs the
 * `TokenVerifier` of `AuthModule.forRoot` (global). Global itself: any provider of the service
 * injects `Realtime` to emit.
 */
@Module({})
export class RealtimeModule {
  static forRoot(options: RealtimeOptions): DynamicModule {
    return {
      module: RealtimeModule,
      global: true,
      providers: [{ provide: REALTIME_OPTIONS, useValue: options }, realtimeProvider],
      exports: [Realtime],
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
        realtimeProvider,
      ],
      exports: [Realtime],
    };
  }
}
