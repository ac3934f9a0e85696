import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import type { PlatformRole } from '@lms/auth';
import {
  createEnvelope,
  type EventDataMap,
  type EventEnvelope,
  type EventOf,
  type EventType,
  InProcessTransport,
  topicOf,
} from '@lms/events';
import { type ServiceConfigBase, type ServiceDefinition, startService } from '@lms/platform';
import { createTestDatabase } from './database';
import { EVENT_FACTORIES } from './factories';
import { ApiClient } from './http';
import { createTestIssuer, mintToken } from './tokens';

/** Who a token is minted for: any user of any campus. */
export interface TestUser {
  id: number;
  tenantId: number;
  role: PlatformRole;
}

export interface HarnessOptions {
  /**
   * An in-process transport shared with other harnesses, so their services exchange events as
   * in `npm start` (one opened by a harness's start; the test closes it after the last stop).
   */
  transport?: InProcessTransport;
}

/** A user as the services other than identity know them: `identity.user.upserted` and its campus. */
export type ProjectedUser = EventDataMap['identity.user.upserted'] & { tenantId: number };

/**
 * One domain service of the registry (its `ServiceDefinition`) started for a test file: a fresh
 * database on the run's real PostgreSQL with the service's migrations applied, events on an
 * in-process transport, HTTP on a free loopback port, tokens signed by a key pair of the test's
 * own, and factories for what the service learns from other services' events.
 *
 *     const h = new ServiceHarness(courseService, { MAX_UPLOAD_MB: '1' });
 *     beforeAll(() => h.start());
 *     afterAll(() => h.stop());
 *     const lecturer = await h.given.user(1, 'lecturer');
 *     const response = await (await h.as(lecturer)).get('/api/course/courses');
 */
export class ServiceHarness<C extends ServiceConfigBase = ServiceConfigBase> {
  readonly issuer = createTestIssuer();
  /** Its events' transport: its own, or one shared with other harnesses (services of one platform). */
  readonly transport: InProcessTransport;
  /** The INTERNAL_TOKEN the service is given (the gateway's proof, internal routes). */
  readonly internalToken = randomBytes(24).toString('base64url');
  /** DATA_DIR of the service (local-disk blobs, secrets): a fresh directory per harness. */
  readonly dataDir = mkdtempSync(join(tmpdir(), 'lms-harness-'));
  app!: NestFastifyApplication;
  ds!: DataSource;
  config!: C;
  /** `http://127.0.0.1:<port>` of the running service. */
  baseUrl!: string;
  /** Requests without a token; `as(user)` adds one. */
  api!: ApiClient;
  private db!: Awaited<ReturnType<typeof createTestDatabase>>;
  /** Ids of the things the factories make: unique within the harness. */
  private sequence = 1000;

  constructor(
    readonly definition: ServiceDefinition<C>,
    /** Environment beyond what the harness sets (DATABASE_URL, JWT_PUBLIC_KEY, INTERNAL_TOKEN, PORT, DATA_DIR). */
    private readonly env: Record<string, string> = {},
    options: HarnessOptions = {},
  ) {
    this.transport = options.transport ?? new InProcessTransport();
    this.ownsTransport = options.transport === undefined;
  }

  private readonly ownsTransport: boolean;

  async start(): Promise<this> {
    this.db = await createTestDatabase(this.definition.name);
    this.config = this.definition.config({
      DATABASE_URL: this.db.url,
      JWT_PUBLIC_KEY: this.issuer.publicKeyPem,
      INTERNAL_TOKEN: this.internalToken,
      PORT: '0',
      DATA_DIR: this.dataDir,
      ...this.env,
    });
    this.app = await startService(this.definition, this.config, this.transport, {
      logLevel: process.env.TEST_LOG_LEVEL ?? 'error',
    });
    this.transport.open();
    this.ds = this.app.get(DataSource);
    const address = this.app.getHttpServer().address();
    if (!address || typeof address === 'string') throw new Error(`${this.definition.name} is not on TCP`);
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    this.api = new ApiClient(this.baseUrl);
    return this;
  }

