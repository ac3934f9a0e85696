import { randomUUID } from 'node:crypto';

/** What travels on every topic: the fact, who caused it, for which campus, and when. */
export interface EventEnvelope<TData = unknown> {
  id: string;
  type: string;
  tenantId: number;
  occurredAt: string;
  actorId: number | null;
  data: TData;
}

export function createEnvelope<TData>(input: {
  type: string;
  tenantId: number;
  actorId?: number | null;
  data: TData;
}): EventEnvelope<TData> {
  return {
    id: randomUUID(),
    type: input.type,
    tenantId: input.tenantId,
    occurredAt: new Date().toISOString(),
    actorId: input.actorId ?? null,
    data: input.data,
  };
}

/** `identity.user.upserted` lives on topic `identity.user`: service and aggregate. */
export function topicOf(eventType: string): string {
  const parts = eventType.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) {
    throw new Error(`Event type "${eventType}" is not <service>.<aggregate>.<past-tense verb>`);
  }
  return `${parts[0]}.${parts[1]}`;
}
