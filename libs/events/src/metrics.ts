import { Counter, Gauge, register } from 'prom-client';
import type { DataSource } from 'typeorm';

/**
 * The event pipeline's Prometheus metrics, in the process's registry (served with the rest by
 * the platform's `/metrics`): outbox backlog and relay lag per service, events published, events
 * dead-lettered, and — for transports that can tell — consumer lag per group and topic.
 */

const outboxes = new Map<string, DataSource>();

interface OutboxState {
  backlog: number;
  oldestSeconds: number;
}

async function outboxState(dataSource: DataSource): Promise<OutboxState> {
  const [row] = (await dataSource.query(
    `SELECT count(*)::int AS backlog,
            coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest
       FROM outbox WHERE published_at IS NULL`,
  )) as Array<{ backlog: number; oldest: number }>;
  return { backlog: row.backlog, oldestSeconds: row.oldest };
}

async function outboxStates(): Promise<Map<string, OutboxState>> {
  const states = new Map<string, OutboxState>();
  for (const [service, dataSource] of outboxes) {
    try {
      states.set(service, await outboxState(dataSource));
    } catch {
      // database away: the service's readiness probe says so; no sample rather than a wrong one
    }
  }
  return states;
}

new Gauge({
  name: 'lms_outbox_backlog',
  help: 'Committed events the relay has not published yet',
  labelNames: ['service'] as const,
  registers: [register],
  async collect() {
    this.reset();
    for (const [service, state] of await outboxStates()) this.set({ service }, state.backlog);
  },
});

new Gauge({
  name: 'lms_outbox_oldest_unpublished_seconds',
  help: 'Age of the oldest unpublished event (relay lag); 0 when the outbox is drained',
  labelNames: ['service'] as const,
  registers: [register],
  async collect() {
    this.reset();
    for (const [service, state] of await outboxStates()) this.set({ service }, state.oldestSeconds);
  },
});

/** Reports a service's outbox until the returned function is called. */
export function trackOutbox(service: string, dataSource: DataSource): () => void {
  outboxes.set(service, dataSource);
  return () => {
    if (outboxes.get(service) === dataSource) outboxes.delete(service);
  };
}

export const eventsPublished = new Counter({
  name: 'lms_events_published_total',
  help: 'Events the outbox relay handed to the transport',
  labelNames: ['service', 'topic'] as const,
  registers: [register],
});

export const eventsDeadLettered = new Counter({
  name: 'lms_events_dead_lettered_total',
  help: 'Events a consumer group gave up on after its retries, sent to <topic>.dlq',
  labelNames: ['group', 'topic'] as const,
  registers: [register],
});

/** What a transport knows of its consumers' lag (Kafka: end offset − committed offset). */
export interface ConsumerLag {
  group: string;
  topic: string;
  lag: number;
}

const lagSources = new Set<() => Promise<ConsumerLag[]>>();

new Gauge({
  name: 'lms_events_consumer_lag',
  help: 'Events on a topic not yet consumed by a group (summed over partitions)',
  labelNames: ['group', 'topic'] as const,
  registers: [register],
  async collect() {
    this.reset();
    for (const source of lagSources) {
      for (const { group, topic, lag } of await source().catch(() => [])) this.set({ group, topic }, lag);
    }
  },
});

/** A transport reports its consumers' lag until the returned function is called. */
export function trackConsumerLag(source: () => Promise<ConsumerLag[]>): () => void {
  lagSources.add(source);
  return () => lagSources.delete(source);
}
