import { RevokedSessions } from '@lms/auth';
import type { JsonResource } from '@lms/testing';
import { IdentityHarness, TEST_PASSWORD } from './support/harness';

const status = (active: unknown) => ({ data: { type: 'managed-users', attributes: { active } } });

describe('/api/admin/campuses/:id/users (deactivation)', () => {
  const h = new IdentityHarness();
  const revoked = RevokedSessions.open();
  beforeAll(() => h.start());
  afterAll(async () => {
    await revoked.close();
    await h.stop();
  });

  /** Sign-in and refresh as the gateway asks identity for them. */
  const internal = (path: string, body: Record<string, unknown>) =>
    h.api.post(`/internal/auth/${path}`, body, { 'x-internal-token': h.internalToken });
  const signIn = (host: string, username: string) =>
    internal('login', { host, username, password: TEST_PASSWORD });

  it('ends every session of a deactivated user, refuses their sign-in and tells the other services; reactivation lets them in again', async () => {
    const campus = await h.campus();
    const lptk = await h.user(campus.id, 'lptk');
    const student = await h.user(campus.id, 'student');
    const sessions = [
      await signIn(campus.domain, student.username),
      await signIn(campus.domain, student.username),
    ];
    for (const session of sessions) expect(session.status).toBe(200);
    const [first, second] = sessions.map(
      (session) => session.body as unknown as { refreshToken: string; claims: { sessionId: string } },
    );
    const admin = await h.as(lptk);

    const off = await admin.patch(`/api/admin/campuses/${campus.id}/users/${student.id}`, status(false));
    expect(off.status).toBe(200);
    expect((off.body.data as JsonResource).attributes).toMatchObject({
      username: student.username,
      active: false,
    });

    expect((await internal('refresh', { refresh_token: first.refreshToken })).status).toBe(401);
    expect((await internal('refresh', { refresh_token: second.refreshToken })).status).toBe(401);
    expect(await revoked.isRevoked(first.claims.sessionId)).toBe(true);
    expect(await revoked.isRevoked(second.claims.sessionId)).toBe(true);
    const refused = await signIn(campus.domain, student.username);
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0].detail).toContain('disabled');
    const events = (await h.events('identity.user.upserted')).filter((event) => event.data.id === student.id);
    expect(events.at(-1)).toMatchObject({ actorId: lptk.id, data: { active: false } });

    const listed = await admin.get(`/api/admin/campuses/${campus.id}/users?filter[active]=false`);
    expect((listed.body.data as JsonResource[]).map((user) => user.id)).toEqual([String(student.id)]);

    const on = await admin.patch(`/api/admin/campuses/${campus.id}/users/${student.id}`, status(true));
    expect((on.body.data as JsonResource).attributes.active).toBe(true);
    expect((await signIn(campus.domain, student.username)).status).toBe(200);
    const after = (await h.events('identity.user.upserted')).filter((event) => event.data.id === student.id);
    expect(after.at(-1)).toMatchObject({ data: { active: true } });
  });

  it("keeps to the operator's campus and refuses what is not a status", async () => {
    const campus = await h.campus();
    const other = await h.campus();
    const lptk = await h.user(campus.id, 'lptk');
    const stranger = await h.user(other.id, 'student');
    const student = await h.user(campus.id, 'student');
    const admin = await h.as(lptk);
    // another campus's user, by this campus or by theirs: not found
    expect(
      (await admin.patch(`/api/admin/campuses/${campus.id}/users/${stranger.id}`, status(false))).status,
    ).toBe(404);
    expect(
      (await admin.patch(`/api/admin/campuses/${other.id}/users/${stranger.id}`, status(false))).status,
    ).toBe(404);
    expect((await admin.get(`/api/admin/campuses/${other.id}/users`)).status).toBe(404);
    const self = await admin.patch(`/api/admin/campuses/${campus.id}/users/${lptk.id}`, status(false));
    expect(self.status).toBe(422);
    const bad = await admin.patch(`/api/admin/campuses/${campus.id}/users/${student.id}`, status('later'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/active' });
    const asStudent = await h.as(student);
    expect(
      (await asStudent.patch(`/api/admin/campuses/${campus.id}/users/${student.id}`, status(true))).status,
    ).toBe(403);
  });
});
