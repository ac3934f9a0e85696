import type { EventEnvelope } from './envelope';

export type EventHandler = (envelope: EventEnvelope) => Promise<void>;

export interface Subscription {
  close(): Promise<void>;
}

/**
 * The port every event transport implements (in-process for all-in-one mode, Kafka for the
 * stack). `publish` resolves once the transport has taken responsibility for the event.
 * `subscribe` joins a consumer group: each event of the topics reaches one member of each group.
 * A handler that keeps failing after the transport's bounded retries sends the event to
 * `<topic>.dlq` with the error.
 */
export interface EventTransport {
  /** `messaging.system` of the consumer spans: `kafka`, `in-process`. */
  readonly system?: string;
  publish(topic: string, key: string, envelope: EventEnvelope): Promise<void>;
  subscribe(group: string, topics: string[], handler: EventHandler): Promise<Subscription>;
  close(): Promise<void>;
}

export interface DeadLetter {
  group: string;
  topic: string;
  envelope: EventEnvelope;
  error: string;
  attempts: number;
  failedAt: string;
}
