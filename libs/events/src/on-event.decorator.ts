import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventDataMap, EventType } from './catalogue';
import type { EventEnvelope } from './envelope';
import type { EventContext } from './events.server';

/** The envelope of an event of this type, its data typed by the catalogue. */
export type EventOf<T extends EventType> = EventEnvelope<EventDataMap[T]>;

type EventHandlerMethod<T extends EventType> = (
  event: EventOf<T>,
  context: EventContext,
) => Promise<void> | void;

/**
 * Marks `handle(event, context)` as the service's handler of one event type, served by
 * `EventsServer` (inbox row and effect in one transaction). The method must accept that type's
 * envelope, so the payload type follows from the event name:
 * `@OnEvent('identity.user.upserted') async handle(event: EventOf<'identity.user.upserted'>, context: EventContext)`.
 */
export function OnEvent<T extends EventType>(type: T) {
  return <M extends EventHandlerMethod<T>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
    EventPattern(type)(target, key, descriptor);
  };
}
