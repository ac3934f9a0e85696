import { EventEmitter } from 'node:events';
import type { INestApplication, WebSocketAdapter } from '@nestjs/common';
import { EXCEPTION_FILTERS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { GATEWAY_METADATA } from '@nestjs/websockets/constants';
import { RealtimeAdapter } from './realtime.adapter';
import { SocketExceptionFilter } from './socket-errors';

/**
 * Serves the application's `@WebSocketGateway` classes with the `RealtimeAdapter` of its
 * `RealtimeModule`, each gateway answering its errors with `SocketExceptionFilter` (after its own
 * filters). Called by `createServiceApp` before the application initialises. A gateway in an
 * application without `RealtimeModule` is a wiring fault: Nest would serve it unauthenticated.
 */
export function useRealtimeAdapter(app: INestApplication): void {
  const gateways = new Set<object>();
  let adapter: RealtimeAdapter | undefined;
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.providers.values()) {
      if (wrapper.token === RealtimeAdapter) adapter = wrapper.instance as RealtimeAdapter;
      else if (wrapper.metatype && Reflect.hasMetadata(GATEWAY_METADATA, wrapper.metatype))
        gateways.add(wrapper.metatype);
    }
  }
  if (!adapter) {
    if (gateways.size === 0) return;
    const names = [...gateways].map((gateway) => (gateway as { name: string }).name).join(', ');
    throw new Error(
      `${names}: a @WebSocketGateway needs RealtimeModule.forRoot(...) in the service's module`,
    );
  }
  for (const gateway of gateways) {
    const filters: unknown[] = Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, gateway) ?? [];
    if (filters.some((filter) => filter instanceof SocketExceptionFilter)) continue;
    // Nest tries a class's filters from the last declared to the first: the fallback goes first.
    Reflect.defineMetadata(EXCEPTION_FILTERS_METADATA, [new SocketExceptionFilter(), ...filters], gateway);
  }
  app.useWebSocketAdapter(adapter);
}

/**
 * The WebSocket adapter of a Nest context that must serve no socket: the events microservice
 * connected to a service's application. Nest's microservice connects every `@WebSocketGateway` of
 * the shared container again, and without an adapter of its own it would start socket.io on a
 * random port of its own, serving the gateways unauthenticated; with this one it serves nothing
 * (the application's `RealtimeAdapter` serves them).
 */
export class InertSocketAdapter implements WebSocketAdapter {
  create(): EventEmitter {
    return new EventEmitter();
  }

  bindClientConnect(): void {}

  bindMessageHandlers(): void {}

  close(): void {}
}
