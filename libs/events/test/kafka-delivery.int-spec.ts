import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import {
  type EventEnvelope,
  EventsServer,
  type IdentityUserUpserted,
  KafkaTransport,
  OutboxRelay,
  recordEvent,
} from '@lms/events';
import {
  crashStackServer,
  EVENT_FACTORIES,
  expectEventually,
  openEventsDatabase,
  stackServer,
} from '@lms/testing';

/**
 * Delivery through the whole path on real servers: PostgreSQL outbox → relay → Kafka → consumer
 * group → inbox + effect in one transaction. A Kafka of its own (other ports, other data
 * directory), since this file kills it.
 */
const broker = {
  stackDir: join(__dirname, '../../../.data/stack-delivery-test'),
  env: { LMS_KAFKA_PORT: '19092', LMS_KAFKA_CONTROLLER_PORT: '19093' },
};

/** The data of an `identity.user.upserted` for user `id`. */
const user = EVENT_FACTORIES['identity.user.upserted'];

describe('event delivery over Kafka (real broker, real PostgreSQL)', () => {
  let close: () => Promise<void>;
  let ds: DataSource;
  let brokers: string[];
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    brokers = stackServer('kafka', broker).KAFKA_BROKERS.split(',');
    ({ ds, close } = await openEventsDatabase('delivery-test'));
    await ds.query(
      'CREATE TABLE effects (n bigserial, grp text NOT NULL, instance text NOT NULL, user_id int NOT NULL)',
    );
  }, 600_000);

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  afterAll(async () => {
    await close();
  });

  const transport = (name: string) => {
    const created = new KafkaTransport({ brokers, clientId: name, partitions: 6, retryDelayMs: 50 });
    closers.push(() => created.close());
    return created;
  };

  /** One instance of a consumer service: its own Kafka client, the group shared by instances. */
  async function startConsumer(group: string, instance: string) {
    const server = new EventsServer(transport(instance), ds, group);
    server.addHandler(
      'identity.user.upserted',
      async (envelope: EventEnvelope<IdentityUserUpserted>, ctx: { manager: DataSource['manager'] }) => {
        await ctx.manager.query('INSERT INTO effects (grp, instance, user_id) VALUES ($1, $2, $3)', [
          group,
          instance,
          envelope.data.id,
        ]);
      },
      true,
    );
    await new Promise<void>((resolve, reject) => server.listen(() => resolve()).catch(reject));
    const close = () => server.close();
    closers.push(close);
    return close;
  }

  function startRelay() {
    const relay = new OutboxRelay(ds, transport('relay'), { service: 'producer', intervalMs: 100 });
    relay.start();
    closers.push(() => relay.stop());
    return relay;
  }

  const record = (ids: number[]) =>
    ds.transaction(async (manager) => {
      for (const id of ids)
        await recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: id, data: user(id) });
    });

  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  /** Effects of one consumer group on the users in [from, from+count). */
  async function effectsOf(group: string, from: number, count: number) {
    const rows: Array<{ instance: string; user_id: number }> = await ds.query(
      'SELECT instance, user_id FROM effects WHERE grp = $1 AND user_id >= $2 AND user_id < $3',
      [group, from, from + count],
    );
    return rows;
  }

  /** Each event of the range must have taken effect exactly once in the group. */
  async function expectEachOnce(group: string, from: number, count: number, timeoutMs = 120_000) {
    await expectEventually(async () => {
      const ids = (await effectsOf(group, from, count)).map((row) => row.user_id).sort((a, b) => a - b);
      expect(ids).toEqual(range(from, count));
    }, timeoutMs);
  }

  it('processes an event published while its consumer service was down once it comes back', async () => {
    const stop = await startConsumer('course-down', 'course-1');
    await stop();
    startRelay();
    await record(range(1000, 20));
    await expectEventually(async () => {
      expect(await ds.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).toEqual([
        { n: 0 },
      ]);
    }, 60_000);
    expect(await effectsOf('course-down', 1000, 20)).toEqual([]);

    await startConsumer('course-down', 'course-1-again');
    await expectEachOnce('course-down', 1000, 20);
  }, 180_000);

  it('loses no event and applies none twice when the broker is killed -9 mid-stream', async () => {
    await startConsumer('course-crash', 'course-1');
    startRelay();
    for (let batch = 0; batch < 10; batch++) {
      await record(range(2000 + batch * 20, 20));
      if (batch === 4) {
        await crashStackServer('kafka', broker);
      }
      if (batch === 6) stackServer('kafka', broker);
    }
    await expectEachOnce('course-crash', 2000, 200, 240_000);
  }, 300_000);

  it("keeps the order of a transaction's events and of one key across transactions", async () => {
    await startConsumer('course-order', 'course-1');
    startRelay();
    // One aggregate (one key, so one partition): 30 changes in one transaction, in an order
    // neither ascending nor descending, then two transactions of which the later started first.
    const inOneTransaction = Array.from({ length: 30 }, (_, i) => 4000 + ((i * 7) % 30));
    const recordOn = (manager: DataSource['manager'], ids: number[]) =>
      ids.reduce<Promise<unknown>>(
        (previous, id) =>
          previous.then(() =>
            recordEvent(manager, 'identity.user.upserted', { tenantId: 1, key: 'aggregate', data: user(id) }),
          ),
        Promise.resolve(),
      );
    let firstCommitted!: () => void;
    const committed = new Promise<void>((resolve) => (firstCommitted = resolve));
    const later = ds.transaction(async (manager) => {
      await manager.query('SELECT now()');
      await committed;
      await recordOn(manager, [4032, 4033]);
    });
    await ds.transaction((manager) => recordOn(manager, inOneTransaction));
    await ds.transaction((manager) => recordOn(manager, [4030, 4031]));
    firstCommitted();
    await later;

    const expected = [...inOneTransaction, 4030, 4031, 4032, 4033];
    await expectEventually(async () => {
      const rows: Array<{ user_id: number }> = await ds.query(
        `SELECT user_id FROM effects WHERE grp = 'course-order' AND user_id >= 4000 ORDER BY n`,
      );
      expect(rows.map((row) => row.user_id)).toEqual(expected);
    }, 60_000);
  }, 120_000);

  it('shares the partitions between two instances of one service, each event taking effect once', async () => {
    await startConsumer('course-pair', 'course-a');
    await startConsumer('course-pair', 'course-b');
    startRelay();
    // Publish until both instances have worked (the group settles its assignment meanwhile).
    let next = 3000;
    await expectEventually(async () => {
      await record(range(next, 12));
      next += 12;
      const instances = new Set(
        (await effectsOf('course-pair', 3000, next - 3000)).map((row) => row.instance),
      );
      expect([...instances].sort()).toEqual(['course-a', 'course-b']);
    }, 120_000);
    await expectEachOnce('course-pair', 3000, next - 3000);
  }, 180_000);
});
