import { type ArgumentsHost, Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import {
  type Attributes,
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import { lastValueFrom, type Observable, throwError } from 'rxjs';
import type { DataSource, EntityManager } from 'typeorm';
import { assertEventData, isKnownEventType } from './catalogue';
import { topicOf, type EventEnvelope } from './envelope';
import type { EventTransport, Subscription } from './transport';

/** What an `@OnEvent` handler receives as its context (`@Ctx()`). */
export class EventContext {
  constructor(
    readonly envelope: EventEnvelope,
    /** The transaction in which the inbox row is written: apply the effect through it. */
    readonly manager: EntityManager,
  ) {}
}

export interface EventsServerOptions {
  /**
   * The service's tracer while tracing is on: each handling of an event is a consumer span, child
   * of the span that recorded the event (`envelope.traceContext`), or a new trace without one.
   */
  tracer?: Tracer;
}

/**
 * Lets a handler's error reach the transport as it was thrown. Nest's default filter replaces it
 * with `{status: 'error', message: 'Internal server error'}`, so retries and dead letters could not
 * say why. Registered on the events server by `startService`.
 */
@Catch()
export class EventHandlerErrors implements RpcExceptionFilter {
  catch(error: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => error);
  }
}

/**
 * Serves the `@OnEvent` handlers of one service from an {@link EventTransport}.
 * Each event is applied exactly once per service: the inbox row and the handler's effect are
 * written in one transaction, so a redelivered event finds its row and is skipped.
 * Fails fast at start-up on a handler for an unknown event type or two handlers for one type.
 */
export class EventsServer extends Server implements CustomTransportStrategy {
  private subscription: Subscription | null = null;
  private readonly log: Logger;

  constructor(
    private readonly transport: EventTransport,
    private readonly dataSource: DataSource,
    private readonly group: string,
    private readonly options: EventsServerOptions = {},
  ) {
    super();
    this.log = new Logger(`EventsServer(${group})`);
  }

  async listen(callback: (...optionalParams: unknown[]) => void): Promise<void> {
    const handlers = this.getHandlers();
    for (const [pattern, handler] of handlers) {
      if (!isKnownEventType(pattern))
        throw new Error(`${this.group}: handler for unknown event "${pattern}"`);
      if (!handler.isEventHandler) throw new Error(`${this.group}: "${pattern}" must use @OnEvent`);
      if (handler.next) throw new Error(`${this.group}: two handlers for "${pattern}"`);
    }
    const topics = [...new Set([...handlers.keys()].map(topicOf))];
    if (topics.length > 0) {
      const tracer = this.options.tracer;
      this.subscription = await this.transport.subscribe(this.group, topics, async (envelope) => {
        if (tracer) await this.applyInSpan(tracer, envelope);
        else await this.apply(envelope);
      });
    }
    callback();
  }

  async close(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
  }

  on(): void {
    throw new Error('EventsServer has no status events');
  }

  unwrap<T>(): T {
    return this.transport as T;
  }

  /** `apply` in a consumer span (messaging semantic conventions: `process <topic>`). */
  private async applyInSpan(tracer: Tracer, envelope: EventEnvelope): Promise<void> {
    if (!this.getHandlers().has(envelope.type)) return;
    // Only the event's own context: never the ambient one of whatever delivered it (the
    // in-process relay runs in the context of the request whose commit nudged it).
    const parent = envelope.traceContext
      ? propagation.extract(ROOT_CONTEXT, envelope.traceContext)
      : ROOT_CONTEXT;
    const topic = topicOf(envelope.type);
    const attributes: Attributes = {
      'messaging.system': this.transport.system ?? 'unknown',
      'messaging.operation.type': 'process',
      'messaging.destination.name': topic,
      'messaging.consumer.group.name': this.group,
      'messaging.message.id': envelope.id,
      'lms.event.type': envelope.type,
      'lms.tenant.id': envelope.tenantId,
    };
    const span = tracer.startSpan(`process ${topic}`, { kind: SpanKind.CONSUMER, attributes }, parent);
    try {
      const applied = await context.with(trace.setSpan(parent, span), () => this.apply(envelope));
      if (!applied) span.setAttribute('lms.event.duplicate', true);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : undefined,
      });
      throw error;
    } finally {
      span.end();
    }
  }

  /** Applies the event once: false when this service had applied it already (a redelivery). */
  private async apply(envelope: EventEnvelope): Promise<boolean> {
    const handler: MessageHandler | undefined = this.getHandlers().get(envelope.type);
    if (!handler) return false;
    assertEventData(envelope.type, envelope.data);
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO inbox (event_id, consumer) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [envelope.id, this.group],
      );
      if (inserted.length === 0) {
        this.log.debug(`skipping duplicate ${envelope.type} ${envelope.id}`);
        return false;
      }
      const result = await handler(envelope, new EventContext(envelope, manager));
      await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
      return true;
    });
  }
}
