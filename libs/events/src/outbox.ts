import type { EntityManager } from 'typeorm';
import { assertEventData, type EventDataMap, type EventType } from './catalogue';
import { createEnvelope, topicOf, type EventEnvelope } from './envelope';
import { OutboxEvent } from './outbox.entity';

/** An outbox row as {@link recordEvent} writes it. */
export interface OutboxRow<T extends EventType> {
  id: string;
  topic: string;
  type: T;
  partitionKey: string;
  envelope: EventEnvelope<EventDataMap[T]>;
}

/**
 * The outbox row of an event, checked against its contract, for a statement that inserts it
 * together with the state change it describes (one round trip: `UnitOfWork.statement`).
 */
export function outboxRow<T extends EventType>(
  type: T,
  input: { tenantId: number; actorId?: number | null; key: string | number; data: EventDataMap[T] },
): OutboxRow<T> {
  assertEventData(type, input.data);
  const envelope = createEnvelope({
    type,
    tenantId: input.tenantId,
    actorId: input.actorId,
    data: input.data,
  });
  return { id: envelope.id, topic: topicOf(type), type, partitionKey: String(input.key), envelope };
}

/**
 * Writes an event into the outbox inside the caller's transaction: the event exists if and only
 * if the state change it describes was committed. The relay publishes it afterwards, in the order
 * the rows were written: record an aggregate's event after the change that locks its row, so
 * two transactions changing one aggregate write its events in the order they change it.
 */
export async function recordEvent<T extends EventType>(
  manager: EntityManager,
  type: T,
  input: { tenantId: number; actorId?: number | null; key: string | number; data: EventDataMap[T] },
): Promise<EventEnvelope<EventDataMap[T]>> {
  const row = outboxRow(type, input);
  await manager.insert(OutboxEvent, { ...row, publishedAt: null });
  return row.envelope;
}
