import { Logger } from '@nestjs/common';
import type { EventEnvelope } from './envelope';
import { eventsDeadLettered } from './metrics';
import type { DeadLetter, EventHandler, EventTransport, Subscription } from './transport';

interface Member {
  handler: EventHandler;
}

export interface InProcessTransportOptions {
  maxAttempts?: number;
  retryDelayMs?: number;
}

/**
 * The all-in-one transport: services of one process exchange events through memory. Durability
 * comes from the outbox (an event stays unpublished until every group took it) and idempotency
 * from each consumer's inbox. Delivery starts once `open()` is called, after every service of the
 * process subscribed, so no group misses an event published during start-up.
 */
export class InProcessTransport implements EventTransport {
  readonly system = 'in-process';
  private readonly groups = new Map<string, Map<string, Member[]>>();
  private readonly cursor = new Map<string, number>();
  private readonly logger = new Logger('InProcessTransport');
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private closing = false;
  private opened!: () => void;
  private readonly ready = new Promise<void>((resolve) => (this.opened = resolve));
  readonly deadLetters: DeadLetter[] = [];

  constructor(options: InProcessTransportOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? 100;
  }

  open(): void {
    this.opened();
  }

  async publish(topic: string, _key: string, envelope: EventEnvelope): Promise<void> {
    await this.ready;
    if (this.closing) throw new TransportClosedError();
    const byGroup = this.groups.get(topic);
    if (!byGroup) return;
    await Promise.all(
      [...byGroup.entries()].map(([group, members]) => this.deliver(topic, group, members, envelope)),
    );
  }

  async subscribe(group: string, topics: string[], handler: EventHandler): Promise<Subscription> {
    const member: Member = { handler };
    for (const topic of topics) {
      const byGroup = this.groups.get(topic) ?? new Map<string, Member[]>();
      byGroup.set(group, [...(byGroup.get(group) ?? []), member]);
      this.groups.set(topic, byGroup);
    }
    return {
      close: async () => {
        for (const topic of topics) {
          const byGroup = this.groups.get(topic);
          const left = (byGroup?.get(group) ?? []).filter((m) => m !== member);
          if (left.length > 0) byGroup?.set(group, left);
          else byGroup?.delete(group);
        }
      },
    };
  }

  /**
   * Stops delivering. A delivery under way when the process shuts down (its consumer's database
   * closing under it) ends as a failed publish, not as a dead letter: the publishing outbox then
   * keeps the event, and the next start delivers it (the consumer's inbox drops a repeat).
   */
  async close(): Promise<void> {
    this.closing = true;
    this.groups.clear();
  }

  private async deliver(topic: string, group: string, members: Member[], envelope: EventEnvelope) {
    let lastError = '';
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const turn = this.cursor.get(group) ?? 0;
      this.cursor.set(group, turn + 1);
      const member = members[turn % members.length];
      try {
        await member.handler(envelope);
        return;
      } catch (error) {
        if (this.closing) throw new TransportClosedError();
        lastError = error instanceof Error ? error.message : String(error);
        if (attempt < this.maxAttempts) await sleep(this.retryDelayMs * 2 ** (attempt - 1));
        if (this.closing) throw new TransportClosedError();
      }
    }
    const letter: DeadLetter = {
      group,
      topic,
      envelope,
      error: lastError,
      attempts: this.maxAttempts,
      failedAt: new Date().toISOString(),
    };
    this.deadLetters.push(letter);
    eventsDeadLettered.inc({ group, topic });
    if (this.deadLetters.length > 1000) this.deadLetters.shift();
    this.logger.error(`${envelope.type} ${envelope.id} for ${group} moved to ${topic}.dlq: ${lastError}`);
    const dlq = this.groups.get(`${topic}.dlq`);
    if (dlq) {
      const asEnvelope = { ...envelope, data: letter } as EventEnvelope;
      await Promise.all([...dlq.values()].map((m) => m[0].handler(asEnvelope).catch(() => undefined)));
    }
  }
}

/** Publishing on a transport that is closing: the event stays in its outbox. */
export class TransportClosedError extends Error {
  constructor() {
    super('The in-process transport is closed; the event stays in its outbox');
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
