import { Logger } from '@nestjs/common';
import { type Admin, type Consumer, Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import type { EventEnvelope } from './envelope';
import { type ConsumerLag, eventsDeadLettered, trackConsumerLag } from './metrics';
import type { DeadLetter, EventHandler, EventTransport, Subscription } from './transport';

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of every topic this transport creates (the unit of consumer parallelism). */
  partitions?: number;
  replicationFactor?: number;
  maxAttempts?: number;
  retryDelayMs?: number;
  /** Partitions one consumer works on at once; order is kept within a partition. */
  partitionsConsumedConcurrently?: number;
}

/**
 * kafkajs lines that are not problems here: a topic another process created first (the
 * connection logs "Topic creation errors"; createTopics itself still throws on any other error,
 * which the caller sees); the warning
 * that bounded producer retries weaken exactly-once (the consumers' inboxes make delivery
 * idempotent; the relay retries what failed).
 */
const QUIET = [/Topic creation errors/, /Limiting retries for the idempotent producer/];

/** Runs `step` again while it fails with an error kafkajs marks retriable (at most ~10 s). */
async function whileRetriable(step: () => Promise<void>, attempts = 20): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!(error as { retriable?: boolean }).retriable || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Kafka behind the events port. Producer: idempotent, acks from all in-sync replicas, one
 * request in flight, keys = aggregate ids so one aggregate's events keep their order.
 * Consumers: one group per service, offsets committed only after the handler (and so its
 * inbox row) committed, bounded retries, then `<topic>.dlq` carrying the error. The stock Nest
 * Kafka transport handles one message per topic at a time and can miss heartbeats; this one
 * consumes batches per partition with heartbeats between messages.
 */
export class KafkaTransport implements EventTransport {
  readonly system = 'kafka';
  private readonly kafka: Kafka;
  private readonly logger = new Logger('KafkaTransport');
  private producer: Producer | null = null;
  private admin: Admin | null = null;
  private readonly knownTopics = new Set<string>();
  private readonly consumers = new Set<Consumer>();
  private readonly lagReports = new Set<() => void>();

