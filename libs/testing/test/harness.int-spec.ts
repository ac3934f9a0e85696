import { Controller, Module } from '@nestjs/common';
import {
  EVENT_SCHEMAS,
  type EventEnvelope,
  type EventType,
  EventsTables1763800000000,
  OutboxOrder1795533482436,
  InboxEvent,
  OnEvent,
  OutboxEvent,
} from '@lms/events';
import { defineService, serviceModule } from '@lms/platform';
import { ServiceHarness } from '../src';

/** What the probe's handlers applied, in order. */
const applied: EventEnvelope[] = [];

/** A consumer of every event of the catalogue; a structure change of item 13 always fails. */
@Controller()
class EveryEvent {}
for (const type of Object.keys(EVENT_SCHEMAS) as EventType[]) {
  const descriptor = {
    value: (event: EventEnvelope) => {
      if (event.type === 'course.structure.changed' && (event.data as { ids: number[] }).ids.includes(13))
        throw new Error('item 13 is cursed');
      applied.push(event);
    },
  };
  Object.defineProperty(EveryEvent.prototype, type, descriptor);
  OnEvent(type)(EveryEvent.prototype, type, descriptor);
}

@Module({})
class ProbeModule {}

/** A service of the test's own: the events tables, and the handlers above unless PROBE_DEAF=1. */
const probe = defineService({
  name: 'harness-probe',
  defaultPort: 0,
  config: (env = {}) => ({
    port: Number(env.PORT),
    databaseUrl: env.DATABASE_URL!,
    jwtPublicKey: env.JWT_PUBLIC_KEY!,
    deaf: env.PROBE_DEAF === '1',
  }),
  module: (config, transport) =>
    serviceModule(ProbeModule, {
      service: 'harness-probe',
      config,
      transport,
      entities: [OutboxEvent, InboxEvent],
      migrations: [EventsTables1763800000000, OutboxOrder1795533482436],
      controllers: config.deaf ? [] : [EveryEvent],
    }),
  entities: [OutboxEvent, InboxEvent],
  migrations: [EventsTables1763800000000, OutboxOrder1795533482436],
});

describe('ServiceHarness', () => {
  describe('on a service consuming every event', () => {
    const h = new ServiceHarness(probe);
    beforeAll(() => h.start());
    afterAll(() => h.stop());

    it('has a factory per event of the catalogue, applied through the service’s own handler', async () => {
      applied.length = 0;
      for (const type of Object.keys(EVENT_SCHEMAS) as EventType[]) await h.project(type, 4);
      expect(applied.map((event) => event.type)).toEqual(Object.keys(EVENT_SCHEMAS));
      const inbox: unknown[] = await h.ds.query(`SELECT 1 FROM inbox WHERE consumer = 'harness-probe'`);
      expect(inbox).toHaveLength(Object.keys(EVENT_SCHEMAS).length);
    });

    it('makes users, campuses, staff, enrolments and structure changes with overrides', async () => {
      applied.length = 0;
      const user = await h.given.user(4, 'lecturer', { name: 'Dr. Probe' });
      const campus = await h.given.campus({ domain: 'probe.example' });
      await h.given.structure(4, { courseId: 7, ids: [1, 2] });
      await h.given.staff(4, { courseId: 7, lecturerId: user.id });
      await h.given.enrolment(4, { courseId: 7, userId: 99, enrolled: false, reason: 'left' });
      expect(user).toMatchObject({ tenantId: 4, role: 'lecturer', name: 'Dr. Probe', active: true });
      expect(applied.map(({ tenantId, data }) => ({ tenantId, data }))).toEqual([
        { tenantId: 4, data: expect.objectContaining({ id: user.id, name: 'Dr. Probe' }) },
        { tenantId: campus.id, data: expect.objectContaining({ id: campus.id, domain: 'probe.example' }) },
        { tenantId: 4, data: expect.objectContaining({ courseId: 7, ids: [1, 2] }) },
        { tenantId: 4, data: expect.objectContaining({ courseId: 7, lecturerId: user.id }) },
        { tenantId: 4, data: expect.objectContaining({ userId: 99, enrolled: false, reason: 'left' }) },
      ]);
    });

    it('applies a redelivered event once', async () => {
      const event = await h.publish('course.staff.changed', 4, {
        courseId: 8,
        lecturerId: null,
        assistants: [],
      });
      const before = applied.length;
      expect(await h.deliver(event)).toBe(true);
      expect(applied).toHaveLength(before);
    });

    it('throws the handler’s error when it keeps failing', async () => {
      await expect(h.given.structure(4, { ids: [13] })).rejects.toThrow(
        'harness-probe failed to apply course.structure.changed: item 13 is cursed',
      );
    }, 20_000);
  });

  it('refuses an event the service does not consume', async () => {
    const h = await new ServiceHarness(probe, { PROBE_DEAF: '1' }).start();
    try {
      await expect(h.given.user(1, 'student')).rejects.toThrow(
        "harness-probe has no @OnEvent('identity.user.upserted') handler: the event was not applied",
      );
    } finally {
      await h.stop();
    }
  });
});