  async stop(): Promise<void> {
    await this.app?.close();
    if (this.ownsTransport) await this.transport.close();
    await this.db?.drop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** A fresh id for a factory's row or event. */
  nextId(): number {
    return this.sequence++;
  }

  /** An access token of the user (their role and campus), as the gateway would sign it. */
  token(user: TestUser): Promise<string> {
    return mintToken(this.issuer, { userId: user.id, role: user.role, tenantId: user.tenantId });
  }

  /** The HTTP client with the user's token. */
  async as(user: TestUser): Promise<ApiClient> {
    return this.api.as(await this.token(user));
  }

  /** Events of a type the service wrote to its outbox (committed with their change), in the order they were written. */
  async events<T extends EventType>(type: T): Promise<Array<EventOf<T>>> {
    const rows: Array<{ envelope: EventOf<T> }> = await this.ds.query(
      `SELECT envelope FROM outbox WHERE type = $1 ORDER BY seq`,
      [type],
    );
    return rows.map((row) => row.envelope);
  }

  /**
   * Hands an envelope to the service as its transport would (again, if it was delivered before)
   * and tells whether the service has applied it: its inbox holds the event. A handler that kept
   * failing is thrown with its error.
   */
  async deliver(envelope: EventEnvelope): Promise<boolean> {
    await this.transport.publish(topicOf(envelope.type), String(envelope.tenantId), envelope);
    const dead = this.transport.deadLetters.find((letter) => letter.envelope.id === envelope.id);
    if (dead) throw new Error(`${this.definition.name} failed to apply ${envelope.type}: ${dead.error}`);
    const applied: unknown[] = await this.ds.query(
      `SELECT 1 FROM inbox WHERE event_id = $1 AND consumer = $2`,
      [envelope.id, this.definition.name],
    );
    return applied.length > 0;
  }

  /**
   * Another service's event, applied by this service's own `@OnEvent` handler (inbox and effect
   * in one transaction, exactly as in production). Throws when the service does not consume it.
   */
  async publish<T extends EventType>(
    type: T,
    tenantId: number,
    data: EventDataMap[T],
    actorId: number | null = null,
  ): Promise<EventOf<T>> {
    const envelope = createEnvelope({ type, tenantId, actorId, data });
    if (!(await this.deliver(envelope)))
      throw new Error(
        `${this.definition.name} has no @OnEvent('${type}') handler: the event was not applied`,
      );
    return envelope;
  }

  /** The data of an event with the defaults of `EVENT_FACTORIES`, overridden, published. */
  async project<T extends EventType>(
    type: T,
    tenantId: number,
    overrides: Partial<EventDataMap[T]> = {},
  ): Promise<EventDataMap[T]> {
    const data = { ...EVENT_FACTORIES[type](this.nextId()), ...overrides };
    await this.publish(type, tenantId, data);
    return data;
  }

  /**
   * Factories of what the service learns by event, one per event of the catalogue, each written
   * through the service's projection handler: `given.user(1, 'lecturer')`, `given.campus({ id: 1 })`.
   */
  readonly given = {
    /** A user of the campus (`identity.user.upserted`). */
    user: async (
      tenantId: number,
      role: PlatformRole,
      overrides: Partial<EventDataMap['identity.user.upserted']> = {},
    ): Promise<ProjectedUser> => ({
      ...(await this.project('identity.user.upserted', tenantId, { role, ...overrides })),
      tenantId,
    }),
    /** A campus (`identity.tenant.upserted`; its id is the envelope's campus). */
    campus: async (overrides: Partial<EventDataMap['identity.tenant.upserted']> = {}) => {
      const data = { ...EVENT_FACTORIES['identity.tenant.upserted'](this.nextId()), ...overrides };
      await this.publish('identity.tenant.upserted', data.id, data);
      return data;
    },
    /** A course's staff snapshot (`course.staff.changed`). */
    staff: (tenantId: number, overrides: Partial<EventDataMap['course.staff.changed']> = {}) =>
      this.project('course.staff.changed', tenantId, overrides),
    /** A student put in or taken out of a class (`course.enrolment.changed`). */
    enrolment: (tenantId: number, overrides: Partial<EventDataMap['course.enrolment.changed']> = {}) =>
      this.project('course.enrolment.changed', tenantId, overrides),
    /** A change of a course's modules, activities or contents (`course.structure.changed`). */
    structure: (tenantId: number, overrides: Partial<EventDataMap['course.structure.changed']> = {}) =>
      this.project('course.structure.changed', tenantId, overrides),
  };
}