  constructor(private readonly options: KafkaTransportOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 5_000 },
      logCreator: () => (entry) => {
        if (QUIET.some((pattern) => pattern.test(`${entry.log.message} ${String(entry.log.error ?? '')}`)))
          return;
        const text = `${entry.namespace}: ${entry.log.message}`;
        if (entry.level <= logLevel.ERROR) this.logger.error(text);
        else this.logger.warn(text);
      },
    });
  }

  async publish(topic: string, key: string, envelope: EventEnvelope): Promise<void> {
    await this.ensureTopics([topic]);
    const producer = await this.getProducer();
    await producer.send({
      topic,
      acks: -1,
      messages: [{ key, value: JSON.stringify(envelope), headers: { type: envelope.type } }],
    });
  }

  async subscribe(group: string, topics: string[], handler: EventHandler): Promise<Subscription> {
    await this.ensureTopics(topics.flatMap((topic) => [topic, `${topic}.dlq`]));
    const consumer = this.kafka.consumer({
      groupId: group,
      sessionTimeout: 30_000,
      heartbeatInterval: 3_000,
      retry: { retries: 10 },
    });
    await consumer.connect();
    // A topic another process has just created may not have its leaders yet: the broker answers
    // "does not host this topic-partition" (retriable) until it has; wait for it rather than fail.
    for (const topic of topics)
      await whileRetriable(() => consumer.subscribe({ topic, fromBeginning: true }));
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 3,
      eachBatch: async ({
        batch,
        resolveOffset,
        heartbeat,
        commitOffsetsIfNecessary,
        isRunning,
        isStale,
      }) => {
        for (const message of batch.messages) {
          if (!isRunning() || isStale()) break;
          const envelope = JSON.parse(message.value?.toString() ?? 'null') as EventEnvelope;
          await this.handleWithRetries(group, batch.topic, envelope, handler, heartbeat);
          resolveOffset(message.offset);
          await commitOffsetsIfNecessary({
            topics: [
              {
                topic: batch.topic,
                partitions: [{ partition: batch.partition, offset: String(Number(message.offset) + 1) }],
              },
            ],
          });
          await heartbeat();
        }
      },
    });
    this.consumers.add(consumer);
    const untrack = trackConsumerLag(() => this.lagOf(group, topics));
    this.lagReports.add(untrack);
    return {
      close: async () => {
        untrack();
        this.lagReports.delete(untrack);
        this.consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  }

  async close(): Promise<void> {
    for (const untrack of this.lagReports) untrack();
    this.lagReports.clear();
    await Promise.all([...this.consumers].map((consumer) => consumer.disconnect()));
    this.consumers.clear();
    await this.producer?.disconnect();
    await this.admin?.disconnect();
    this.producer = null;
    this.admin = null;
  }

  private async handleWithRetries(
    group: string,
    topic: string,
    envelope: EventEnvelope,
    handler: EventHandler,
    heartbeat: () => Promise<void>,
  ) {
    const maxAttempts = this.options.maxAttempts ?? 5;
    let lastError = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      try {
        await handler(envelope);
        return;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        if (attempt < maxAttempts) {
          await new Promise((resolve) =>
            setTimeout(resolve, (this.options.retryDelayMs ?? 200) * 2 ** (attempt - 1)),
          );
          await heartbeat();
        }
      }
    }
    this.logger.error(`${envelope.type} ${envelope.id} for ${group} moved to ${topic}.dlq: ${lastError}`);
    eventsDeadLettered.inc({ group, topic });
    const letter: DeadLetter = {
      group,
      topic,
      envelope,
      error: lastError,
      attempts: maxAttempts,
      failedAt: new Date().toISOString(),
    };
    const producer = await this.getProducer();
    await producer.send({
      topic: `${topic}.dlq`,
      acks: -1,
      messages: [
        {
          key: envelope.id,
          value: JSON.stringify({ ...envelope, data: letter }),
          headers: { type: envelope.type, group, error: lastError.slice(0, 500) },
        },
      ],
    });
  }

  private async getProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        createPartitioner: Partitioners.DefaultPartitioner,
        allowAutoTopicCreation: false,
      });
      await producer.connect();
      this.producer = producer;
    }
    return this.producer;
  }

  private async getAdmin(): Promise<Admin> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    return this.admin;
  }

  /**
   * A group's lag per topic: the partitions' end offsets less its committed offsets (from the
   * start of the partition while nothing is committed). Asked of the broker at each scrape, so a
   * stuck consumer shows a growing lag; a broker that does not answer in 3 s gives no sample.
   */
  private async lagOf(group: string, topics: string[]): Promise<ConsumerLag[]> {
    const ask = async () => {
      const admin = await this.getAdmin();
      const committed = await admin.fetchOffsets({ groupId: group, topics });
      return Promise.all(
        committed.map(async ({ topic, partitions }) => {
          const ends = await admin.fetchTopicOffsets(topic);
          let lag = 0;
          for (const end of ends) {
            const at = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
            lag += Math.max(0, Number(end.high) - (at < 0 ? Number(end.low) : at));
          }
          return { group, topic, lag };
        }),
      );
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Kafka did not answer the lag query in 3 s')), 3_000);
    });
    try {
      return await Promise.race([ask(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Creates missing topics with explicit partitions (auto-creation would use broker defaults). */
  private async ensureTopics(topics: string[]) {
    const missing = topics.filter((topic) => !this.knownTopics.has(topic));
    if (missing.length === 0) return;
    const admin = await this.getAdmin();
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: this.options.partitions ?? 6,
        replicationFactor: this.options.replicationFactor ?? 1,
      })),
    });
    for (const topic of missing) this.knownTopics.add(topic);
  }
}
