import { EVERY_CAMPUS } from '@lms/events';
import { IdentityHarness } from './support/harness';

/** Campuses and users republished on a consumer's request (`platform.snapshot.requested`). */
describe('identity snapshots', () => {
  const h = new IdentityHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const counted = async () => ({
    tenants: (await h.events('identity.tenant.upserted')).length,
    users: (await h.events('identity.user.upserted')).length,
  });

  it('republishes the campus asked about and its users, or every campus', async () => {
    const a = await h.campus();
    const b = await h.campus();
    const ofA = [await h.user(a.id, 'lecturer'), await h.user(a.id, 'student')];
    await h.user(b.id, 'student');

    let before = await counted();
    await h.publish('platform.snapshot.requested', a.id, {
      requestedBy: 'exam',
      topics: ['identity.tenant', 'identity.user'],
    });
    const tenants = (await h.events('identity.tenant.upserted')).slice(before.tenants);
    const users = (await h.events('identity.user.upserted')).slice(before.users);
    expect(tenants.map((event) => event.data.id)).toEqual([a.id]);
    expect(users.map((event) => [event.tenantId, event.data.id])).toEqual(ofA.map((user) => [a.id, user.id]));

    before = await counted();
    await h.publish('platform.snapshot.requested', EVERY_CAMPUS, {
      requestedBy: 'exam',
      topics: ['identity.tenant'],
    });
    const everywhere = (await h.events('identity.tenant.upserted')).slice(before.tenants);
    expect(everywhere.map((event) => event.data.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(everywhere.find((event) => event.data.id === b.id)?.tenantId).toBe(b.id);
    expect((await counted()).users).toBe(before.users);
  });

  it("answers only for identity's topics", async () => {
    const before = await counted();
    await h.publish('platform.snapshot.requested', EVERY_CAMPUS, {
      requestedBy: 'exam',
      topics: ['course.staff'],
    });
    expect(await counted()).toEqual(before);
  });
});
