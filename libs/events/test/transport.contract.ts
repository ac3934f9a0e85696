import { randomUUID } from 'node:crypto';
import { createEnvelope, type DeadLetter, type EventEnvelope, type EventTransport } from '@lms/events';
import { expectEventually } from '@lms/testing';

/**
 * The contract every event transport passes (in-process and Kafka alike). `make` returns a
 * fresh transport whose handlers are retried `maxAttempts` (3) times before the dead letters.
 */
export function describeTransportContract(name: string, make: () => Promise<EventTransport>) {
  describe(`${name} transport contract`, () => {
    const transports: EventTransport[] = [];
    const transport = async () => {
      const created = await make();
      transports.push(created);
      return created;
    };
    const topic = () => `contract.t${randomUUID().slice(0, 8)}`;
    // Groups of their own per test: one Kafka group subscribed to different topics by different
    // members keeps rebalancing.
    const group = (name: string, of: string) => `${name}-${of}`;
    const event = (n: number) => createEnvelope({ type: 'contract.item.added', tenantId: 1, data: { n } });
    const numbers = (received: EventEnvelope[]) => received.map((e) => (e.data as { n: number }).n);

    afterAll(async () => {
      await Promise.all(transports.map((t) => t.close()));
    });

    it('delivers every event once to each consumer group', async () => {
      const t = await transport();
      const name = topic();
      const course: EventEnvelope[] = [];
      const exam: EventEnvelope[] = [];
      await t.subscribe(group('course', name), [name], async (e) => void course.push(e));
      await t.subscribe(group('exam', name), [name], async (e) => void exam.push(e));
      for (let n = 0; n < 5; n++) await t.publish(name, `k${n}`, event(n));
      await expectEventually(() => {
        expect(numbers(course).sort()).toEqual([0, 1, 2, 3, 4]);
        expect(numbers(exam).sort()).toEqual([0, 1, 2, 3, 4]);
      }, 30_000);
    });

    it('shares a group between its members, each event reaching one of them', async () => {
      const t = await transport();
      const name = topic();
      const a: EventEnvelope[] = [];
      const b: EventEnvelope[] = [];
      await t.subscribe(group('course', name), [name], async (e) => void a.push(e));
      await t.subscribe(group('course', name), [name], async (e) => void b.push(e));
      for (let n = 0; n < 12; n++) await t.publish(name, `key-${n}`, event(n));
      await expectEventually(
        () => expect(numbers([...a, ...b]).sort((x, y) => x - y)).toEqual([...Array(12).keys()]),
        30_000,
      );
    });

    it('keeps the order of one key', async () => {
      const t = await transport();
      const name = topic();
      const received: EventEnvelope[] = [];
      await t.subscribe(group('course', name), [name], async (e) => void received.push(e));
      for (let n = 0; n < 10; n++) await t.publish(name, 'same-aggregate', event(n));
      await expectEventually(() => expect(numbers(received)).toEqual([...Array(10).keys()]), 30_000);
    });

    it('retries a failing handler, then sends the event to <topic>.dlq with the error', async () => {
      const t = await transport();
      const name = topic();
      let attempts = 0;
      const dead: EventEnvelope[] = [];
      await t.subscribe(group('ops', name), [`${name}.dlq`], async (e) => void dead.push(e));
      await t.subscribe(group('course', name), [name], async () => {
        attempts += 1;
        throw new Error('projection is broken');
      });
      const poison = event(1);
      await t.publish(name, 'k', poison);
      await expectEventually(() => expect(dead).toHaveLength(1), 30_000);
      const letter = dead[0].data as DeadLetter;
      expect(letter).toMatchObject({
        group: group('course', name),
        topic: name,
        error: 'projection is broken',
        attempts: 3,
      });
      expect(letter.envelope.id).toBe(poison.id);
      expect(attempts).toBe(3);
    });
  });
}
