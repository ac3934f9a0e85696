import type { EntityManager } from 'typeorm';
import { assertEventData, type EventDataMap, type EventType } from './catalogue';
import { createEnvelope, topicOf, type EventEnvelope } from './envelope';
import { OutboxEvent } from './outbox.entity';

/**
 * Writes an event into the outbox inside the caller's transaction: the event exists if and only
 * if the state change it describes was committed. The relay publishes it afterwards.
 */
export async function recordEvent<T extends EventType>(
  manager: EntityManager,
  type: T,
  input: { tenantId: number; actorId?: number | null; key: string | number; data: EventDataMap[T] },
): Promise<EventEnvelope<EventDataMap[T]>> {
  assertEventData(type, input.data);
  const envelope = createEnvelope({
    type,
    tenantId: input.tenantId,
    actorId: input.actorId,
    data: input.data,
  });
  await manager.insert(OutboxEvent, {
    id: envelope.id,
    topic: topicOf(type),
    type,
    partitionKey: String(input.key),
    envelope,
    publishedAt: null,
  });
  return envelope;
}
