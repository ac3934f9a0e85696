import { randomUUID } from 'node:crypto';
import { context, propagation } from '@opentelemetry/api';

/** The W3C trace context of the write that produced an event (present only while tracing). */
export interface EventTraceContext {
  traceparent: string;
  tracestate?: string;
}

/** What travels on every topic: the fact, who caused it, for which campus, and when. */
export interface EventEnvelope<TData = unknown> {
  id: string;
  type: string;
  tenantId: number;
  occurredAt: string;
  actorId: number | null;
  data: TData;
  /**
   * The span that recorded the event (the request's, the handler's), so that its consumers'
   * handling joins that trace. Absent while tracing is off.
   */
  traceContext?: EventTraceContext;
}

/** The active span's trace context, or undefined (tracing off, or no span). */
function activeTraceContext(): EventTraceContext | undefined {
  const carrier: Partial<EventTraceContext> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? (carrier as EventTraceContext) : undefined;
}

export function createEnvelope<TData>(input: {
  type: string;
  tenantId: number;
  actorId?: number | null;
  data: TData;
}): EventEnvelope<TData> {
  const trace = activeTraceContext();
  return {
    id: randomUUID(),
    type: input.type,
    tenantId: input.tenantId,
    occurredAt: new Date().toISOString(),
    actorId: input.actorId ?? null,
    data: input.data,
    ...(trace ? { traceContext: trace } : {}),
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
