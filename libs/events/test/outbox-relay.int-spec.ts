import type { DataSource } from 'typeorm';
import { EVENT_FACTORIES, openEventsDatabase } from '@lms/testing';
import {
  type EventEnvelope,
  EventsServer,
  type IdentityUserUpserted,
  InProcessTransport,
  OutboxRelay,
  outboxRetentionHours,
  recordEvent,
} from '@lms/events';

/** The data of an `identity.user.upserted` for user `id`. */
const user = EVENT_FACTORIES['identity.user.upserted'];

describe('outbox, relay and inbox (real PostgreSQL, in-process transport)', () => {
  let close: () => Promise<void>;
  let ds: DataSource;

  beforeAll(async () => {
    ({ ds, close } = await openEventsDatabase('events-test'));
    await ds.query('CREATE TABLE widgets (id int PRIMARY KEY)');
    await ds.query('CREATE TABLE effects (n bigserial, consumer text NOT NULL, user_id int NOT NULL)');
  });

  afterAll(async () => {
    await close();
  });

  beforeEach(async () => {
    await ds.query('TRUNCATE outbox, inbox, widgets, effects');
  });

  function consumer(transport: InProcessTransport, group: string, fail = false): EventsServer {
    const server = new EventsServer(transport, ds, group);
    server.addHandler(
      'identity.user.upserted',
      async (envelope: EventEnvelope<IdentityUserUpserted>, ctx: { manager: DataSource['manager'] }) => {
        if (fail) throw new Error('projection is broken');
        await ctx.manager.query('INSERT INTO effects (consumer, user_id) VALUES ($1, $2)', [
          group,
          envelope.data.id,
        ]);
      },
      true,
    );
    return server;
  }

  async function listen(server: EventsServer) {
    await new Promise<void>((resolve, reject) => server.listen(() => resolve()).catch(reject));
  }

  async function effects(): Promise<Array<{ consumer: string; user_id: number }>> {
    return ds.query('SELECT consumer, user_id FROM effects ORDER BY consumer, user_id');
  }

  /** The users whose events the group applied, in the order it applied them. */
  async function appliedOrder(group: string): Promise<number[]> {
    const rows: Array<{ user_id: number }> = await ds.query(
      'SELECT user_id FROM effects WHERE consumer = $1 ORDER BY n',
      [group],
    );
    return rows.map((row) => row.user_id);
  }

  /** 40 user ids in an order that is neither ascending nor descending. */
  const shuffled = Array.from({ length: 40 }, (_, i) => 100 + ((i * 17) % 40));

  const recordUsers = (manager: DataSource['manager'], ids: number[], key?: number) =>
    ids.reduce<Promise<unknown>>(
      (previous, id) =>
        previous.then(() =>
          recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: key ?? id, data: user(id) }),
        ),
      Promise.resolve(),
    );

  it('publishes the events of one transaction in the order it recorded them', async () => {
    const transport = new InProcessTransport();
    await listen(consumer(transport, 'course'));
    transport.open();
    await ds.transaction((manager) => recordUsers(manager, shuffled));

    expect(await new OutboxRelay(ds, transport, { service: 'a' }).drain()).toBe(40);

    expect(await appliedOrder('course')).toEqual(shuffled);
  });

  it('keeps that order with two relays (two replicas) draining at once', async () => {
    const transport = new InProcessTransport();
    await listen(consumer(transport, 'course'));
    transport.open();
    await ds.transaction((manager) => recordUsers(manager, shuffled));

    const relayA = new OutboxRelay(ds, transport, { service: 'a', batchSize: 5 });
    const relayB = new OutboxRelay(ds, transport, { service: 'a', batchSize: 5 });
    const published = await Promise.all([relayA.drain(), relayB.drain()]);
    await relayA.drain();

    expect(published[0] + published[1]).toBeGreaterThan(0);
    expect(await appliedOrder('course')).toEqual(shuffled);
  });

  it("keeps one key's order across transactions, even when the later change's transaction started first", async () => {
    const transport = new InProcessTransport();
    await listen(consumer(transport, 'course'));
    transport.open();
    await ds.query('INSERT INTO widgets (id) VALUES (1)');

    let firstCommitted!: () => void;
    const committed = new Promise<void>((resolve) => (firstCommitted = resolve));
    // The second change's transaction starts first, then waits for the first change to commit.
    const second = ds.transaction(async (manager) => {
      await manager.query('SELECT now()');
      await committed;
      await manager.query('UPDATE widgets SET id = id WHERE id = 1');
      await recordUsers(manager, [202, 203], 5);
    });
    await ds.transaction(async (manager) => {
      await manager.query('UPDATE widgets SET id = id WHERE id = 1');
      await recordUsers(manager, [200, 201], 5);
    });
    firstCommitted();
    await second;

    await new OutboxRelay(ds, transport, { service: 'a' }).drain();

    expect(await appliedOrder('course')).toEqual([200, 201, 202, 203]);
  });

  it('publishes a transaction that commits after rows written later went out, on the next pass', async () => {
    const transport = new InProcessTransport();
    await listen(consumer(transport, 'course'));
    transport.open();
    const relay = new OutboxRelay(ds, transport, { service: 'a' });

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let recorded!: () => void;
    const early = new Promise<void>((resolve) => (recorded = resolve));
    const late = ds.transaction(async (manager) => {
      await recordUsers(manager, [300]);
      recorded();
      await released;
    });
    await early;
    await ds.transaction((manager) => recordUsers(manager, [301]));

    expect(await relay.drain()).toBe(1);
    release();
    await late;
    expect(await relay.drain()).toBe(1);

    expect(await appliedOrder('course')).toEqual([301, 300]);
    expect(await ds.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).toEqual([
      { n: 0 },
    ]);
  });

  it('deletes the published rows past their retention and keeps the rest, unpublished ones of any age included', async () => {
    const transport = new InProcessTransport();
    transport.open();
    const relay = new OutboxRelay(ds, transport, { service: 'a', retentionHours: 168 });
    await ds.transaction((manager) => recordUsers(manager, [400, 401, 402]));
    await relay.drain();
    await ds.transaction((manager) => recordUsers(manager, [403]));
    const age = (hours: number, id: number) =>
      ds.query(
        `UPDATE outbox SET created_at = now() - make_interval(hours => $1),
                published_at = CASE WHEN published_at IS NULL THEN NULL ELSE now() - make_interval(hours => $1) END
          WHERE (envelope->'data'->>'id')::int = $2`,
        [hours, id],
      );
    await age(169, 400);
    await age(400, 401);
    await age(167, 402);
    await age(500, 403);

    expect(await relay.prune()).toBe(2);

    const left: Array<{ id: number }> = await ds.query(
      `SELECT (envelope->'data'->>'id')::int AS id FROM outbox ORDER BY seq`,
    );
    expect(left.map((row) => row.id)).toEqual([402, 403]);
  });

  it('refuses an OUTBOX_RETENTION_HOURS that is not a whole number of hours', () => {
    expect(outboxRetentionHours(undefined)).toBe(168);
    expect(outboxRetentionHours('24')).toBe(24);
    expect(() => outboxRetentionHours('0')).toThrow('OUTBOX_RETENTION_HOURS');
    expect(() => outboxRetentionHours('a week')).toThrow('OUTBOX_RETENTION_HOURS');
  });

  it('delivers an event committed with its state change once to each consumer group, even with two relays', async () => {
    const transport = new InProcessTransport();
    await listen(consumer(transport, 'course'));
    await listen(consumer(transport, 'exam'));
    transport.open();

    await ds.transaction(async (manager) => {
      await manager.query('INSERT INTO widgets (id) VALUES (1)');
      await recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: 7, data: user(7) });
    });

    const relayA = new OutboxRelay(ds, transport, { service: 'a' });
    const relayB = new OutboxRelay(ds, transport, { service: 'b' });
    const published = await Promise.all([relayA.drain(), relayB.drain(), relayA.drain()]);

    expect(published.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await effects()).toEqual([
      { consumer: 'course', user_id: 7 },
      { consumer: 'exam', user_id: 7 },
    ]);
    const [row] = await ds.query('SELECT published_at FROM outbox');
    expect(row.published_at).not.toBeNull();
  });

  it('applies a redelivered event only once (publish succeeded, marking it published did not)', async () => {
    const transport = new InProcessTransport();
    await listen(consumer(transport, 'course'));
    transport.open();
    await ds.transaction((manager) =>
      recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: 8, data: user(8) }),
    );
    const [row] = await ds.query('SELECT topic, partition_key, envelope FROM outbox');
    await transport.publish(row.topic, row.partition_key, row.envelope);
    await new OutboxRelay(ds, transport, { service: 'a' }).drain();

    expect(await effects()).toEqual([{ consumer: 'course', user_id: 8 }]);
  });

  it('emits nothing when the transaction rolls back', async () => {
    const transport = new InProcessTransport();
    await listen(consumer(transport, 'course'));
    transport.open();

    await expect(
      ds.transaction(async (manager) => {
        await recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: 9, data: user(9) });
        await manager.query('INSERT INTO widgets (id) VALUES (1), (1)');
      }),
    ).rejects.toThrow();

    expect(await new OutboxRelay(ds, transport, { service: 'a' }).drain()).toBe(0);
    expect(await ds.query('SELECT * FROM outbox')).toEqual([]);
    expect(await effects()).toEqual([]);
  });

  it('moves an event that keeps failing to the dead letters after bounded retries, and rolls back its inbox row', async () => {
    const transport = new InProcessTransport({ maxAttempts: 3, retryDelayMs: 1 });
    await listen(consumer(transport, 'course', true));
    await listen(consumer(transport, 'exam'));
    transport.open();
    await ds.transaction((manager) =>
      recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: 10, data: user(10) }),
    );

    await new OutboxRelay(ds, transport, { service: 'a' }).drain();

    expect(transport.deadLetters).toHaveLength(1);
    expect(transport.deadLetters[0]).toMatchObject({ group: 'course', topic: 'identity.user', attempts: 3 });
    expect(transport.deadLetters[0].error).toContain('projection is broken');
    expect(await effects()).toEqual([{ consumer: 'exam', user_id: 10 }]);
    expect(await ds.query(`SELECT consumer FROM inbox`)).toEqual([{ consumer: 'exam' }]);
  });

  it('refuses to start with a handler for an unknown event or two handlers for one event', async () => {
    const transport = new InProcessTransport();
    const unknown = new EventsServer(transport, ds, 'course');
    unknown.addHandler('identity.user.renamed', async () => undefined, true);
    await expect(unknown.listen(() => undefined)).rejects.toThrow('unknown event "identity.user.renamed"');

    const twice = new EventsServer(transport, ds, 'course');
    twice.addHandler('identity.user.upserted', async () => undefined, true);
    twice.addHandler('identity.user.upserted', async () => undefined, true);
    await expect(twice.listen(() => undefined)).rejects.toThrow('two handlers');
  });

  it('rejects event data that breaks its contract before it reaches the outbox', async () => {
    await expect(
      ds.transaction((manager) =>
        recordEvent(manager, 'identity.user.upserted', {
          tenantId: 1,
          key: 1,
          data: { ...user(1), role: 'wizard' } as unknown as IdentityUserUpserted,
        }),
      ),
    ).rejects.toThrow('field "role" is invalid');
  });
});
